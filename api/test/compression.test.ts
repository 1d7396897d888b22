/**
 * API replies are compressed for browsers that take it once they are worth it (decision 013): a signed-in
 * student's syllabus list over mobile data, not a 40-byte health check.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createUserWithRole } from './support/accounts';
import { buildTestApp, type TestApp } from './support/apps';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await buildTestApp();
  const admin = await createUserWithRole(t, 'admin');
  token = admin.token;
  for (let n = 0; n < 12; n += 1) {
    const entry = {
      name: `Department ${n}`,
      code: `D${n}`,
      program: 'B.Tech',
      system: 'Semester',
      grading: 'Grading',
      pdfs: { 1: `https://example.com/syllabus/${n}/semester-1.pdf` },
    };
    expect((await t.post('/api/syllabus', entry, { token })).status).toBe(201);
  }
});
afterAll(async () => {
  await t.close();
});

describe('compressed API replies (decision 013)', () => {
  it.each([
    ['gzip, deflate, br', 'br', brotliDecompressSync],
    ['gzip', 'gzip', gunzipSync],
  ])(
    'Accept-Encoding "%s" gets the syllabus list as %s, the same JSON',
    async (accepted, encoding, decode) => {
      const plain = await t.app.inject({
        url: '/api/syllabus',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body.length).toBeGreaterThan(1024);
      const reply = await t.app.inject({
        url: '/api/syllabus',
        headers: { authorization: `Bearer ${token}`, 'accept-encoding': accepted },
      });
      expect(reply.statusCode).toBe(200);
      expect(reply.headers['content-encoding']).toBe(encoding);
      expect(reply.headers.vary).toMatch(/accept-encoding/i);
      expect(reply.headers['content-type']).toMatch(/^application\/json/);
      expect(JSON.parse(decode(reply.rawPayload).toString())).toEqual(plain.json());
      expect(reply.rawPayload.length).toBeLessThan(plain.body.length / 3);
    },
  );

  it('leaves a reply too small to gain alone', async () => {
    const reply = await t.app.inject({ url: '/api/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-encoding']).toBeUndefined();
  });
});
