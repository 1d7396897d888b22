/**
 * @jest-environment node
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';

// Real-world PDFs (test/fixtures/pdf/README.md) read by pdf.js's Node build with the options the reader passes
// (pdf-engine.ts). pdf.js is ESM-only, so it runs in a child Node rather than in Jest's module system. That the
// browser draws these pixels is the browser suite's.
const FIXTURES = path.join(__dirname, '../../test/fixtures/pdf');
const READ_PDF = path.join(__dirname, '../../test/read-pdf.mjs');

interface PageRead {
  text?: string;
  images?: { width: number; height: number; inked: number }[];
  error?: string;
}

function read(
  file: string,
  withData: boolean | '--stored' = true,
): { pages: PageRead[]; error?: string; rangeBytes: number } {
  const flag = withData === true ? [] : [withData === false ? '--no-data' : withData];
  const args = [READ_PDF, path.join(FIXTURES, file), ...flag];
  return JSON.parse(execFileSync(process.execPath, args, { encoding: 'utf8' })) as {
    pages: PageRead[];
    error?: string;
    rangeBytes: number;
  };
}

describe('real-world PDFs, read as the reader reads them', () => {
  it('reads a copy saved for offline through range requests answered from the stored Blob', () => {
    const stored = read('cjk-unembedded.pdf', '--stored');
    expect(stored.pages[0]?.text).toContain('日本語のノート');
    expect(stored.rangeBytes).toBeGreaterThan(0);
    const scan = read('jbig2.pdf', '--stored');
    expect(scan.pages[0]?.images?.[0]?.inked).toBe(read('jbig2.pdf').pages[0]?.images?.[0]?.inked);
  });

  it('decodes Japanese text in a font the file does not embed, through the cMaps', () => {
    expect(read('cjk-unembedded.pdf').pages[0]?.text).toContain('日本語のノート');
    // Without them (the reader before) the characters were lost.
    expect(read('cjk-unembedded.pdf', false).pages[0]?.text).not.toContain('日本');
  });

  it('decodes a JPEG 2000 image with the JavaScript decoder from the wasm folder', () => {
    const [image] = read('jpx.pdf').pages[0]?.images ?? [];
    expect(image).toMatchObject({ width: 240, height: 160 });
    expect(image!.inked).toBeGreaterThan(1000);
    expect(read('jpx.pdf', false).pages[0]?.error).toBeDefined();
  });

  it.each([
    ['encrypted.pdf', 'PasswordException'],
    ['truncated.pdf', 'InvalidPDFException'],
  ])('refuses %s with %s, which the reader explains', (file, error) => {
    expect(read(file).error).toBe(error);
  });

  it('reads the good page of a file with a damaged one, and fails the other with a non-HTTP error', () => {
    const { pages } = read('damaged-page.pdf');
    expect(pages[0]?.text).toBe('Unit 1 - page one');
    expect(pages[1]?.error).toBe('UnknownErrorException');
  });
});
