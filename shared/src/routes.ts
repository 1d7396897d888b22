/**
 * The route table of SPEC §2: who may open each path and which area renders it.
 * The shell builds its router and guards from this; an area's standalone frame uses its own rows.
 */
import type { AreaName } from './contract';
import { PATHS, YEARS } from './paths';

export type Access = 'open' | 'login' | 'admin';

export interface RouteEntry {
  path: string;
  access: Access;
  /** Absent for the shell's own pages. */
  area?: AreaName;
  /** Page key passed to the area (or the shell) to render. */
  page: string;
}

const yearRoutes: RouteEntry[] = YEARS.map((year) => ({
  // Matching is case-insensitive, so `/notes/thirdyear` and `/notes/ThirdYear` are the same route.
  path: `${PATHS.notes}/${year.key}`,
  access: 'login',
  area: 'notes',
  page: 'year',
}));

export const ROUTE_TABLE: readonly RouteEntry[] = [
  { path: PATHS.home, access: 'open', page: 'home' },
  { path: PATHS.about, access: 'open', page: 'about' },
  { path: PATHS.contact, access: 'open', page: 'contact' },
  { path: PATHS.login, access: 'open', area: 'auth', page: 'login' },
  { path: PATHS.register, access: 'open', area: 'auth', page: 'register' },
  { path: PATHS.verifyOtp, access: 'open', area: 'auth', page: 'verify-otp' },
  { path: PATHS.forgotPassword, access: 'open', area: 'auth', page: 'forgot-password' },
  { path: PATHS.resetPassword, access: 'open', area: 'auth', page: 'reset-password' },
  { path: PATHS.branch, access: 'login', area: 'notes', page: 'branch' },
  { path: PATHS.noNotes, access: 'login', area: 'notes', page: 'no-notes' },
  { path: PATHS.notes, access: 'login', area: 'notes', page: 'notes' },
  ...yearRoutes,
  { path: PATHS.subject, access: 'login', area: 'notes', page: 'subject' },
  { path: PATHS.syllabus, access: 'login', area: 'syllabus', page: 'syllabus' },
  { path: PATHS.uploadNotes, access: 'login', area: 'admin', page: 'upload-notes' },
  { path: PATHS.admin, access: 'admin', area: 'admin', page: 'home' },
  { path: PATHS.addSyllabus, access: 'admin', area: 'admin', page: 'add-syllabus' },
  { path: PATHS.syllabusTable, access: 'admin', area: 'admin', page: 'syllabus-table' },
  { path: PATHS.users, access: 'admin', area: 'admin', page: 'users' },
  { path: PATHS.activity, access: 'admin', area: 'admin', page: 'activity' },
  { path: PATHS.messages, access: 'admin', area: 'admin', page: 'messages' },
];

export function areaRoutes(area: AreaName): RouteEntry[] {
  return ROUTE_TABLE.filter((route) => route.area === area);
}

/** A route path as a pattern: case-insensitive like the shell's router, `:name` one segment, a trailing slash allowed. */
function routePattern(routePath: string): RegExp {
  const segments = routePath
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return new RegExp(`^${segments.join('/')}/?$`, 'i');
}

const ROUTE_PATTERNS = ROUTE_TABLE.map((route) => ({ route, pattern: routePattern(route.path) }));

/** The route a path opens, as the shell's router would match it; undefined for a path it does not know. */
export function routeFor(pathname: string): RouteEntry | undefined {
  return ROUTE_PATTERNS.find(({ pattern }) => pattern.test(pathname))?.route;
}
