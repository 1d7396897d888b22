/**
 * Issue 14: route files keep HTTP and nothing else. Queries live in src/repositories (one module per table or
 * aggregate) or in the service that owns a table, so a route file never builds a query itself and stays short
 * enough to read at once. A plain source scan: it fails on the file and line that broke the rule.
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

/** Lines of `file` (relative to `dir`) that build a query, as `file:line: text`. */
function queryLines(dir: string, file: string): string[] {
  return readFileSync(path.join(dir, file), 'utf8')
    .split('\n')
    .map((line, index) => ({ line: line.trim(), number: index + 1 }))
    .filter(({ line }) => !line.startsWith('//') && !line.startsWith('*') && QUERY_CALL.test(line))
    .map(({ line, number }) => `${file}:${number}: ${line}`);
}

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
});

describe('commands and demo data', () => {
  it.each(COMMAND_FILES)('%s runs no query of its own', (file) => {
    expect(queryLines(SRC_DIR, file)).toEqual([]);
  });
});
