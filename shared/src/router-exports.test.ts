/**
 * @jest-environment node
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import * as routerExports from './router-exports';

const ROOT = path.resolve(__dirname, '../..');
const BROWSER_SOURCES = [
  'shell/src',
  'mfe-auth/src',
  'mfe-notes/src',
  'mfe-syllabus/src',
  'mfe-admin/src',
  'shared/src',
];
/** Test code runs against the real router in jest, never against the shared subset. */
const isTestCode = (file: string) =>
  /\.test\.tsx?$/.test(file) || file.includes(`${path.sep}testing${path.sep}`);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory())
      return entry.name === 'build' || entry.name === 'deploy' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !isTestCode(full) ? [full] : [];
  });
}

/** Every value imported from the router by code that ships to browsers, with the file that imports it. */
function routerImports(): { file: string; name: string }[] {
  return BROWSER_SOURCES.flatMap((dir) => sourceFiles(path.join(ROOT, dir))).flatMap((file) => {
    const source = readFileSync(file, 'utf8');
    return [...source.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s+from\s+'react-router-dom'/g)]
      .filter((match) => !match[1])
      .flatMap((match) => match[2]!.split(','))
      .map((specifier) => specifier.trim())
      .filter((specifier) => specifier !== '' && !specifier.startsWith('type '))
      .map((specifier) => ({ file: path.relative(ROOT, file), name: specifier.split(/\s+as\s+/)[0]! }));
  });
}

describe('the router subset shared at run time (decision 014)', () => {
  const imports = routerImports();

  it('finds the router imports of the shell and the areas', () => {
    expect(imports.map(({ name }) => name)).toEqual(expect.arrayContaining(['Routes', 'Route', 'Link']));
  });

  it('exports every router name the shell and the areas import', () => {
    const missing = imports.filter(({ name }) => !(name in routerExports));
    expect(missing).toEqual([]);
  });

  it('is reached only as react-router-dom, never through other spellings that would bypass it', () => {
    const bypasses = BROWSER_SOURCES.flatMap((dir) => sourceFiles(path.join(ROOT, dir)))
      .filter((file) => !file.endsWith('router-exports.ts'))
      .filter((file) =>
        /from\s+'react-router(\/[^']*)?'|from\s+'react-router-dom\/|import\s+\*\s+as\s+\w+\s+from\s+'react-router-dom'/.test(
          readFileSync(file, 'utf8'),
        ),
      );
    expect(bypasses).toEqual([]);
  });
});
