/** @jest-environment node */
import { describe, expect, it } from '@jest/globals';
import { canonicalJson, portablePath } from './deterministic-output';

const roots = {
  appDir: '/repo/mfe-notes',
  packages: { '@studyhub/shared': '/repo/shared', '@studyhub/contract': '/repo/contract' },
};

describe('canonicalJson', () => {
  it('gives the same text for the orders the manifest plugin writes from run to run', () => {
    const run = (exposes: string[], usedIn: string[]) =>
      JSON.stringify(
        canonicalJson(
          {
            name: 'notes',
            shared: [
              { version: '19', name: 'react', usedIn },
              { name: 'axios', usedIn: [] },
            ],
            exposes: exposes.map((expose) => ({ path: expose, id: `notes:${expose.slice(2)}` })),
          },
          roots,
        ),
      );
    const first = run(['./RecentNotes', './Area'], ['./Area', './RecentNotes']);
    expect(run(['./Area', './RecentNotes'], ['./RecentNotes', './Area'])).toBe(first);
    expect(first).toBe(
      '{"exposes":[{"id":"notes:Area","path":"./Area"},{"id":"notes:RecentNotes","path":"./RecentNotes"}],' +
        '"name":"notes","shared":[{"name":"axios","usedIn":[]},' +
        '{"name":"react","usedIn":["./Area","./RecentNotes"],"version":"19"}]}',
    );
  });
});

describe('portablePath', () => {
  it.each([
    ['/repo/shared/src/router-exports.ts', '@studyhub/shared/src/router-exports.ts'],
    ['/repo/contract/src/paths.ts', '@studyhub/contract/src/paths.ts'],
    ['/elsewhere/node_modules/pdfjs-dist/build/pdf.mjs', 'pdfjs-dist/build/pdf.mjs'],
    ['/repo/mfe-notes/src/expose.tsx', './src/expose.tsx'],
    ['./Area', './Area'],
    ['/outside/file.js', '/outside/file.js'],
  ])('%s → %s', (text, portable) => expect(portablePath(text, roots)).toBe(portable));
});
