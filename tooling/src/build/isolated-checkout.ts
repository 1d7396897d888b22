/**
 * A throwaway checkout of part of the repository, for pipelines that must prove what an app needs (ci-area) or
 * build from edited sources without touching the repository (the browser suite's shared-export experiment).
 * Root files and the named folders are copied; installed packages are linked one by one, leaving out the
 * workspaces' own links (`@studyhub/*`), so `@studyhub/shared`, `@studyhub/contract`, `@studyhub/deploy-folder`
 * and `@studyhub/tooling` resolve to the checkout's copies and no other app
 * can be reached. Copies, not links, keep every source inside the checkout, so tools that apply the checkout's
 * tsconfig to files under it (tsx in the shell's prerender) see all of them.
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readlinkSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface CheckoutPlan {
  /** The repository to copy from. */
  root: string;
  /** Files of the repository's root to copy as they are. */
  rootFiles: readonly string[];
  /** Folders to copy, without what a build or an install makes. */
  folders: readonly string[];
  /** Start of the temp folder's name. */
  prefix: string;
}

/**
 * The packages every app builds against (decision 027), and the deploy folder the release engine reads: a
 * checkout copies them all.
 */
export const WORKSPACE_PACKAGES = ['contract', 'shared', 'deploy-folder', 'tooling'] as const;

const withoutBuildOutput = (source: string) => !/[/\\](node_modules|dist)$/.test(source);

export function isolatedCheckout({ root, rootFiles, folders, prefix }: CheckoutPlan): string {
  const checkout = mkdtempSync(path.join(tmpdir(), prefix));
  for (const file of rootFiles) cpSync(path.join(root, file), path.join(checkout, file));
  for (const folder of folders) {
    cpSync(path.join(root, folder), path.join(checkout, folder), {
      recursive: true,
      filter: withoutBuildOutput,
    });
  }
  const modules = path.join(checkout, 'node_modules');
  mkdirSync(path.join(modules, '@studyhub'), { recursive: true });
  for (const entry of readdirSync(path.join(root, 'node_modules'))) {
    if (entry === '@studyhub' || entry === '.bin') continue;
    symlinkSync(path.join(root, 'node_modules', entry), path.join(modules, entry));
  }
  // The commands keep their relative links, so `studyhub-webpack` runs the checkout's copy of tooling/.
  const commands = path.join(root, 'node_modules', '.bin');
  mkdirSync(path.join(modules, '.bin'));
  for (const command of readdirSync(commands)) {
    symlinkSync(readlinkSync(path.join(commands, command)), path.join(modules, '.bin', command));
  }
  for (const workspace of WORKSPACE_PACKAGES) {
    if (folders.includes(workspace))
      symlinkSync(`../../${workspace}`, path.join(modules, '@studyhub', workspace), 'dir');
  }
  return checkout;
}
