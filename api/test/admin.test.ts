/**
 * Administration (issue 6; product §6–§7; docs/security.md items 17, 21–23, 28, 30): users and roles, the last-admin
 * guard, immediate effect on the target's existing token, deletion that keeps history, the audit trail and the
 * contact inbox.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { PDFDocument } from 'pdf-lib';
import { countRows, createUserWithRole, createVerifiedUser, loginUser } from './support/accounts';
import { buildTestApp, type TestApp } from './support/apps';
import { uploadNote } from './support/note-files';
import { request, type ApiReply } from './support/requests';

type Method = 'GET' | 'PUT' | 'DELETE' | 'POST';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const call = (method: Method, url: string, token?: string, body?: unknown): Promise<ApiReply> =>
  request(t.app, method, url, body, token === undefined ? {} : { token });

const roleOf = async (id: string) =>
  (await t.db.selectFrom('users').select('role').where('id', '=', id).executeTakeFirstOrThrow()).role;

/** Leaves exactly the given users as admins, so each test sets up the admin count it needs. */
async function onlyAdmins(...ids: string[]): Promise<void> {
  await t.db.updateTable('users').set({ role: 'student' }).where('role', '=', 'admin').execute();
  if (ids.length) await t.db.updateTable('users').set({ role: 'admin' }).where('id', 'in', ids).execute();
}

describe('who may call the admin routes (docs/security.md items 21, 22)', () => {
  const ROUTES: [Method, string, unknown][] = [
    ['GET', '/api/admin/users', undefined],
    ['PUT', '/api/admin/users/ID/role', { role: 'teacher' }],
    ['DELETE', '/api/admin/users/ID', undefined],
    ['GET', '/api/admin/audit', undefined],
    ['GET', '/api/admin/messages', undefined],
  ];

  it.each(ROUTES)(
    '%s %s: anonymous 401, student and teacher 403, admin allowed',
    async (method, url, body) => {
      const admin = await createUserWithRole(t, 'admin');
      const target = await createUserWithRole(t, 'student');
      const path = url.replace('ID', target.id);
      const users = await countRows(t.db, 'users');

      const anonymous = await call(method, path, undefined, body);
      expect(anonymous.status).toBe(401);
      expect(anonymous.body).toEqual({ message: 'Please log in to continue.' });
      for (const role of ['student', 'teacher'] as const) {
        const other = await createUserWithRole(t, role);
        const refused = await call(method, path, other.token, body);
        expect(refused.status).toBe(403);
        expect(refused.body).toEqual({ message: 'Admins only.' });
      }
      expect(await roleOf(target.id)).toBe('student');
      expect(await countRows(t.db, 'users')).toBe(users + 2);

      const allowed = await call(method, path, admin.token, body);
      expect(allowed.status).toBe(200);
    },
  );
});

describe('users and roles', () => {
  it('lists every user newest first, in the SPEC shape and without secrets', async () => {
    const older = await createUserWithRole(t, 'teacher');
    t.clock.advance(60_000);
    const newer = await createUserWithRole(t, 'student');
    const admin = await createUserWithRole(t, 'admin');
    const reply = await call('GET', '/api/admin/users', admin.token);
    expect(reply.status).toBe(200);
    const ids = reply.body.map((user: { _id: string }) => user._id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    const dates = reply.body.map((user: { createdAt: string }) => user.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    const listed = reply.body.find((user: { _id: string }) => user._id === older.id);
    expect(Object.keys(listed).sort()).toEqual(['_id', 'createdAt', 'email', 'isGoogle', 'name', 'role']);
    expect(listed).toMatchObject({ role: 'teacher', isGoogle: false, email: older.user.email.toLowerCase() });
  });

  it.each(['student', 'teacher', 'admin'] as const)(
    'sets the role %s and says "Role updated successfully"',
    async (role) => {
      const admin = await createUserWithRole(t, 'admin');
      const target = await createUserWithRole(t, role === 'student' ? 'teacher' : 'student');
      const reply = await call('PUT', `/api/admin/users/${target.id}/role`, admin.token, { role });
      expect(reply.status).toBe(200);
      expect(reply.body.message).toBe('Role updated successfully');
      expect(reply.body.user).toMatchObject({ _id: target.id, role });
      expect(await roleOf(target.id)).toBe(role);
    },
  );

  it.each([
    [{ role: 'superuser' }],
    [{ role: 'Admin' }],
    [{ role: '' }],
    [{}],
    [{ role: ['admin'] }],
    [null],
  ])('refuses the body %p with 400 and changes nothing', async (body) => {
    const admin = await createUserWithRole(t, 'admin');
    const target = await createUserWithRole(t, 'student');
    const reply = await call('PUT', `/api/admin/users/${target.id}/role`, admin.token, body);
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ message: 'Role must be student, teacher or admin.' });
    expect(await roleOf(target.id)).toBe('student');
  });

  it('answers 404 for an unknown user, on role change and on delete', async () => {
    const admin = await createUserWithRole(t, 'admin');
    for (const [method, url, body] of [
      ['PUT', '/api/admin/users/no-such-user/role', { role: 'teacher' }],
      ['DELETE', '/api/admin/users/no-such-user', undefined],
    ] as const) {
      const reply = await call(method, url, admin.token, body);
      expect(reply.status).toBe(404);
      expect(reply.body).toEqual({ message: 'User not found.' });
    }
  });
});

