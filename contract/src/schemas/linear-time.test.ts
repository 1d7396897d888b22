/**
 * @jest-environment node
 *
 * docs/security.md item 34: every string field of every schema answers a 100 KB hostile value at once. The
 * walk finds the fields itself, so a schema added later is covered without touching this file. Hostile values
 * repeat a short random pattern of the characters the checks care about (spaces, dots, at signs, digits,
 * separators…), which is what makes a backtracking pattern explode: /^[^\s@]+@[^\s@]+\.[^\s@]+$/ took ~0.9 s
 * on 20 KB of "a@" + dots + " ".
 */
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import type { z } from 'zod';
import * as schemas from './index';

const HOSTILE_LENGTH = 100 * 1024;
/** Linear checks take well under a millisecond on 100 KB; a super-linear one takes seconds. */
const BUDGET_MS = 25;

interface ZodNode {
  _zod: { def: Record<string, unknown> & { type: string } };
}

const isZod = (value: unknown): value is ZodNode =>
  typeof value === 'object' && value !== null && '_zod' in value;

/** Paths to every string in a schema's input: ["email"], ["pdfs", "*"] (a record's values), … */
export function stringPaths(schema: ZodNode, prefix: string[] = []): string[][] {
  const def = schema._zod.def;
  switch (def.type) {
    case 'string':
      return [prefix];
    case 'object':
      return Object.entries(def.shape as Record<string, ZodNode>).flatMap(([key, field]) =>
        stringPaths(field, [...prefix, key]),
      );
    case 'record':
      return stringPaths(def.valueType as ZodNode, [...prefix, '*']);
    case 'array':
      return stringPaths(def.element as ZodNode, [...prefix, '0']);
    case 'pipe':
      return stringPaths(def.in as ZodNode, prefix);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
      return stringPaths(def.innerType as ZodNode, prefix);
    case 'union':
      return (def.options as ZodNode[]).flatMap((option) => stringPaths(option, prefix));
    default:
      return [];
  }
}

/** An input with `value` at each of the paths (a record's "*" becomes a hostile key too). */
function inputWith(paths: string[][], value: string): unknown {
  if (paths.some((path) => path.length === 0)) return value;
  const root: Record<string, unknown> = {};
  for (const path of paths) {
    let node = root;
    path.forEach((key, index) => {
      const name = key === '*' ? value : key;
      if (index === path.length - 1) node[name] = value;
      else node = (node[name] ??= {}) as Record<string, unknown>;
    });
  }
  return root;
}

const allSchemas = (Object.entries(schemas) as [string, unknown][]).filter(
  (entry): entry is [string, z.ZodType & ZodNode] => isZod(entry[1]),
);

const fill = (prefix: string, unit: string, tail: string) =>
  prefix + unit.repeat(Math.ceil(HOSTILE_LENGTH / unit.length)).slice(0, HOSTILE_LENGTH) + tail;

/** A prefix, a short random pattern repeated to 100 KB, and a tail that makes a match fail at the very end. */
const hostileValue = fc
  .tuple(
    fc.constantFrom('', 'a@', 'a@a', 'unit', 'http://a', 'Semester', ' '),
    fc.array(fc.constantFrom('a', '1', ' ', '.', '@', '-', '_', '\t', '/', '%', '\u202e', 'é'), {
      minLength: 1,
      maxLength: 4,
    }),
    fc.constantFrom('', ' ', '@', '!', '\n'),
  )
  .map(([prefix, pattern, tail]) => fill(prefix, pattern.join(''), tail));

/** Shapes known to make backtracking patterns explode, tried before the random ones. */
const KNOWN_HOSTILE = [
  fill('a@', '.', ' '),
  fill('a@', 'a.', '@'),
  fill('a@a', '.', '@'),
  fill('unit', ' ', 'x'),
  fill('', ' ', 'x'),
  fill('http://a', '/', ' '),
].map((value) => [value] as [string]);

/** The fastest of three runs: a garbage collection or a JIT pause cannot make a linear check look slow. */
function timeParse(schema: z.ZodType, input: unknown): number {
  let fastest = Infinity;
  for (let run = 0; run < 3; run += 1) {
    const started = performance.now();
    schema.safeParse(input);
    fastest = Math.min(fastest, performance.now() - started);
  }
  return fastest;
}

describe('validators run in linear time (docs/security.md item 34)', () => {
  it('finds the string fields of the request schemas', () => {
    const found = Object.fromEntries(allSchemas.map(([name, schema]) => [name, stringPaths(schema)]));
    expect(found.registerBody).toEqual([['name'], ['email'], ['password']]);
    expect(found.verifyOtpBody).toEqual([['email'], ['otp'], ['registration']]);
    expect(found.contactBody).toEqual(expect.arrayContaining([['message']]));
    expect(found.syllabusEntryBody).toEqual(expect.arrayContaining([['name'], ['pdfs', '*']]));
    expect(found.uploadQuery).toEqual(expect.arrayContaining([['branch'], ['unit']]));
    expect(allSchemas.length).toBeGreaterThan(20);
  });

  it('the old email pattern fails this test (the budget is meaningful)', () => {
    const backtracking = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
    const started = performance.now();
    backtracking.test(`a@${'.'.repeat(HOSTILE_LENGTH / 8)} `);
    expect(performance.now() - started).toBeGreaterThan(BUDGET_MS);
  });

  it.each(allSchemas.filter(([, schema]) => stringPaths(schema).length > 0))(
    '%s answers a 100 KB hostile value in every string field, one at a time and all at once',
    (_name, schema) => {
      const paths = stringPaths(schema);
      // Warm up, so the first run's compilation is not counted.
      schema.safeParse(inputWith(paths, 'warm-up'));
      fc.assert(
        fc.property(hostileValue, (value) => {
          for (const path of paths) {
            expect({ path, slow: timeParse(schema, inputWith([path], value)) > BUDGET_MS }).toEqual({
              path,
              slow: false,
            });
          }
          expect(timeParse(schema, inputWith(paths, value))).toBeLessThan(BUDGET_MS);
        }),
        { numRuns: 15, examples: KNOWN_HOSTILE },
      );
    },
  );
});
