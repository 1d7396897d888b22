/**
 * Table types. Portable across SQLite and PostgreSQL (architecture §8): ids are app-made UUID text, timestamps are
 * ISO-8601 UTC text, booleans are 0/1 integers, JSON is stored as text.
 */
import type { Generated } from 'kysely';
import type { AreaName, Role } from '@studyhub/contract';
import type { AreaReportKind, UploadState } from '@studyhub/contract/schemas';

export interface UsersTable {
  id: string;
  name: string;
  /** Lower case; unique. */
  email: string;
  /** argon2id PHC string; null for accounts that only sign in with Google. */
  password_hash: string | null;
  google_sub: string | null;
  role: Role;
  is_google: number;
  /** Bumped to revoke every token issued before (password reset; deletion removes the row). */
  token_version: number;
  created_at: string;
  updated_at: string;
}

/**
 * A sign-up waiting for its code (docs/security.md item 35). Each registration keeps the name and password it was
 * made with; verifying its code creates the account with exactly those. Gone when verified or 24 h old.
 */
export interface RegistrationsTable {
  id: string;
  /** Lower case. Several registrations may wait for one address; each has its own code. */
  email: string;
  name: string;
  password_hash: string;
  /** HMAC-SHA256 of the code under the server secret, salted with the registration id. */
  code_hash: string;
  code_expires_at: string;
  /** Wrong codes tried against the current code. */
  attempts: number;
  created_at: string;
  expires_at: string;
}

/** Mails sent to one address for one purpose, shared by every replica (docs/security.md item 41). */
export interface MailQuotaTable {
  /** `<purpose>:<HMAC of the address>`: addresses nobody registered are counted without being stored. */
  key: string;
  sends: number;
  window_started_at: string;
  last_sent_at: string | null;
  blocked_until: string | null;
}

