/**
 * docs/security.md item 45 over the live route table: every route, anonymous and signed in, answers with the
 * security headers; whatever a signed-in user or a protected route is answered (its 401 and 403 too) is
 * `Cache-Control: no-store`; HSTS exactly when PUBLIC_URL is https. Item 42: a served file is sandboxed.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PDFDocument } from 'pdf-lib';
import type { RouteEntry } from '../src/plugins/authenticate';
import {
  API_CONTENT_SECURITY_POLICY,
  CONTENT_SECURITY_POLICY,
  FILE_CONTENT_SECURITY_POLICY,
  PERMISSIONS_POLICY,
} from '../src/plugins/security-headers';
import { createUserWithRole, loginUser, type TestUser } from './support/accounts';
import { buildTestApp, type TestApp } from './support/apps';
import { uploadNote } from './support/note-files';
import { concretePath, ROUTE_QUERIES } from './support/routes';
import { makeDeployDir, removeDeployDir } from './support/site';
import { openSocket, parseRawResponse } from './support/sockets';

type Caller = 'anonymous' | 'student' | 'admin';
const CALLERS: Caller[] = ['anonymous', 'student', 'admin'];
const HSTS = 'max-age=31536000';
const DOWNLOAD_ROUTE = '/api/download/:branch/:year/:semester/:subjectCode/:unitNumber';

let deployDir: string;
let t: TestApp;
const tokens: Partial<Record<Caller, string>> = {};
const accounts: Partial<Record<Caller, TestUser>> = {};
const LOGOUT = 'POST /api/auth/logout';

beforeAll(async () => {
  deployDir = makeDeployDir();
  t = await buildTestApp({ deployDir });
  for (const role of ['student', 'admin'] as const) {
    const { user, token } = await createUserWithRole(t, role);
    [accounts[role], tokens[role]] = [user, token];
  }
  // The unit concretePath names has a file, so the download route answers 200 to signed-in callers.
  const doc = await PDFDocument.create();
  doc.addPage([200, 200]);
  const unit = { branch: 'CSE', year: 'Third Year', semester: '5', subject: 'CS-501', unit: '1' };
  expect((await uploadNote(t, unit, Buffer.from(await doc.save()), tokens.admin)).status).toBe(201);
}, 60_000);
afterAll(async () => {
  await t.close();
  removeDeployDir(deployDir);
});

async function call(app: TestApp['app'], route: RouteEntry, caller: Caller) {
  const withBody = ['POST', 'PUT', 'PATCH'].includes(route.method);
  // Logout ends the session it is called with: it gets a session of its own.
  const token =
    caller !== 'anonymous' && `${route.method} ${route.url}` === LOGOUT
      ? await loginUser(t, accounts[caller]!)
      : tokens[caller];
  return app.inject({
    method: route.method as 'GET',
    url: `${concretePath(route.url)}${ROUTE_QUERIES[route.url] ?? ''}`,
    headers: caller === 'anonymous' ? {} : { authorization: `Bearer ${token}` },
    ...(withBody ? { payload: {} } : {}),
  });
}

const HEADER_NAMES = [
  'x-content-type-options',
  'referrer-policy',
  'x-frame-options',
  'content-security-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'permissions-policy',
  'strict-transport-security',
] as const;

function pick(headers: Record<string, unknown>, names: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(names.map((name) => [name, headers[name]]));
}

describe('every route, every caller (docs/security.md item 45)', () => {
  it('the walk covers the API, the site, and each access level', () => {
    const urls = t.app.routeTable.map((route) => `${route.method} ${route.url} ${route.access}`);
    expect(urls).toEqual(
      expect.arrayContaining([
        `GET ${DOWNLOAD_ROUTE} public`,
        'GET /api/me signed-in',
        'POST /api/upload/upload teacher',
        'GET /* public',
        'GET /remotes.json public',
      ]),
    );
  });

  it.each(CALLERS)(
    'as %s: the security headers, and no-store on what is not for everyone',
    async (caller) => {
      let downloads = 0;
      let protectedSeen = 0;
      for (const route of t.app.routeTable) {
        const reply = await call(t.app, route, caller);
        const seen = `${route.method} ${route.url} as ${caller} → ${reply.statusCode}`;
        const isFile = route.url === DOWNLOAD_ROUTE && reply.statusCode === 200;
        if (isFile) downloads += 1;
        // The API answers JSON (decision 029); the site and a served file are pages or framed by them.
        const isApi = route.url.startsWith('/api/') && !isFile;
        expect({ seen, ...pick(reply.headers, HEADER_NAMES) }).toEqual({
          seen,
          'x-content-type-options': 'nosniff',
          'referrer-policy': 'strict-origin-when-cross-origin',
          'x-frame-options': isApi ? 'DENY' : 'SAMEORIGIN',
          'content-security-policy': isApi
            ? API_CONTENT_SECURITY_POLICY
            : isFile
              ? FILE_CONTENT_SECURITY_POLICY
              : CONTENT_SECURITY_POLICY,
          'cross-origin-opener-policy': isApi ? undefined : 'same-origin-allow-popups',
          'cross-origin-resource-policy': 'same-origin',
          'permissions-policy': isApi ? undefined : PERMISSIONS_POLICY,
          'strict-transport-security': HSTS,
        });
        // A signed-in caller's token is valid, so whatever it is answered, and whatever a protected route
        // answers anyone (401, 403 included), is kept by no cache.
        if (caller !== 'anonymous' || route.access !== 'public') {
          protectedSeen += 1;
          expect({ seen, cacheControl: reply.headers['cache-control'] }).toEqual({
            seen,
            cacheControl: 'no-store',
          });
        }
      }
      expect(downloads).toBe(caller === 'anonymous' ? 0 : 2);
      expect(protectedSeen).toBeGreaterThan(10);
    },
  );

  it('anonymous callers of protected routes get 401 with no-store; a student on an admin route 403', async () => {
    const upload = t.app.routeTable.find((route) => route.url === '/api/upload/upload')!;
    const anonymous = await call(t.app, upload, 'anonymous');
    expect([anonymous.statusCode, anonymous.headers['cache-control']]).toEqual([401, 'no-store']);
    const student = await call(t.app, upload, 'student');
    expect([student.statusCode, student.headers['cache-control']]).toEqual([403, 'no-store']);
  });

  it("public answers to anonymous callers keep their own caching: the site's files are still cached", async () => {
    expect((await t.app.inject('/')).headers['cache-control']).toBe('no-cache');
    expect((await t.app.inject('/src_bootstrap_tsx.0a1b2c3d.js')).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
    expect((await t.app.inject('/api/notes/recent')).headers['cache-control']).toBeUndefined();
  });

  it('a signed link (no bearer) is stored by no cache either, sandboxed (item 50)', async () => {
    const units = await t.get('/api/notes/units?subject=CS-501', { token: tokens.student });
    const reply = await t.app.inject(units.body.units[0].url as string);
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['cache-control']).toBe('no-store');
    expect(reply.headers['content-security-policy']).toBe(FILE_CONTENT_SECURITY_POLICY);
  });
});

describe('the policies themselves', () => {
  it('turn off what the site never uses and leave Google sign-in (FedCM) and fullscreen alone', () => {
    const features = PERMISSIONS_POLICY.split(', ');
    for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb', 'browsing-topics']) {
      expect(features).toContain(`${feature}=()`);
    }
    expect(features.every((entry) => entry.endsWith('=()'))).toBe(true);
    expect(PERMISSIONS_POLICY).not.toMatch(/identity-credentials-get|publickey-credentials|fullscreen/);
  });

  it('a served file is a sandbox that loads nothing and is framed only by the site', () => {
    expect(FILE_CONTENT_SECURITY_POLICY.split('; ')).toEqual([
      'sandbox',
      "default-src 'none'",
      "frame-ancestors 'self'",
    ]);
  });
});

describe('HSTS follows PUBLIC_URL (docs/security.md item 45)', () => {
  it.each([
    ['https://studyhub.example', 'sent', HSTS],
    ['http://localhost:8080', 'not sent', undefined],
  ])('PUBLIC_URL=%s: HSTS %s on the API, the site, errors, raw refusals', async (publicUrl, _label, hsts) => {
    const site = makeDeployDir();
    const other = await buildTestApp({ deployDir: site, env: { PUBLIC_URL: publicUrl } });
    try {
      for (const url of ['/api/health', '/api/me', '/', '/remotes.json', '/api/nope', '/api/%zz']) {
        const reply = await other.app.inject(url);
        expect({ url, hsts: reply.headers['strict-transport-security'] }).toEqual({ url, hsts });
      }
      await other.app.listen({ host: '127.0.0.1', port: 0 });
      const { socket, closed } = openSocket((other.app.server.address() as AddressInfo).port);
      socket.write('GARBAGE\r\n\r\n');
      const refused = parseRawResponse((await closed).raw);
      expect([refused.status, refused.headers['strict-transport-security']]).toEqual([400, hsts]);
    } finally {
      await other.close();
      removeDeployDir(site);
    }
  });
});
