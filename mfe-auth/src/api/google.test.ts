import { describe, expect, it } from '@jest/globals';
import { makeToken } from '@studyhub/shared/testing';
import { googleBodyOf } from './google';

describe('googleBodyOf', () => {
  it('sends the credential with the name, email, id and picture decoded from it', () => {
    const credential = makeToken({
      sub: '1234',
      name: 'Asha',
      email: 'a@gmail.com',
      picture: 'https://p/a.png',
    });
    expect(googleBodyOf(credential)).toEqual({
      credential,
      name: 'Asha',
      email: 'a@gmail.com',
      googleId: '1234',
      avatar: 'https://p/a.png',
    });
  });

  it('leaves out claims that are missing or not text', () => {
    const credential = makeToken({ sub: 42 });
    expect(googleBodyOf(credential)).toEqual({
      credential,
      name: undefined,
      email: undefined,
      googleId: undefined,
      avatar: undefined,
    });
  });

  it('throws on a credential that is not a token', () => {
    expect(() => googleBodyOf('nope')).toThrow(/Invalid token specified/);
  });
});
