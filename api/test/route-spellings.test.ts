/**
 * docs/security.md item 33: whether a request needs a user, and which role, is decided by the route that
 * matched. The suite walks the live route table and sends every route many spellings of its path over a real
 * socket (so nothing normalises them on the way): each character percent-encoded in turn in both hex cases,
 * absolute-form request lines, encoded and doubled slashes, dot segments, case changes, a trailing slash…, as an
 * anonymous caller, a student and a teacher. Whatever route a spelling reaches, a route the caller may not use
 * never answers 2xx; it answers 401 or 403 from the access check itself.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { RouteEntry } from '../src/plugins/authenticate';
import { roleMayCall, type Access } from '../src/services/access';
import { createUserWithRole } from './support/accounts';
import { buildTestApp, type TestApp } from './support/apps';
import { concretePath, ROUTE_QUERIES } from './support/routes';
import { makeDeployDir, removeDeployDir } from './support/site';

type Caller = 'anonymous' | 'student' | 'teacher' | 'admin';

interface Answer {
  status: number;
  /** The route that handled the request ("GET /api/me"), or null for the not-found handler. */
  route: string | null;
}

let deployDir: string;
let t: TestApp;
let origin: string;
const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
const tokens: Partial<Record<Caller, string>> = {};
/** What the server itself saw for each probe: the matched route, keyed by the probe's id header. */
const matched = new Map<string, string | null>();
let probeCounter = 0;

beforeAll(async () => {
  deployDir = makeDeployDir();
  t = await buildTestApp({ deployDir });
  t.app.addHook('onResponse', async (request) => {
    const id = request.headers['x-probe'];
    if (typeof id !== 'string') return;
    matched.set(id, request.is404 ? null : `${request.method} ${request.routeOptions.url}`);
  });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  origin = `127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  for (const role of ['student', 'teacher', 'admin'] as const) {
    tokens[role] = (await createUserWithRole(t, role)).token;
  }
}, 60_000);

afterAll(async () => {
  agent.destroy();
  await t.close();
  removeDeployDir(deployDir);
});

/** Sends the request line exactly as given (Node's client passes an absolute-form target through untouched). */
function send(method: string, target: string, caller: Caller): Promise<Answer> {
  const id = String((probeCounter += 1));
  const body = method === 'POST' || method === 'PUT' ? '{}' : undefined;
  const headers: Record<string, string> = { host: origin, 'x-probe': id };
  if (caller !== 'anonymous') headers.authorization = `Bearer ${tokens[caller]}`;
  if (body !== undefined) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = String(body.length);
  }
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: '127.0.0.1', port: Number(origin.split(':')[1]), method, path: target, headers, agent },
      (response) => {
        response.resume();
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, route: matched.get(id) ?? null }),
        );
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** Ends the caller's session: the walk sends it only to callers who may not use it. */
const LOGOUT = 'POST /api/auth/logout';

const hex = (char: string, upper: boolean) => {
  const encoded = Buffer.from(char)
    .toString('hex')
    .replace(/../g, (pair) => `%${pair}`);
  return upper ? encoded.toUpperCase() : encoded.toLowerCase();
};

/** Every spelling of one path that a router, a proxy or a browser might treat as the same resource. */
export function spellingsOf(path: string): string[] {
  const spellings = new Set<string>([path]);
  const chars = [...path];
  for (const upper of [false, true]) {
    chars.forEach((char, index) => {
      if (char === '/') return;
      spellings.add(chars.map((other, at) => (at === index ? hex(other, upper) : other)).join(''));
    });
    spellings.add(chars.map((char) => (char === '/' ? char : hex(char, upper))).join(''));
  }
  chars.forEach((char, index) => {
    if (char !== '/') return;
    const before = chars.slice(0, index).join('');
    const after = chars.slice(index + 1).join('');
    spellings.add(`${before}//${after}`);
    if (index > 0) {
      spellings.add(`${before}%2F${after}`);
      spellings.add(`${before}%2f${after}`);
      spellings.add(`${before}/./${after}`);
      spellings.add(`${before}/%2e/${after}`);
      spellings.add(`${before}/x/../${after}`);
      spellings.add(`${before}/x/%2e%2e/${after}`);
      spellings.add(`${before}\\${after}`);
    }
  });
  spellings.add(`${path}/`);
  spellings.add(`${path}//`);
  spellings.add(`${path}/.`);
  spellings.add(`${path}?`);
  spellings.add(`${path};x`);
  spellings.add(`${path}%00`);
  spellings.add(`${path}#x`);
  spellings.add(path.toUpperCase());
  spellings.add(path.replace(/\/(\w)/g, (_all, first: string) => `/${first.toUpperCase()}`));
  spellings.add(path.replace(/^\/api/, '/%2561pi'));
  spellings.add(`/.${path}`);
  spellings.add(`/x/..${path}`);
  for (const form of [...spellings]) {
    if (!form.startsWith('/')) continue;
    spellings.add(`http://${'studyhub.test'}${form}`);
  }
  spellings.add(`HTTP://STUDYHUB.TEST${path}`);
  spellings.add(`https://evil.test:443${path}`);
  spellings.add(`http://user@studyhub.test${path}`);
  return [...spellings];
}

/** The least caller each access level lets through. */
const CALLER_FOR: Record<Access, Caller> = {
  public: 'anonymous',
  'signed-in': 'student',
  teacher: 'teacher',
  admin: 'admin',
};

