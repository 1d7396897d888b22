/** @jest-environment node */
import { describe, expect, it } from '@jest/globals';
import { isReleasePath } from './layout';

describe('isReleasePath (docs/security.md item 37)', () => {
  it.each([
    'remoteEntry.js',
    'mf-manifest.json',
    '__federation_expose_Area.7c3783d7.js',
    'vendors-node_modules_react-router_dist_production_chunk-IAM5GYT3_mjs.dd77f0d0.js',
    'static/css/main.0a1b2c3d.css',
    'node_modules_react_index_js.d1f5dc58.js.LICENSE.txt',
  ])('takes %s', (file) => {
    expect(isReleasePath(file)).toBe(true);
  });

  it.each([
    '',
    '/etc/passwd',
    '../x.js',
    'a/../../x.js',
    './x.js',
    'a//x.js',
    'a/',
    '..\\x.js',
    'x.js\u0000.png',
    'x.js\n',
    'C:x.js',
    'https://cdn.invalid/x.js',
    '%2e%2e/x.js',
    'x.js?y',
    'x .js',
  ])('refuses %j', (file) => {
    expect(isReleasePath(file)).toBe(false);
  });

  it('refuses what is not a string', () => {
    expect([5, null, undefined, ['x.js'], {}].some(isReleasePath)).toBe(false);
  });
});
