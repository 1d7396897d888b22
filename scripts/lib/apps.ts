import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AppName } from '@studyhub/deploy-folder';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface App {
  /** Workspace folder. */
  dir: string;
  /** Deploy name: "shell" or the area name in remotes.json. */
  name: AppName;
}

/** Every deployable front-end app, shell first. */
export const APPS: readonly App[] = [
  { dir: 'shell', name: 'shell' },
  { dir: 'mfe-auth', name: 'auth' },
  { dir: 'mfe-notes', name: 'notes' },
  { dir: 'mfe-syllabus', name: 'syllabus' },
  { dir: 'mfe-admin', name: 'admin' },
];

export function appDir(app: App): string {
  return path.join(ROOT, app.dir);
}
