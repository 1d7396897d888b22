import { describe, expect, it } from '@jest/globals';
import { areaFileKind, isRemotesFile, shellPageFor } from './site-requests';

const at = (path: string) => new URL(path, 'https://studyhub.example');

describe('areaFileKind', () => {
  it.each([
    ['/mfe/notes/1.0.0-9d9ce9ae/mf-manifest.json', 'entry'],
    ['/mfe/auth/1.0.0-fe39d632/remoteEntry.js', 'entry'],
    ['/mfe/notes/1.0.0-9d9ce9ae/pdf-reader.9c9f9972.js', 'immutable'],
    ['/mfe/notes/1.0.0-9d9ce9ae/pdfjs-5.4.624/cmaps/78-H.bcmap', 'immutable'],
  ])('%s is an area file (%s)', (path, kind) => {
    expect(areaFileKind(at(path))).toBe(kind);
  });

  it.each([
    '/mfe/shop/1.0.0/remoteEntry.js',
    '/mfe/notes/../remoteEntry.js',
    '/mfe/notes/1.0.0',
    '/main.js',
    '/remotes.json',
    '/api/mfe/notes/1.0.0/remoteEntry.js',
  ])('%s is not', (path) => {
    expect(areaFileKind(at(path))).toBeNull();
  });
});

describe('the shell pages', () => {
  it('answers / with Home and every other route with the app page', () => {
    expect(shellPageFor('/')).toBe('/index.html');
    expect(shellPageFor('/notes/ThirdYear')).toBe('/app.html');
  });

  it('knows remotes.json by its path alone', () => {
    expect(isRemotesFile(at('/remotes.json?x=1'))).toBe(true);
    expect(isRemotesFile(at('/mfe/remotes.json'))).toBe(false);
  });
});
