// The bootstrap of the root commands: `node scripts/ensure-deps.mjs [command args…]` (decision 023).
//   1. The runtime. The project runs on the Node that package.json's `engines` names (24 LTS). A running Node
//      that satisfies it is used as it is. Any other (the system's Node 20, a Node 22 or 26) only starts this
//      script: it installs the pinned Node of scripts/runtime (version and integrity in its lock) from the npm
//      registry into .node-runtime/ once, and runs this script again on it.
//   2. The dependencies: npm install when they are missing or older than the manifests; npm rebuild when the
//      native modules were built for another Node ABI than the running one (node_modules/.studyhub-install.json).
//   3. The command, with that Node first in PATH, so npm, npx, tsx, jest, node-gyp and every child use it.
// Without a command it only does 1 and 2; `--env` also prints the PATH line scripts/node-env.sh evaluates.
// Plain JavaScript on purpose: it runs on whatever Node starts it, before anything is installed.
import { spawn, spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { constants } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const rootPackage = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const supported = rootPackage.engines.node;
const args = process.argv.slice(2);
const printEnv = args.length === 1 && args[0] === '--env';
// With --env, stdout is for the shell line only; what npm says goes to stderr.
const installOutput = printEnv ? ['inherit', 2, 2] : 'inherit';

function fail(message) {
  console.error(`\n${message}`);
  process.exit(1);
}

/** The one range form engines uses, `^MAJOR.MINOR.PATCH`: the same major, at least that release. */
function satisfiesEngines(version) {
  const wanted = /^\^(\d+)\.(\d+)\.(\d+)$/.exec(supported);
  if (!wanted) fail(`package.json's engines.node must read ^MAJOR.MINOR.PATCH, not "${supported}".`);
  const [major, minor, patch] = version.replace(/^v/, '').split('.').map(Number);
  const [wantedMajor, wantedMinor, wantedPatch] = wanted.slice(1).map(Number);
  if (major !== wantedMajor) return false;
  return minor > wantedMinor || (minor === wantedMinor && patch >= wantedPatch);
}

function run(command, commandArgs, options = {}) {
  const result = spawnSync(command, commandArgs, { cwd: root, stdio: installOutput, ...options });
  return result.status === 0;
}

const modifiedMs = (file) => (existsSync(file) ? statSync(file).mtimeMs : 0);

/** The pinned Node for this platform, installed once into .node-runtime/v<version>/; returns its node binary. */
function pinnedRuntime() {
  const manifestDir = path.join(root, 'scripts', 'runtime');
  const platformPackage = `node-${process.platform}-${process.arch}`;
  const version = JSON.parse(readFileSync(path.join(manifestDir, 'package.json'), 'utf8'))
    .optionalDependencies[platformPackage];
  if (!version) {
    fail(
      `StudyHub runs on Node ${supported}; this is Node ${process.version}, and the npm registry has no pinned ` +
        `Node for ${process.platform}-${process.arch}. Install Node ${supported} and put it first in PATH: ` +
        'it is used as it is.',
    );
  }
  const runtimeDir = path.join(root, '.node-runtime', `v${version}`);
  const node = path.join(runtimeDir, 'node_modules', platformPackage, 'bin', 'node');
  const lock = readFileSync(path.join(manifestDir, 'package-lock.json'), 'utf8');
  const installedLock = path.join(runtimeDir, 'package-lock.json');
  if (existsSync(node) && existsSync(installedLock) && readFileSync(installedLock, 'utf8') === lock)
    return node;

  console.error(
    `StudyHub runs on Node ${supported}; this is Node ${process.version}. Installing Node ${version} ` +
      `(${platformPackage} from the npm registry, checked against scripts/runtime/package-lock.json) into ` +
      `${path.relative(root, runtimeDir)}/, once…`,
  );
  // Installed beside the final folder and renamed into place, so an interrupted install leaves nothing half-made.
  const staging = `${runtimeDir}.partial-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  for (const file of ['package.json', 'package-lock.json']) {
    copyFileSync(path.join(manifestDir, file), path.join(staging, file));
  }
  const npmSucceeded = run('npm', [
    'ci',
    '--prefix',
    staging,
    '--prefer-offline',
    '--ignore-scripts',
    '--no-audit',
    '--no-fund',
  ]);
  if (!existsSync(path.join(staging, 'node_modules', platformPackage, 'bin', 'node'))) {
    rmSync(staging, { recursive: true, force: true });
    // npm skips an optional package it cannot fetch without a word, so a silent npm means no download.
    const why = npmSucceeded
      ? 'npm could not download it: is the npm registry reachable?'
      : "npm's reason is above";
    fail(
      `Could not install Node ${version} (${why}). StudyHub needs Node ${supported}: reach the npm registry ` +
        `once (the runtime is then kept in .node-runtime/), or install Node ${supported} yourself and put it ` +
        'first in PATH.',
    );
  }
  rmSync(runtimeDir, { recursive: true, force: true });
  renameSync(staging, runtimeDir);
  return node;
}

/** PATH with the folder of `node` first. */
function withNodeFirst(node, env) {
  const folder = path.dirname(node);
  const rest = env.PATH ?? '';
  return rest.split(path.delimiter)[0] === folder ? rest : `${folder}${path.delimiter}${rest}`;
}

/**
 * npm's environment for installs: node-gyp builds native modules against the running Node's own headers when it
 * ships them (the pinned runtime does), whatever nodedir the user's npm configuration names. Only here: npm
 * warns about the setting on every call.
 */
function installEnvironment(env) {
  const prefix = path.resolve(process.execPath, '..', '..');
  const headers = path.join(prefix, 'include', 'node', 'node_version.h');
  return existsSync(headers) ? { ...env, npm_config_nodedir: prefix } : env;
}

/**
 * Installs what the manifests ask for, and rebuilds native modules when they were built for another Node ABI
 * (none compiles against it today: a guard, decision 023). The stamp names the runtime of the last install or
 * rebuild this script made, and counts only while no other install has happened since (npm's own record is not
 * newer).
 */
function ensureDependencies(env) {
  const npmEnv = installEnvironment(env);
  const modules = path.join(root, 'node_modules');
  const npmRecord = path.join(modules, '.package-lock.json');
  const stamp = path.join(modules, '.studyhub-install.json');
  const runtime = {
    node: process.version,
    abi: process.versions.modules,
    platform: `${process.platform}-${process.arch}`,
  };
  const manifests = [
    'package.json',
    'package-lock.json',
    ...rootPackage.workspaces.map((dir) => `${dir}/package.json`),
  ]
    .map((file) => path.join(root, file))
    .filter(existsSync);

  const hadModules = existsSync(npmRecord);
  const installedAt = modifiedMs(npmRecord);
  const builtFor =
    existsSync(stamp) && modifiedMs(stamp) >= installedAt
      ? JSON.parse(readFileSync(stamp, 'utf8'))
      : undefined;
  let changed = false;
  if (manifests.some((file) => modifiedMs(file) > installedAt)) {
    console.error(`Installing dependencies (npm install, Node ${process.version})…`);
    if (!run('npm', ['install', '--no-audit', '--no-fund'], { env: npmEnv })) fail('npm install failed.');
    changed = true;
  }
  if (hadModules && (builtFor?.abi !== runtime.abi || builtFor?.platform !== runtime.platform)) {
    const was = builtFor ? `Node ${builtFor.node}` : 'an unknown Node';
    console.error(`Rebuilding native modules for Node ${process.version} (they were built for ${was})…`);
    if (!run('npm', ['rebuild', '--no-audit', '--no-fund'], { env: npmEnv })) fail('npm rebuild failed.');
    changed = true;
  }
  if (changed || !builtFor) writeFileSync(stamp, `${JSON.stringify(runtime, null, 2)}\n`);
}

/** Runs the command to its end and leaves with its exit code; signals sent to this process are passed on. */
function runCommand([command, ...commandArgs], env) {
  const child = spawn(command, commandArgs, { stdio: 'inherit', env });
  // A terminal's Ctrl-C reaches the whole foreground group, the command included: passing it on would make two.
  const passedOn = process.stdin.isTTY ? ['SIGTERM', 'SIGHUP'] : ['SIGINT', 'SIGTERM', 'SIGHUP'];
  for (const signal of passedOn) process.on(signal, () => child.kill(signal));
  if (process.stdin.isTTY) process.on('SIGINT', () => {});
  child.on('error', (error) => fail(`Could not run ${command}: ${error.message}`));
  child.on('exit', (code, signal) => process.exit(code ?? 128 + constants.signals[signal]));
}

/** The shell line for scripts/node-env.sh: the same PATH as the commands get. */
const shellLine = (env) => `export PATH='${env.PATH.replaceAll("'", `'\\''`)}'`;

if (!satisfiesEngines(process.version)) {
  const node = pinnedRuntime();
  runCommand([node, fileURLToPath(import.meta.url), ...args], {
    ...process.env,
    PATH: withNodeFirst(node, process.env),
  });
} else {
  const env = { ...process.env, PATH: withNodeFirst(process.execPath, process.env) };
  ensureDependencies(env);
  if (printEnv) console.log(shellLine(env));
  else if (args.length > 0) runCommand(args, env);
}