describe('the last admin (docs/security.md item 23)', () => {
  it('cannot be demoted or deleted, not even by themselves; a second admin makes both possible', async () => {
    const only = await createUserWithRole(t, 'admin');
    await onlyAdmins(only.id);
    for (const role of ['student', 'teacher']) {
      const demote = await call('PUT', `/api/admin/users/${only.id}/role`, only.token, { role });
      expect(demote.status).toBe(409);
      expect(demote.body.message).toMatch(/^The last admin cannot be demoted\./);
    }
    const remove = await call('DELETE', `/api/admin/users/${only.id}`, only.token);
    expect(remove.status).toBe(409);
    expect(remove.body.message).toMatch(/^The last admin cannot be deleted\./);
    expect(await roleOf(only.id)).toBe('admin');
    // Setting the role it already has is no demotion.
    expect(
      (await call('PUT', `/api/admin/users/${only.id}/role`, only.token, { role: 'admin' })).status,
    ).toBe(200);

    const second = await createUserWithRole(t, 'student');
    expect(
      (await call('PUT', `/api/admin/users/${second.id}/role`, only.token, { role: 'admin' })).status,
    ).toBe(200);
    // The promotion ended the second user's sessions (item 17): they sign in again as an admin.
    const secondToken = await loginUser(t, second.user);
    expect(
      (await call('PUT', `/api/admin/users/${only.id}/role`, secondToken, { role: 'teacher' })).status,
    ).toBe(200);
    expect((await call('DELETE', `/api/admin/users/${second.id}`, secondToken)).status).toBe(409);
  });

  it('two admins demoting each other at once leave exactly one admin', async () => {
    const a = await createUserWithRole(t, 'admin');
    const b = await createUserWithRole(t, 'admin');
    await onlyAdmins(a.id, b.id);
    const replies = await Promise.all([
      call('PUT', `/api/admin/users/${b.id}/role`, a.token, { role: 'student' }),
      call('PUT', `/api/admin/users/${a.id}/role`, b.token, { role: 'student' }),
    ]);
    const statuses = replies.map((reply) => reply.status).sort();
    // The loser is refused as the last admin (409) or, already demoted, as a session that ended with its role
    // (401, item 17).
    expect(statuses[0]).toBe(200);
    expect([401, 409]).toContain(statuses[1]);
    const admins = await t.db.selectFrom('users').select('id').where('role', '=', 'admin').execute();
    expect(admins).toHaveLength(1);
  });

  it('two admins deleting each other at once leave exactly one admin', async () => {
    const a = await createUserWithRole(t, 'admin');
    const b = await createUserWithRole(t, 'admin');
    await onlyAdmins(a.id, b.id);
    const replies = await Promise.all([
      call('DELETE', `/api/admin/users/${b.id}`, a.token),
      call('DELETE', `/api/admin/users/${a.id}`, b.token),
    ]);
    expect(replies.filter((reply) => reply.status === 200)).toHaveLength(1);
    expect(await t.db.selectFrom('users').select('id').where('role', '=', 'admin').execute()).toHaveLength(1);
  });
});

