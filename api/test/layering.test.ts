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
    const offending = readFileSync(path.join(ROUTES_DIR, name), 'utf8')
      .split('\n')
      .map((line, index) => ({ line: line.trim(), number: index + 1 }))
      .filter(({ line }) => !line.startsWith('//') && !line.startsWith('*') && QUERY_CALL.test(line))
      .map(({ line, number }) => `${name}:${number}: ${line}`);
    expect(offending).toEqual([]);
  });
});
