import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { STORAGE_KEYS } from '@studyhub/contract';
import { ADMIN, signIn, STUDENT } from '@studyhub/shared/testing';
import { clearOverrides, parseOverrideRequest, resolveOverrides, storedOverrides } from './area-overrides';

const released = new Set(['notes@1.0.0-aaaaaaaa', 'auth@1.0.0-bbbbbbbb']);
const isReleased = jest.fn(async (area: string, version: string) => released.has(`${area}@${version}`));

function visit(path: string): void {
  window.history.replaceState(null, '', path);
}

beforeEach(() => {
  localStorage.clear();
  isReleased.mockClear();
  visit('/');
});

describe('parseOverrideRequest', () => {
  it.each([
    ['notes@1.0.0-aaaaaaaa', { area: 'notes', version: '1.0.0-aaaaaaaa' }],
    ['notes@1.0.0-aaaaaaaa-v2', { area: 'notes', version: '1.0.0-aaaaaaaa-v2' }],
    ['shop@1.0.0', null],
    ['notes@', null],
    ['notes@../../shell.json', null],
    ['1.0.0', null],
  ])('%s', (text, expected) => {
    expect(parseOverrideRequest(text)).toEqual(expected);
  });
});

describe('resolveOverrides', () => {
  it("takes an admin's released version, remembers it and removes the request from the address", async () => {
    signIn(ADMIN);
    visit('/notes?area-version=notes@1.0.0-aaaaaaaa&tab=2#top');
    expect(await resolveOverrides(isReleased)).toEqual({
      overrides: { notes: '1.0.0-aaaaaaaa' },
      notice: null,
    });
    expect(window.location.pathname + window.location.search + window.location.hash).toBe('/notes?tab=2#top');
    expect(storedOverrides()).toEqual({ notes: '1.0.0-aaaaaaaa' });

    // The next page load, with no request in the address, keeps it; Reset clears it.
    visit('/');
    expect((await resolveOverrides(isReleased)).overrides).toEqual({ notes: '1.0.0-aaaaaaaa' });
    clearOverrides();
    expect((await resolveOverrides(isReleased)).overrides).toEqual({});
  });

  it('refuses a version that was never released, and says so', async () => {
    signIn(ADMIN);
    visit('/?area-version=notes@9.9.9-nope&area-version=auth@1.0.0-bbbbbbbb');
    const resolution = await resolveOverrides(isReleased);
    expect(resolution).toEqual({
      overrides: { auth: '1.0.0-bbbbbbbb' },
      notice: 'Not a released version, so not loaded: notes@9.9.9-nope.',
    });
    expect(isReleased).toHaveBeenCalledWith('notes', '9.9.9-nope');
  });

  it('refuses a malformed request without asking the server', async () => {
    signIn(ADMIN);
    visit('/?area-version=notes@..%2Fshell');
    expect((await resolveOverrides(isReleased)).notice).toMatch(/notes@\.\.\/shell/);
    expect(isReleased).not.toHaveBeenCalled();
    expect(localStorage.getItem(STORAGE_KEYS.areaVersions)).toBeNull();
  });

  it('ignores requests and remembered versions for anyone but a signed-in admin', async () => {
    localStorage.setItem(STORAGE_KEYS.areaVersions, JSON.stringify({ notes: '1.0.0-aaaaaaaa' }));
    signIn(STUDENT);
    visit('/?area-version=auth@1.0.0-bbbbbbbb');
    expect(await resolveOverrides(isReleased)).toEqual({
      overrides: {},
      notice: 'Only a signed-in admin can try another version of an area.',
    });
    expect(window.location.search).toBe('');
    expect(storedOverrides()).toEqual({ notes: '1.0.0-aaaaaaaa' });
  });

  it('drops malformed remembered entries', async () => {
    signIn(ADMIN);
    localStorage.setItem(
      STORAGE_KEYS.areaVersions,
      JSON.stringify({ notes: '1.0.0-aaaaaaaa', shop: '1', auth: 7, admin: '../x' }),
    );
    expect((await resolveOverrides(isReleased)).overrides).toEqual({ notes: '1.0.0-aaaaaaaa' });
  });
});
