/**
 * Year and semester spellings, route paths and the download-path builder (product §2, §7; architecture §6).
 * Pure TypeScript: the API imports this too.
 */

export type YearNumber = 1 | 2 | 3 | 4;
export type SemesterNumber = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;
export type YearKey = 'FirstYear' | 'SecondYear' | 'ThirdYear' | 'FourthYear';

export interface YearInfo {
  number: YearNumber;
  /** The navigation-state key of product §2 and the Notes page's button path segment. */
  key: YearKey;
  /** Upload-form spelling ("Third Year"). */
  label: string;
  semesters: readonly [SemesterNumber, SemesterNumber];
}

export const YEARS: readonly YearInfo[] = [
  { number: 1, key: 'FirstYear', label: 'First Year', semesters: [1, 2] },
  { number: 2, key: 'SecondYear', label: 'Second Year', semesters: [3, 4] },
  { number: 3, key: 'ThirdYear', label: 'Third Year', semesters: [5, 6] },
  { number: 4, key: 'FourthYear', label: 'Fourth Year', semesters: [7, 8] },
];

const ORDINALS = ['first', 'second', 'third', 'fourth'] as const;

/** Numbers are taken as they are: -3 is not year 3 (separator stripping below would turn "-3" into "3"). */
function isIntegerIn(value: number, min: number, max: number): boolean {
  return Number.isInteger(value) && value >= min && value <= max;
}

/**
 * `ThirdYear`, `Third_Year`, `Third Year`, `thirdyear`, `Third-Year`, `3` and 3 all mean year 3.
 * Anything else is null, never a guess.
 */
export function normaliseYear(input: string | number): YearNumber | null {
  if (typeof input === 'number') return isIntegerIn(input, 1, 4) ? (input as YearNumber) : null;
  const text = String(input)
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '');
  if (/^[1-4]$/.test(text)) return Number(text) as YearNumber;
  const match = /^(first|second|third|fourth)(year)?$/.exec(text);
  if (!match) return null;
  return (ORDINALS.indexOf(match[1] as (typeof ORDINALS)[number]) + 1) as YearNumber;
}

/** `Semester_5`, `Semester 5`, `semester5`, `Sem-5`, `5` and 5 all mean semester 5. */
export function normaliseSemester(input: string | number): SemesterNumber | null {
  if (typeof input === 'number') return isIntegerIn(input, 1, 8) ? (input as SemesterNumber) : null;
  const text = String(input)
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '');
  const match = /^(?:semester|sem)?([1-8])$/.exec(text);
  return match ? (Number(match[1]) as SemesterNumber) : null;
}

export function yearInfo(year: YearNumber): YearInfo {
  return YEARS[year - 1]!;
}

export function yearOfSemester(semester: SemesterNumber): YearNumber {
  return Math.ceil(semester / 2) as YearNumber;
}

export interface DownloadTarget {
  branch: string;
  year: string | number;
  semester: string | number;
  subjectCode: string;
  /** 1-based position of the unit in the subject's unit list. */
  unitNumber: number;
}

/**
 * product §7: `/api/download/{branch}/{year}/{semester}/{subjectCode}/{unitNumber}` with spaces turned into
 * underscores and the semester written `Semester_{n}`. Year and semester are normalised first, so every
 * spelling of the same unit gives the same link.
 */
export function downloadPath(target: DownloadTarget): string {
  const year = normaliseYear(target.year);
  const semester = normaliseSemester(target.semester);
  if (year === null) throw new Error(`Unknown year: ${String(target.year)}`);
  if (semester === null) throw new Error(`Unknown semester: ${String(target.semester)}`);
  if (!Number.isInteger(target.unitNumber) || target.unitNumber < 1) {
    throw new Error(`Unit number must be a positive integer: ${target.unitNumber}`);
  }
  const segments = [
    target.branch.trim().replace(/\s+/g, '_'),
    yearInfo(year).label.replace(/\s+/g, '_'),
    `Semester_${semester}`,
    target.subjectCode.trim(),
    String(target.unitNumber),
  ];
  return `/api/download/${segments.map(encodeURIComponent).join('/')}`;
}

export const PATHS = {
  home: '/',
  login: '/login',
  register: '/register',
  about: '/about',
  contact: '/contact-us',
  verifyOtp: '/verify-otp',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password/:token',
  branch: '/branch',
  noNotes: '/NoNotesAvailable',
  notes: '/notes',
  subject: '/notes/:subjectCode',
  syllabus: '/syllabus',
  admin: '/admin',
  uploadNotes: '/admin/upload-notes',
  addSyllabus: '/admin/add-syllabus',
  syllabusTable: '/admin/syllabus-table',
  users: '/admin/users',
  /** Beyond SPEC: the audit trail and the contact inbox (decision 010). */
  activity: '/admin/activity',
  messages: '/admin/messages',
  /** Beyond SPEC (decision 026): the upload review queue, and each uploader's own uploads. */
  reviewUploads: '/admin/review-uploads',
  myUploads: '/my-uploads',
  /** Beyond SPEC (decision 034): previous-year papers and important questions, by year and by subject. */
  papers: '/papers',
  paperSubject: '/papers/:subjectCode',
  questions: '/questions',
  questionSubject: '/questions/:subjectCode',
  /** Beyond SPEC (decision 036): the files this phone keeps for offline reading. */
  saved: '/saved',
  /** Beyond SPEC (decision 040): the pages of notes and papers that hold the words searched for. */
  search: '/search',
  /** Beyond SPEC (decision 041): what a student starred, the subjects they follow, and the digest mail's link. */
  bookmarks: '/bookmarks',
  following: '/following',
  unfollow: '/unfollow',
} as const;

/** The study resources a subject has pages for (decision 034), each browsed by year and then by subject. */
export type ResourceKind = 'notes' | 'papers' | 'questions';

/** A year's page uses the key spelling (`/notes/ThirdYear`, product §2; `/papers/ThirdYear`). */
export function yearPath(year: YearNumber, kind: ResourceKind = 'notes'): string {
  return `${PATHS[kind]}/${yearInfo(year).key}`;
}

/** A subject's page of one kind of resource: `/notes/CS-501`, `/questions/CS-502`. */
export function subjectPath(code: string, kind: ResourceKind = 'notes'): string {
  return `${PATHS[kind]}/${encodeURIComponent(code)}`;
}

/** Where an anonymous visitor of a login-required route is sent (product §2). */
export function unauthorizedLoginPath(timestamp: number): string {
  return `${PATHS.login}?reason=unauthorized&t=${timestamp}`;
}