describe("a change takes effect on the target's very next request (docs/security.md item 17)", () => {
  const EXPIRED = { message: 'Session expired. Please log in again.' };

  it('a role change ends every session of the target: 401 everywhere, a new login has the new role', async () => {
    const actor = await createUserWithRole(t, 'admin');
    const target = await createUserWithRole(t, 'admin');
    const otherSession = await loginUser(t, target.user);
    const bystander = await createUserWithRole(t, 'teacher');
    expect((await call('GET', '/api/admin/users', target.token)).status).toBe(200);

    const changed = await call('PUT', `/api/admin/users/${target.id}/role`, actor.token, { role: 'teacher' });
    expect(changed.status).toBe(200);
    for (const token of [target.token, otherSession]) {
      for (const url of ['/api/me', '/api/admin/users', '/api/uploads/mine']) {
        expect(await call('GET', url, token)).toMatchObject({ status: 401, body: EXPIRED });
      }
    }
    // The acting admin and everyone else go on.
    expect((await call('GET', '/api/admin/users', actor.token)).status).toBe(200);
    expect((await call('GET', '/api/uploads/mine', bystander.token)).status).toBe(200);
    const me = await call('GET', '/api/me', await loginUser(t, target.user));
    expect(me.status).toBe(200);
    expect(me.body.user.role).toBe('teacher');
  }, 30_000);

  it('a promoted student’s old token gets 401; their next login is an admin’s', async () => {
    const actor = await createUserWithRole(t, 'admin');
    const target = await createUserWithRole(t, 'student');
    expect((await call('GET', '/api/admin/audit', target.token)).status).toBe(403);
    await call('PUT', `/api/admin/users/${target.id}/role`, actor.token, { role: 'admin' });
    expect(await call('GET', '/api/admin/audit', target.token)).toMatchObject({ status: 401, body: EXPIRED });
    expect((await call('GET', '/api/admin/audit', await loginUser(t, target.user))).status).toBe(200);
  }, 30_000);

  it('setting the role a user already has changes nothing and ends no session', async () => {
    const actor = await createUserWithRole(t, 'admin');
    const target = await createUserWithRole(t, 'teacher');
    const same = await call('PUT', `/api/admin/users/${target.id}/role`, actor.token, { role: 'teacher' });
    expect(same.status).toBe(200);
    expect((await call('GET', '/api/uploads/mine', target.token)).status).toBe(200);
  }, 30_000);

  it('a deleted user’s token gets 401 everywhere', async () => {
    const actor = await createUserWithRole(t, 'admin');
    const target = await createUserWithRole(t, 'admin');
    const reply = await call('DELETE', `/api/admin/users/${target.id}`, actor.token);
    expect(reply.body).toEqual({ message: 'User deleted' });
    for (const url of ['/api/me', '/api/admin/users', '/api/syllabus']) {
      const next = await call('GET', url, target.token);
      expect(next.status).toBe(401);
    }
    const login = await t.post('/api/auth/login', {
      email: target.user.email,
      password: target.user.password,
    });
    expect(login.status).toBe(401);
  });
});

describe('deleting a user keeps what they did', () => {
  it('their uploads, messages and audit rows stay, attributed to a deleted user', async () => {
    const actor = await createUserWithRole(t, 'admin');
    const uploader = await createUserWithRole(t, 'admin');
    const doc = await PDFDocument.create();
    doc.addPage([100, 100]);
    const uploaded = await uploadNote(
      t,
      { branch: 'CSE', year: '2', semester: '3', subject: 'CS-303', unit: '2' },
      Buffer.from(await doc.save()),
      uploader.token,
    );
    expect(uploaded.status).toBe(201);
    expect(
      (await call('POST', '/api/contact', uploader.token, { message: 'Thanks for the notes' })).status,
    ).toBe(200);

    expect((await call('DELETE', `/api/admin/users/${uploader.id}`, actor.token)).status).toBe(200);

    const note = await t.db
      .selectFrom('note_files')
      .select('uploaded_by')
      .where('id', '=', uploaded.body.note._id)
      .executeTakeFirstOrThrow();
    expect(note.uploaded_by).toBe(uploader.id);
    const recent = await t.get('/api/notes/recent');
    expect(recent.body.map((item: { _id: string }) => item._id)).toContain(uploaded.body.note._id);

    const audit = await call('GET', '/api/admin/audit?pageSize=100', actor.token);
    const theirs = audit.body.items.filter(
      (entry: { actor: { id: string } | null }) => entry.actor?.id === uploader.id,
    );
    expect(theirs.map((entry: { action: string }) => entry.action)).toEqual(
      expect.arrayContaining(['notes.upload', 'contact.sent', 'auth.login.success']),
    );
    for (const entry of theirs) expect(entry.actor).toEqual({ id: uploader.id, name: null, email: null });
    const deletion = audit.body.items.find(
      (entry: { action: string; target: string }) =>
        entry.action === 'admin.user.delete' && entry.target === uploader.id,
    );
    expect(deletion).toMatchObject({
      actor: { id: actor.id, email: actor.user.email.toLowerCase() },
      details: { email: uploader.user.email.toLowerCase(), role: 'admin' },
    });

    const messages = await call('GET', '/api/admin/messages', actor.token);
    expect(messages.body.items[0]).toMatchObject({
      message: 'Thanks for the notes',
      email: uploader.user.email.toLowerCase(),
      accountDeleted: true,
    });
  });
});

