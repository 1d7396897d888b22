/** @jest-environment node */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { describeExports } from './export-signatures';

const roots: string[] = [];
afterAll(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));

/** A package with this entry source, typed as the workspace packages are; the descriptions of its exports. */
function describeSource(source: string, names = ['Button', 'formatBytes', 'useCount', 'LIMIT']) {
  const root = mkdtempSync(path.join(tmpdir(), 'studyhub-signatures-'));
  roots.push(root);
  mkdirSync(path.join(root, 'src'));
  writeFileSync(
    path.join(root, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: { strict: true, module: 'ESNext', moduleResolution: 'Bundler', types: [] },
    }),
  );
  writeFileSync(path.join(root, 'src/index.ts'), source);
  return describeExports(root, path.join(root, 'src/index.ts'), names);
}

const base = `
  export interface ButtonProps { label: string; size?: 'small' | 'large' }
  export function Button(props: ButtonProps): string { return props.label; }
  export const formatBytes = (bytes: number): string => String(bytes);
  export function useCount(): { count: number; reset(): void } { return { count: 0, reset() {} }; }
  export const LIMIT = 5;
  export type OnlyAType = { a: number };
`;

describe('export signatures (issue 14)', () => {
  const before = describeSource(base);

  it('describes each value export asked for, and no type-only one', () => {
    expect(Object.keys(before).sort()).toEqual(['Button', 'LIMIT', 'formatBytes', 'useCount']);
    expect(before.Button).toBe(`{ ({ label: string; size?: "large" | "small" | undefined }) => string }`);
  });

  it('changes with a field renamed deep inside a type the export uses, and only for that export', () => {
    const after = describeSource(
      base.replace('label: string', 'text: string').replace('props.label', 'props.text'),
    );
    expect(after.Button).not.toBe(before.Button);
    expect({ ...after, Button: null }).toEqual({ ...before, Button: null });
  });

  it('changes with a parameter or a returned member added', () => {
    const after = describeSource(
      base
        .replace('(bytes: number)', '(bytes: number, unit: string)')
        .replace('reset(): void }', 'reset(): void; step: number }')
        .replace('{ count: 0, reset() {} }', '{ count: 0, reset() {}, step: 1 }'),
    );
    expect(after.formatBytes).not.toBe(before.formatBytes);
    expect(after.useCount).not.toBe(before.useCount);
    expect(after.Button).toBe(before.Button);
  });

  it('stays the same for what a caller cannot tell: parameter names, member order, a body, comments', () => {
    const after = describeSource(
      `// reordered and renamed
      export type OnlyAType = { a: number };
      export const LIMIT = 5;
      export function useCount(): { reset(): void; count: number } { return { count: 1, reset() {} }; }
      export const formatBytes = (size: number): string => size.toFixed(0);
      export interface ButtonProps { size?: 'large' | 'small'; label: string }
      export function Button(properties: ButtonProps): string { return properties.label.trim(); }`,
    );
    expect(after).toEqual(before);
  });
});
