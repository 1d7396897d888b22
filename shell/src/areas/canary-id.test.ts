import { beforeEach, describe, expect, it } from '@jest/globals';
import { STORAGE_KEYS } from '@studyhub/contract';
import { signIn, STUDENT } from '@studyhub/shared/testing';
import { canaryId } from './canary-id';

beforeEach(() => localStorage.clear());

describe('canaryId', () => {
  it('makes a random id once and keeps it in this browser', () => {
    const id = canaryId();
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(localStorage.getItem(STORAGE_KEYS.canaryId)).toBe(id);
    expect(canaryId()).toBe(id);
  });

  it('gives different browsers different ids', () => {
    const first = canaryId();
    localStorage.clear();
    expect(canaryId()).not.toBe(first);
  });

  it("uses a signed-in user's id, so they get the same version in every browser", () => {
    canaryId();
    signIn(STUDENT);
    expect(canaryId()).toBe(STUDENT._id);
  });

  it('still answers when storage refuses to work', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
    } as unknown as Storage;
    expect(canaryId(broken)).toMatch(/^[0-9a-f]{32}$/);
  });
});
