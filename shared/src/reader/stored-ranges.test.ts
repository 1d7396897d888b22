/**
 * @jest-environment node
 */
import { describe, expect, it } from '@jest/globals';
import { answerRangesFrom } from './stored-ranges';

describe('answerRangesFrom', () => {
  it('answers each range pdf.js asks for with exactly those bytes of the stored copy, at its offset', async () => {
    const bytes = Uint8Array.from({ length: 300_000 }, (_, index) => index % 251);
    const received: { begin: number; chunk: Uint8Array }[] = [];
    const answer = answerRangesFrom(new Blob([bytes]), {
      onDataRange: (begin, chunk) => received.push({ begin, chunk }),
    });

    await answer(0, 131_072);
    await answer(262_144, 300_000);
    await answer(131_072, 131_073);

    expect(received.map(({ begin, chunk }) => [begin, chunk.length])).toEqual([
      [0, 131_072],
      [262_144, 37_856],
      [131_072, 1],
    ]);
    for (const { begin, chunk } of received)
      expect(chunk).toEqual(bytes.subarray(begin, begin + chunk.length));
  });

  it('answers a range past the end with the bytes there are', async () => {
    const received: number[] = [];
    const answer = answerRangesFrom(new Blob(['%PDF-1.7']), {
      onDataRange: (_, chunk) => received.push(chunk.length),
    });
    await answer(4, 100);
    expect(received).toEqual([4]);
  });
});
