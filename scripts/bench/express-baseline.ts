/**
 * The baseline of `npm run bench -- --only api` (api-reads.ts starts it as a child process): Express 5 and
 * better-sqlite3 answering GET /api/notes/recent and GET /api/syllabus from the StudyHub database file, opened
 * read-only, with the same JSON as StudyHub. What a small, well-written Express app would do: prepared statements,
 * `res.json`, Express's defaults (ETag included), no request log, no security headers. /api/syllabus checks the
 * session as StudyHub does: the same JWT verified with jose (when the secret is known), then the user row and the
 * revoked sessions read, and the filters checked with the same zod schema.
 *
 * Environment: BENCH_DB_FILE (required), BENCH_JWT_SECRET (optional: without it the token is not verified and
 * the user is not read). Prints `listening at <url>` once it listens on a free loopback port.
 */
import Database from 'better-sqlite3';
import express from 'express';
import { jwtVerify } from 'jose';
import { findSubject } from '@studyhub/contract/catalog';
import { describeUpload, syllabusQuery } from '@studyhub/contract/schemas';

interface NoteRow {
  id: string;
  branch: string;
  semester: number;
  subject_code: string;
  unit: number;
  uploaded_at: string;
}

interface SyllabusRow {
  id: string;
  name: string;
  code: string;
  program: string;
  system: string;
  grading: string;
  upload_type: string;
  pdfs: string;
  created_at: string;
}

const dbFile = process.env.BENCH_DB_FILE;
if (!dbFile) throw new Error('BENCH_DB_FILE names the StudyHub SQLite file');
const secret = process.env.BENCH_JWT_SECRET ? new TextEncoder().encode(process.env.BENCH_JWT_SECRET) : null;

const db = new Database(dbFile, { readonly: true, fileMustExist: true });
const recent = db.prepare<[], NoteRow>(
  'select * from note_files where current = 1 order by uploaded_at desc, id limit 8',
);
const sessionUser = db.prepare<[string, string], { token_version: number; revoked: string | null }>(
  'select users.*, revoked_sessions.jti as revoked from users ' +
    'left join revoked_sessions on revoked_sessions.jti = ? where users.id = ?',
);
const FILTERS = [
  ['program', 'program'],
  ['system', 'system'],
  ['grading', 'grading'],
  ['code', 'code'],
  ['uploadType', 'upload_type'],
] as const;
/** One prepared statement per set of filters given (at most 32). */
const syllabusStatements = new Map<string, Database.Statement<string[], SyllabusRow>>();
function syllabusStatement(columns: string[]): Database.Statement<string[], SyllabusRow> {
  const key = columns.join(',');
  let statement = syllabusStatements.get(key);
  if (!statement) {
    const where =
      columns.length > 0 ? ` where ${columns.map((column) => `${column} = ?`).join(' and ')}` : '';
    statement = db.prepare<string[], SyllabusRow>(
      `select * from syllabus_entries${where} order by name, created_at`,
    );
    syllabusStatements.set(key, statement);
  }
  return statement;
}

async function signedIn(header: string | undefined): Promise<boolean> {
  if (typeof header !== 'string' || !/^Bearer /i.test(header)) return false;
  const token = header.slice(7).trim();
  if (!secret) return token !== '';
  try {
    const { payload } = await jwtVerify(token, secret, {
      algorithms: ['HS256'],
      requiredClaims: ['exp', 'jti'],
    });
    if (typeof payload.sub !== 'string' || typeof payload.jti !== 'string') return false;
    const user = sessionUser.get(payload.jti, payload.sub);
    return user !== undefined && user.revoked === null && user.token_version === payload.ver;
  } catch {
    return false;
  }
}

const app = express();

app.get('/api/notes/recent', (_request, response) => {
  response.json(
    recent.all().map((row) => ({
      _id: row.id,
      subject: findSubject(row.subject_code)?.name ?? row.subject_code,
      subjectCode: row.subject_code,
      ...describeUpload(row),
      createdAt: row.uploaded_at,
    })),
  );
});

app.get('/api/syllabus', async (request, response) => {
  if (!(await signedIn(request.headers.authorization))) {
    response.status(401).json({ message: 'Please sign in.' });
    return;
  }
  const parsed = syllabusQuery.safeParse(request.query);
  if (!parsed.success) {
    response.status(400).json({ message: parsed.error.issues[0]?.message ?? 'Bad Request' });
    return;
  }
  const query = parsed.data;
  const columns: string[] = [];
  const values: string[] = [];
  for (const [field, column] of FILTERS) {
    const value = query[field];
    if (!value || (field === 'system' && value.toLowerCase() === 'all')) continue;
    columns.push(column);
    values.push(value);
  }
  response.set('Cache-Control', 'no-store');
  response.json(
    syllabusStatement(columns)
      .all(...values)
      .map((row) => ({
        _id: row.id,
        name: row.name,
        code: row.code,
        program: row.program,
        system: row.system,
        grading: row.grading,
        uploadType: row.upload_type,
        pdfs: JSON.parse(row.pdfs) as Record<string, string>,
        createdAt: row.created_at,
      })),
  );
});

const server = app.listen(0, '127.0.0.1', () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  console.log(`listening at http://127.0.0.1:${port}`);
});
process.once('SIGTERM', () => {
  server.close();
  server.closeAllConnections();
  db.close();
});
