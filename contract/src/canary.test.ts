import { createHash } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { canaryBucket, inCanary } from './canary';
import { AREAS } from './remotes';

/** Ids shaped like the ones the shell uses: random-looking hex (browser ids) and short sequential user ids. */
const hexIds = Array.from({ length: 10_000 }, (_, index) =>
  createHash('sha256').update(String(index)).digest('hex').slice(0, 32),
);
const sequentialIds = Array.from({ length: 10_000 }, (_, index) => `user-${index}`);

describe('canaryBucket', () => {
  it('always puts a fixed id in the same bucket', () => {
    for (let run = 0; run < 100; run += 1) expect(canaryBucket('notes', 'b5d1c0de-browser')).toBe(89);
    // Pinned values: changing the arithmetic would move browsers between versions in the middle of a canary.
    expect(canaryBucket('notes', 'user-1')).toBe(70);
    expect(canaryBucket('admin', 'user-1')).toBe(52);
    expect(canaryBucket('auth', '0f3c9a7e2b114d55')).toBe(65);
  });

  it('gives numbers from 0 to 99', () => {
    for (const id of hexIds.slice(0, 2000)) {
      const bucket = canaryBucket('auth', id);
      expect(Number.isInteger(bucket)).toBe(true);
      expect(bucket).toBeGreaterThanOrEqual(0);
      expect(bucket).toBeLessThan(100);
    }
  });

  it.each([
    ['random-looking ids', hexIds],
    ['sequential ids', sequentialIds],
  ])('puts about 10%% of 10,000 %s in a 10%% canary', (_label, ids) => {
    for (const area of AREAS) {
      const chosen = ids.filter((id) => inCanary(area, id, 10)).length;
      expect(chosen).toBeGreaterThan(900);
      expect(chosen).toBeLessThan(1100);
    }
  });

  it.each([1, 25, 50, 90])('puts about %i%% in a canary of that size', (percent) => {
    const chosen = hexIds.filter((id) => inCanary('notes', id, percent)).length;
    expect(Math.abs(chosen - percent * 100)).toBeLessThan(Math.max(60, percent * 10));
  });

  it('grows a canary without moving anyone out of it', () => {
    const atTen = hexIds.filter((id) => inCanary('notes', id, 10));
    expect(atTen.every((id) => inCanary('notes', id, 25))).toBe(true);
  });

  it('slices each area differently, so one id is not in every canary', () => {
    const inAll = hexIds.filter((id) => AREAS.every((area) => inCanary(area, id, 50))).length;
    // Independent halves: about 1/16 of ids, not half of them.
    expect(inAll).toBeLessThan(1000);
  });
});
