/**
 * Table types. Portable across SQLite and PostgreSQL (DESIGN §8): ids are app-made UUID text, timestamps are
 * ISO-8601 UTC text, booleans are 0/1 integers, JSON is stored as text.
 */
import type { Generated } from 'kysely';
import type { Role } from '@studyhub/shared/constants';

export interface UsersTable {
  id: string;
  name: string;
  /** Lower case; unique. */
  email: string;
  /** argon2id PHC string; null for accounts that only sign in with Google. */
  password_hash: string | null;
  google_sub: string | null;
  role: Role;
  is_verified: number;
  is_google: number;
  /** Bumped to revoke every token issued before (reset, role change, deletion, logout-everywhere). */
  token_version: number;
  created_at: string;
  updated_at: string;
}

/** One live code per user and purpose; a resend replaces the code in place. */
export interface OtpCodesTable {
  id: string;
  user_id: string;
  purpose: 'verify-email';
  /** HMAC-SHA256 of the code under the server secret. */
  code_hash: string;
  expires_at: string;
  attempts: number;
  consumed_at: string | null;
  sent_at: string;
  resends: number;
  blocked_until: string | null;
}

export interface PasswordResetsTable {
  id: string;
  user_id: string;
  /** SHA-256 of the token; the token itself only ever exists in the mail. */
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

/** Failed-login counters per account and per client IP (SECURITY.md item 6). */
export interface LoginThrottleTable {
  key: string;
  failures: number;
  window_started_at: string;
  locked_until: string | null;
}

export interface ContactMessagesTable {
  id: string;
  user_id: string | null;
  name: string;
  email: string;
  message: string;
  created_at: string;
}

export interface AuditLogTable {
  id: Generated<number>;
  at: string;
  actor_id: string | null;
  action: string;
  target: string | null;
  ip: string | null;
  /** JSON text; never passwords, codes or tokens. */
  details: string | null;
}

/** One uploaded PDF; a re-upload of the same unit keeps the old row (current = 0) as history. */
export interface NoteFilesTable {
  id: string;
  branch: string;
  year: number;
  semester: number;
  subject_code: string;
  unit: number;
  /** Server-chosen file name under filesDir; never derived from user input. */
  storage_name: string;
  /** The uploader's file name, sanitised, kept only as information. */
  original_name: string;
  size: number;
  sha256: string;
  uploaded_by: string | null;
  uploaded_at: string;
  current: number;
}

export interface SyllabusEntriesTable {
  id: string;
  name: string;
  code: string;
  program: string;
  system: string;
  grading: string;
  upload_type: 'Syllabus' | 'Scheme';
  /** JSON text: semester number → http(s) URL. */
  pdfs: string;
  created_at: string;
  updated_at: string;
}

export interface Database {
  users: UsersTable;
  otp_codes: OtpCodesTable;
  password_resets: PasswordResetsTable;
  login_throttle: LoginThrottleTable;
  contact_messages: ContactMessagesTable;
  audit_log: AuditLogTable;
  note_files: NoteFilesTable;
  syllabus_entries: SyllabusEntriesTable;
}