function accessOf(route: string | null): Access | 'not-found' {
  if (route === null) return 'not-found';
  const [method, url] = route.split(' ');
  const entry = t.app.routeTable.find((candidate) => candidate.method === method && candidate.url === url);
  if (!entry) throw new Error(`The server matched ${route}, which is not in the route table`);
  return entry.access;
}

function walkedRoutes(): RouteEntry[] {
  // The site's catch-all routes are public and have no fixed path to spell.
  return t.app.routeTable.filter((route) => !route.url.includes('*'));
}

describe('access by matched route, over every spelling of every route (docs/security.md item 33)', () => {
  it('the route table is complete: every route declares access, and protected ones exist', () => {
    const table = t.app.routeTable.map((route) => `${route.method} ${route.url} ${route.access}`);
    expect(table).toEqual(
      expect.arrayContaining([
        'GET /api/admin/users admin',
        'HEAD /api/admin/users admin',
        'GET /api/me signed-in',
        'GET /api/syllabus signed-in',
        'GET /api/notes/units signed-in',
        'POST /api/upload/upload teacher',
        'POST /api/papers/upload teacher',
        'GET /api/papers signed-in',
        'GET /api/papers/:id/file public',
        'POST /api/questions teacher',
        'GET /api/questions signed-in',
        'GET /api/search signed-in',
        'GET /api/uploads/mine teacher',
        'POST /api/admin/reviews/:id admin',
        'GET /api/health public',
      ]),
    );
    expect(walkedRoutes().length).toBeGreaterThan(25);
  });

  it('a route missing its access declaration stops the app from starting', async () => {
    const extra = await buildTestApp();
    try {
      expect(() => extra.app.get('/api/test/undeclared', async () => ({ ok: true }))).toThrow(
        /declares no access/,
      );
    } finally {
      await extra.close();
    }
  });

  it.each(['anonymous', 'student', 'teacher'] as const)(
    'as %s: no spelling of a route the caller may not use answers 2xx',
    async (caller) => {
      const role = caller === 'anonymous' ? null : caller;
      const violations: string[] = [];
      /** Per protected route: how many spellings reached it (so the walk is known to exercise the check). */
      const reachedProtected = new Map<string, number>();
      const jobs: Promise<void>[] = [];
      for (const route of walkedRoutes()) {
        const key = `${route.method} ${route.url}`;
        const mayCall = roleMayCall(route.access, role);
        if (mayCall && key === LOGOUT) continue;
        if (!mayCall) reachedProtected.set(key, 0);
        for (const spelling of spellingsOf(concretePath(route.url))) {
          const target = `${spelling}${ROUTE_QUERIES[route.url] ?? ''}`;
          jobs.push(
            send(route.method, target, caller).then((answer) => {
              const access = accessOf(answer.route);
              const allowed = access === 'not-found' || roleMayCall(access, role);
              if (answer.route === key && !mayCall) reachedProtected.set(key, reachedProtected.get(key)! + 1);
              if (!allowed && answer.status !== (role === null ? 401 : 403)) {
                violations.push(`${route.method} ${target} → ${answer.route}: ${answer.status}`);
              }
              if (!allowed && answer.status >= 200 && answer.status < 300) {
                violations.push(`${route.method} ${target} → ${answer.route}: ${answer.status} (2xx)`);
              }
            }),
          );
        }
      }
      await Promise.all(jobs);
      expect(violations).toEqual([]);
      // Percent-encoded letters, dot segments and absolute forms do reach the route they spell.
      for (const [route, count] of reachedProtected) {
        expect({ route, reachedBySeveralSpellings: count >= 10 }).toEqual({
          route,
          reachedBySeveralSpellings: true,
        });
      }
      expect(reachedProtected.size).toBeGreaterThan(0);
    },
    120_000,
  );

  it('the callers the walk uses are real: each route answers its own role past the access check', async () => {
    for (const route of walkedRoutes()) {
      if (`${route.method} ${route.url}` === LOGOUT) continue;
      const caller: Caller = CALLER_FOR[route.access];
      const answer = await send(
        route.method,
        `${concretePath(route.url)}${ROUTE_QUERIES[route.url] ?? ''}`,
        caller,
      );
      expect({ route: `${route.method} ${route.url}`, matched: answer.route }).toEqual({
        route: `${route.method} ${route.url}`,
        matched: `${route.method} ${route.url}`,
      });
      expect([401, 403]).not.toContain(route.access === 'public' ? 0 : answer.status);
    }
  });

  it.each([
    ['/%61pi/admin/users', 'anonymous', 401],
    ['/%61pi/admin/users', 'student', 403],
    ['/api/admin/%75sers', 'teacher', 403],
    ['http://studyhub.test/api/admin/users', 'anonymous', 401],
    ['http://studyhub.test/api/admin/audit', 'student', 403],
    ['/api/%6De', 'anonymous', 401],
    ['/%61pi/admin/messages', 'anonymous', 401],
    ['/%61pi/syllabus', 'anonymous', 401],
    ['/%61pi/notes/units?subject=CS-501', 'anonymous', 401],
    ['/%61pi/papers?subject=CS-501', 'anonymous', 401],
    ['/api/%71uestions?subject=CS-501', 'anonymous', 401],
  ] as const)('the reported bypass %s as %s is refused with %i', async (target, caller, status) => {
    expect((await send('GET', target, caller)).status).toBe(status);
  });
});
