// Installs dependencies when they are missing or older than the manifests, so `npm start` and `npm test`
// work on a fresh clone. Plain JavaScript on purpose: it runs before TypeScript tooling is installed.
import { execSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const installed = path.join(root, 'node_modules', '.package-lock.json');
const { workspaces } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const manifests = ['package.json', 'package-lock.json', ...workspaces.map((dir) => `${dir}/package.json`)]
  .map((file) => path.join(root, file))
  .filter(existsSync);

const stamp = existsSync(installed) ? statSync(installed).mtimeMs : 0;
const stale = manifests.some((file) => statSync(file).mtimeMs > stamp);
if (stale) {
  console.log('Installing dependencies (npm install)…');
  execSync('npm install --no-audit --no-fund', { cwd: root, stdio: 'inherit' });
}