describe('audit trail and contact inbox (beyond SPEC)', () => {
  it('the audit trail is newest first and paged; each admin action leaves a row without secrets', async () => {
    const admin = await createUserWithRole(t, 'admin');
    const target = await createUserWithRole(t, 'student');
    await call('PUT', `/api/admin/users/${target.id}/role`, admin.token, { role: 'teacher' });
    const first = await call('GET', '/api/admin/audit?page=1&pageSize=2', admin.token);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ page: 1, pageSize: 2 });
    expect(first.body.items).toHaveLength(2);
    expect(first.body.total).toBe(await countRows(t.db, 'audit_log'));
    expect(first.body.items[0]).toMatchObject({
      action: 'admin.user.role',
      actor: { id: admin.id, email: admin.user.email.toLowerCase() },
      target: target.id,
      details: { email: target.user.email.toLowerCase(), from: 'student', to: 'teacher' },
    });
    expect(Date.parse(first.body.items[0].at)).not.toBeNaN();
    const second = await call('GET', '/api/admin/audit?page=2&pageSize=2', admin.token);
    expect(second.body.items[0].id).toBeLessThan(first.body.items[1].id);

    // docs/security.md item 30: no password, hash, code or token in any row.
    const secrets = [admin.user.password, target.user.password, admin.token, target.token];
    const hashes = await t.db.selectFrom('users').select('password_hash').execute();
    const everything = JSON.stringify(await t.db.selectFrom('audit_log').selectAll().execute());
    for (const secret of [...secrets, ...hashes.map((row) => row.password_hash).filter(Boolean)]) {
      expect(everything).not.toContain(secret);
    }
  });

  it.each([
    ['page=0', 'Page must be a whole number from 1.'],
    ['page=x', 'Page must be a whole number from 1.'],
    ['page=1.5', 'Page must be a whole number from 1.'],
    ['pageSize=101', 'Page size must be a whole number from 1 to 100.'],
    ['pageSize=-1', 'Page size must be a whole number from 1 to 100.'],
  ])('refuses ?%s with 400', async (query, message) => {
    const admin = await createUserWithRole(t, 'admin');
    for (const route of ['audit', 'messages']) {
      const reply = await call('GET', `/api/admin/${route}?${query}`, admin.token);
      expect(reply.status).toBe(400);
      expect(reply.body).toEqual({ message });
    }
  });

  it('messages are newest first, in the account’s name whatever the form claimed (item 23)', async () => {
    const admin = await createUserWithRole(t, 'admin');
    const sender = await createVerifiedUser(t);
    const token = await loginUser(t, sender);
    for (const message of ['first', 'second']) {
      t.clock.advance(1000);
      const reply = await call('POST', '/api/contact', token, {
        message,
        name: 'Someone Else',
        email: 'else@example.com',
        role: 'admin',
      });
      expect(reply.status).toBe(200);
    }
    const reply = await call('GET', '/api/admin/messages?pageSize=2', admin.token);
    expect(reply.body.items.map((item: { message: string }) => item.message)).toEqual(['second', 'first']);
    expect(reply.body.items[0]).toMatchObject({
      name: sender.name,
      email: sender.email.toLowerCase(),
      accountDeleted: false,
    });
    const row = await t.db
      .selectFrom('users')
      .select('role')
      .where('email', '=', sender.email.toLowerCase())
      .executeTakeFirstOrThrow();
    expect(row.role).toBe('student');
  });
});

describe('fuzzing the admin routes (docs/security.md item 28)', () => {
  it('random role bodies, ids and page queries never give a 5xx; refusals change no role', async () => {
    const admin = await createUserWithRole(t, 'admin');
    const target = await createUserWithRole(t, 'student');
    const roles = async () =>
      JSON.stringify(await t.db.selectFrom('users').select(['id', 'role']).orderBy('id').execute());
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.anything({ maxDepth: 2 }), fc.record({ role: fc.oneof(fc.string(), fc.anything()) })),
        fc.oneof(fc.constant(target.id), fc.string({ maxLength: 80 }).map(encodeURIComponent)),
        fc.dictionary(fc.constantFrom('page', 'pageSize', 'x'), fc.string({ maxLength: 12 }), { maxKeys: 3 }),
        async (body, id, query) => {
          fc.pre(id !== '' && id !== admin.id);
          const before = await roles();
          const changed = await call('PUT', `/api/admin/users/${id}/role`, admin.token, body);
          expect(changed.status).toBeLessThan(500);
          expect(typeof changed.body.message).toBe('string');
          if (changed.status !== 200) expect(await roles()).toEqual(before);
          const listed = await call('GET', `/api/admin/audit?${new URLSearchParams(query)}`, admin.token);
          expect(listed.status).toBeLessThan(500);
        },
      ),
      { numRuns: 60 },
    );
  }, 30_000);
});
