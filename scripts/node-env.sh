# Gives this shell the Node that npm start and npm test run on (decision 023), for running tools directly in a
# workspace (npx jest, npm test -w api, npx tsx …): `source scripts/node-env.sh` from bash or zsh. Installs the
# pinned runtime and the dependencies first when they are missing, like the root commands.
studyhub_env=$(node "$(dirname "${BASH_SOURCE[0]:-$0}")/ensure-deps.mjs" --env) && eval "$studyhub_env" &&
  echo "This shell now runs Node $(node --version) ($(command -v node))." >&2
unset studyhub_env