/** Session tokens ended by logout before their expiry (docs/security.md item 38); dropped once expired. */
export interface RevokedSessionsTable {
  jti: string;
  user_id: string;
  expires_at: string;
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

/** Failed-login counters per account, per account and client IP, and per client IP (docs/security.md item 36). */
export interface LoginThrottleTable {
  key: string;
  /** The account (lower-case email) a row counts for, so a password reset can clear them all; null for IPs. */
  account: string | null;
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
  /** 1 for the unit's file students see; only an approved file is ever current. */
  current: number;
  /** A teacher's upload is pending until decided (decision 026); an admin's is approved at once. */
  state: UploadState;
  /** When students could first see it; null until approved. */
  published_at: string | null;
  /** The admin who approved or rejected it; null while pending and for expiry. */
  decided_by: string | null;
  decided_at: string | null;
  /** Why an admin rejected it. */
  reason: string | null;
}

/**
 * One subject's exam paper of one session (decision 034); a newer approved paper of the same subject and session
 * becomes current and keeps the one before it as history (current = 0), as note files do.
 */
export interface QuestionPapersTable {
  id: string;
  subject_code: string;
  session_year: number;
  /** 1–12. */
  session_month: number;
  /** A label such as "2019 scheme"; not part of what identifies the paper. */
  scheme: string | null;
  /** Server-chosen file name under filesDir; never derived from user input. */
  storage_name: string;
  /** The uploader's file name, sanitised, kept only as information. */
  original_name: string;
  size: number;
  sha256: string;
  uploaded_by: string | null;
  uploaded_at: string;
  /** 1 for the subject's paper of that session students see; only an approved paper is ever current. */
  current: number;
  state: UploadState;
  published_at: string | null;
  decided_by: string | null;
  decided_at: string | null;
  reason: string | null;
}

/** An important question under one unit of a subject (decision 034). */
export interface ImportantQuestionsTable {
  id: string;
  subject_code: string;
  unit: number;
  /** Plain text, several lines. */
  text: string;
  marks: number | null;
  /** JSON text: the sessions it was asked in, newest first (`["May 2024","Dec 2023"]`). */
  asked_in: string;
  /** How many sessions asked it, and the newest of them as `YYYY-MM` (null if none): the order students read. */
  asked_count: number;
  last_asked: string | null;
  uploaded_by: string | null;
  uploaded_at: string;
  state: UploadState;
  published_at: string | null;
  decided_by: string | null;
  decided_at: string | null;
  reason: string | null;
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

/**
 * The version of each cached dataset, bumped by triggers on every write to its tables (read-cache.ts): `notes` by
 * note_files, question_papers and important_questions, `syllabus` by syllabus_entries.
 */
export interface ContentVersionsTable {
  dataset: 'notes' | 'syllabus';
  version: number;
}

/** How many browsers reported `kind` for a version of an area within one minute (decision 025). */
export interface AreaReportVotesTable {
  area: AreaName;
  version: string;
  kind: AreaReportKind;
  /** Keyed hash of the sender's network prefix: who voted, without storing anything personal. */
  source: string;
  /** ISO-8601 time of the latest such report from that source. */
  seen_at: string;
}

/** The indexing job's row per note file or paper (decision 038): claimed with a lease, attempts capped. */
export interface SearchFilesTable {
  file_id: string;
  kind: 'note' | 'paper';
  state: 'indexing' | 'indexed' | 'unreadable';
  attempts: number;
  /** While `indexing`: until when the replica that claimed it owns it (ISO-8601). */
  lease_until: string | null;
  pages: number | null;
  /** Why an unreadable file could not be read. */
  reason: string | null;
  updated_at: string;
}

/** One page's text (normalised, for snippets) and its words as the search tokenizer wrote them (indexed). */
export interface SearchPagesTable {
  id: Generated<number>;
  file_id: string;
  /** 1-based. */
  page: number;
  text: string;
  terms: string;
}

/** A user's semester, which their Home starts with (decision 039); null until they choose one. */
export interface StudyProfilesTable {
  user_id: string;
  semester: number | null;
  updated_at: string;
}

/** How far a user read one note file or paper: the latest `read_at` wins (decision 039). */
export interface ReadingProgressTable {
  user_id: string;
  kind: 'note' | 'paper';
  file_id: string;
  page: number;
  pages: number;
  /** When the page was read, on the reader's clock (never after the server's), ISO-8601 UTC. */
  read_at: string;
}

/** A starred subject (unit and page null), unit (page null) or page of a unit, with an optional note. */
export interface BookmarksTable {
  id: string;
  user_id: string;
  subject_code: string;
  unit: number | null;
  page: number | null;
  note: string | null;
  created_at: string;
}

export interface FollowsTable {
  user_id: string;
  subject_code: string;
  created_at: string;
}

/** Something of a subject students could first see at `created_at`: a unit's notes, a paper, a question. */
export interface SubjectUpdatesTable {
  id: string;
  subject_code: string;
  kind: 'note' | 'paper' | 'question';
  /** The notes' or question's unit; null for a paper. */
  unit: number | null;
  /** The paper's session ("May 2024"); null otherwise. */
  session: string | null;
  created_at: string;
}

/** An update waiting for one follower's next digest, queued when it happened (decision 039). */
export interface DigestItemsTable {
  user_id: string;
  update_id: string;
  queued_at: string;
}

/** Each user's digest: when the last went, and which replica is sending the next (a lease). */
export interface DigestsTable {
  user_id: string;
  last_sent_at: string | null;
  lease_until: string | null;
}

export interface Database {
  users: UsersTable;
  registrations: RegistrationsTable;
  mail_quota: MailQuotaTable;
  revoked_sessions: RevokedSessionsTable;
  password_resets: PasswordResetsTable;
  login_throttle: LoginThrottleTable;
  contact_messages: ContactMessagesTable;
  audit_log: AuditLogTable;
  note_files: NoteFilesTable;
  question_papers: QuestionPapersTable;
  important_questions: ImportantQuestionsTable;
  syllabus_entries: SyllabusEntriesTable;
  content_versions: ContentVersionsTable;
  area_report_votes: AreaReportVotesTable;
  search_files: SearchFilesTable;
  search_pages: SearchPagesTable;
  study_profiles: StudyProfilesTable;
  reading_progress: ReadingProgressTable;
  bookmarks: BookmarksTable;
  follows: FollowsTable;
  subject_updates: SubjectUpdatesTable;
  digest_items: DigestItemsTable;
  digests: DigestsTable;
}
