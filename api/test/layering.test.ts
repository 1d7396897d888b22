/**
 * Each line in its room (architecture §6): route files keep HTTP and nothing else — no query (src/repositories
 * has them, one module per table or aggregate, or the service that owns a table), no database row built by
 * hand (a service builds it), no other route's helpers (src/presenters has what several routes show) — and stay
 * short enough to read at once. src/lib holds utilities that know nothing of the domain, and configuration and
 * the database layer import no service. Routes, presenters and plugins are handed the services they use, never
 * the app's whole context. The server runs without the build and release tooling and without any test support
 * (the deploy folder is @studyhub/deploy-folder's). A plain source scan: it fails on the file and line that
 * broke the rule.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';

const ROUTES_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/routes');
const MAX_ROUTE_FILE_LINES = 150;
/** Kysely's query starters, and the transaction and raw-SQL doors around the repositories. */
const QUERY_CALL =
  /\.\s*(selectFrom|insertInto|updateTable|deleteFrom|transaction|executeQuery)\s*\(|\bsql\s*`/;

const SRC_DIR = path.resolve(ROUTES_DIR, '..');
/** The server's other entry points: the commands and the demo data run their queries through the repositories too. */
const COMMAND_FILES = [
  ...readdirSync(path.join(SRC_DIR, 'cli')).map((name) => `cli/${name}`),
  'db/seed.ts',
].sort();

/** Lines of `file` (relative to `dir`) that match `pattern`, comments aside, as `file:line: text`. */
function linesMatching(dir: string, file: string, pattern: RegExp): string[] {
  return readFileSync(path.join(dir, file), 'utf8')
    .split('\n')
    .map((line, index) => ({ line: line.trim(), number: index + 1 }))
    .filter(({ line }) => !line.startsWith('//') && !line.startsWith('*') && pattern.test(line))
    .map(({ line, number }) => `${file}:${number}: ${line}`);
}

const queryLines = (dir: string, file: string) => linesMatching(dir, file, QUERY_CALL);

/** The modules `file` imports from this server's own source, as paths relative to src/. */
function ownImports(file: string): string[] {
  const text = readFileSync(path.join(SRC_DIR, file), 'utf8');
  return [...text.matchAll(/^import\s[^;]*?from\s+'(\.{1,2}\/[^']+)'/gm)].map((match) =>
    path.posix.normalize(path.posix.join(path.posix.dirname(file), match[1]!)),
  );
}

const sourceFiles = (dir: string) =>
  readdirSync(path.join(SRC_DIR, dir))
    .filter((name) => name.endsWith('.ts'))
    .map((name) => `${dir}/${name}`)
    .sort();

const routeFiles = readdirSync(ROUTES_DIR)
  .filter((name) => name.endsWith('.ts'))
  .sort();

describe('route files', () => {
  it('are found', () => {
    expect(routeFiles.length).toBeGreaterThan(5);
  });

  it.each(routeFiles)(`%s has at most ${MAX_ROUTE_FILE_LINES} lines`, (name) => {
    const lines = readFileSync(path.join(ROUTES_DIR, name), 'utf8').trimEnd().split('\n');
    expect(lines.length).toBeLessThanOrEqual(MAX_ROUTE_FILE_LINES);
  });

  it.each(routeFiles)('%s runs no query of its own (src/repositories does)', (name) => {
    expect(queryLines(ROUTES_DIR, name)).toEqual([]);
  });

  it.each(routeFiles)('%s builds no database row (a service does)', (name) => {
    expect(linesMatching(ROUTES_DIR, name, /:\s*\w+Row\s*=\s*\{/)).toEqual([]);
  });

  it.each(routeFiles)("%s imports no other route's module (src/presenters is shared)", (name) => {
    const routes = ownImports(`routes/${name}`).filter(
      (target) => target.startsWith('routes/') && target !== 'routes/route-limits',
    );
    expect(routes).toEqual([]);
  });
});

describe('what each part is handed', () => {
  it.each([...sourceFiles('routes'), ...sourceFiles('presenters'), ...sourceFiles('plugins')])(
    '%s names the services it uses instead of taking the whole context (app-routes.ts hands them over)',
    (file) => {
      expect(ownImports(file).filter((target) => target === 'context')).toEqual([]);
      expect(linesMatching(SRC_DIR, file, /\.context\b/)).toEqual([]);
    },
  );
});

describe('what lower rooms import', () => {
  it.each(sourceFiles('lib'))('%s, a utility, imports only other utilities', (file) => {
    expect(ownImports(file).filter((target) => !target.startsWith('lib/'))).toEqual([]);
  });

  it.each(sourceFiles('search'))(
    '%s, the search text handling, imports only other search modules',
    (file) => {
      expect(ownImports(file).filter((target) => !target.startsWith('search/'))).toEqual([]);
    },
  );

  it.each(['config.ts', ...sourceFiles('db')])('%s imports no service, route or plugin', (file) => {
    expect(ownImports(file).filter((target) => /^(services|routes|plugins)\//.test(target))).toEqual([]);
  });
});

describe('what the server runs', () => {
  const allSourceFiles = readdirSync(SRC_DIR, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts'))
    .sort();

  it('imports neither @studyhub/tooling nor test support', () => {
    expect(allSourceFiles.length).toBeGreaterThan(50);
    const imports = allSourceFiles.flatMap((file) =>
      linesMatching(SRC_DIR, file, /from\s+'(@studyhub\/tooling|[^']*test-support)/),
    );
    expect(imports).toEqual([]);
  });
});

describe('commands and demo data', () => {
  it.each(COMMAND_FILES)('%s runs no query of its own', (file) => {
    expect(queryLines(SRC_DIR, file)).toEqual([]);
  });
});
