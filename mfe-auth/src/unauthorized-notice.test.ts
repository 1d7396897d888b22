import { beforeEach, describe, expect, it } from '@jest/globals';
import { SHOWN_NOTICES_KEY, takeUnauthorizedNotice } from './unauthorized-notice';

beforeEach(() => sessionStorage.clear());

describe('takeUnauthorizedNotice', () => {
  it('is true once per timestamp', () => {
    expect(takeUnauthorizedNotice('?reason=unauthorized&t=1')).toBe(true);
    expect(takeUnauthorizedNotice('?reason=unauthorized&t=1')).toBe(false);
    expect(takeUnauthorizedNotice('?t=2&reason=unauthorized')).toBe(true);
  });

  it.each(['', '?t=5', '?reason=unauthorized', '?reason=other&t=5', '?reason=unauthorized&t='])(
    'is false for %p',
    (search) => {
      expect(takeUnauthorizedNotice(search)).toBe(false);
    },
  );

  it('survives damaged storage and keeps only the latest timestamps', () => {
    sessionStorage.setItem(SHOWN_NOTICES_KEY, '{oops');
    expect(takeUnauthorizedNotice('?reason=unauthorized&t=1')).toBe(true);
    for (let t = 2; t <= 30; t += 1) takeUnauthorizedNotice(`?reason=unauthorized&t=${t}`);
    const kept = JSON.parse(sessionStorage.getItem(SHOWN_NOTICES_KEY) ?? '[]') as string[];
    expect(kept).toHaveLength(20);
    expect(kept.at(-1)).toBe('30');
  });
});
