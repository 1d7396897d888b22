/**
 * The route table of product §2: who may open each path and which area renders it.
 * The shell builds its router and guards from this; an area's standalone frame uses its own rows.
 */
import { SHELL_PAGES, type AreaName } from './remotes';
import { PATHS, YEARS, type YearKey } from './paths';

/**
 * Who may open a route (product §6): anyone, any signed-in user, teachers and admins (decision 026), admins.
 * Each level includes the ones after it: an admin may do what a teacher may, a teacher what a student may.
 */
export type Access = 'open' | 'login' | 'teacher' | 'admin';

export interface RouteEntry {
  path: string;
  access: Access;
  /** Absent for the shell's own pages. */
  area?: AreaName;
  /** Page key passed to the area (or the shell) to render. */
  page: string;
  /** The page's name in the browser tab, before " · StudyHub" (decision 018); see `documentTitle`. */
  title: string;
  /**
   * The page's heading is its title, whatever the data: the shell draws it while the area loads (decision 014), so
   * a slow phone reads where it is before the area arrives.
   */
  titleIsHeading?: true;
}

export const SITE_NAME = 'StudyHub';

/**
 * The tab title of a route (decision 018): "Choose Your Branch · StudyHub"; Home is the site's name alone, as the
 * built page's own <title> already says, so the prerendered page needs no change when it hydrates.
 */
export function documentTitle(route: RouteEntry | undefined): string {
  if (!route || route.title === SITE_NAME) return SITE_NAME;
  return `${route.title} · ${SITE_NAME}`;
}

/** The year pages' headings (product §2 names the third and fourth: "Final Year" for the fourth). */
const YEAR_TITLES: Record<YearKey, string> = {
  FirstYear: 'First Year CSE Engineering Notes',
  SecondYear: 'Second Year CSE Engineering Notes',
  ThirdYear: 'Third Year CSE Engineering Notes',
  FourthYear: 'Final Year CSE Engineering Notes',
};

export const yearTitle = (year: YearKey): string => YEAR_TITLES[year];

/** The year pages of papers and questions (decision 034): the same years, another kind of resource. */
const RESOURCE_TITLES = { papers: 'Previous Year Questions', questions: 'Important Questions' } as const;

const resourceRoutes = (kind: keyof typeof RESOURCE_TITLES): RouteEntry[] => [
  { path: PATHS[kind], access: 'login', area: 'notes', page: kind, title: RESOURCE_TITLES[kind] },
  ...YEARS.map((year): RouteEntry => ({
    path: `${PATHS[kind]}/${year.key}`,
    access: 'login',
    area: 'notes',
    page: `${kind}-year`,
    title: `${year.label} ${RESOURCE_TITLES[kind]}`,
    titleIsHeading: true,
  })),
  {
    path: kind === 'papers' ? PATHS.paperSubject : PATHS.questionSubject,
    access: 'login',
    area: 'notes',
    page: `${kind}-subject`,
    title: RESOURCE_TITLES[kind],
  },
];

const yearRoutes: RouteEntry[] = YEARS.map((year) => ({
  // Matching is case-insensitive, so `/notes/thirdyear` and `/notes/ThirdYear` are the same route.
  path: `${PATHS.notes}/${year.key}`,
  access: 'login',
  area: 'notes',
  page: 'year',
  title: yearTitle(year.key),
  titleIsHeading: true,
}));

export const ROUTE_TABLE: readonly RouteEntry[] = [
  { path: PATHS.home, access: 'open', page: 'home', title: 'StudyHub' },
  { path: PATHS.about, access: 'open', page: 'about', title: 'About' },
  { path: PATHS.contact, access: 'open', page: 'contact', title: 'Contact-us' },
  { path: PATHS.login, access: 'open', area: 'auth', page: 'login', title: 'Login' },
  { path: PATHS.register, access: 'open', area: 'auth', page: 'register', title: 'Register' },
  { path: PATHS.verifyOtp, access: 'open', area: 'auth', page: 'verify-otp', title: 'Verify OTP' },
  {
    path: PATHS.forgotPassword,
    access: 'open',
    area: 'auth',
    page: 'forgot-password',
    title: 'Forgot Password',
  },
  {
    path: PATHS.resetPassword,
    access: 'open',
    area: 'auth',
    page: 'reset-password',
    title: 'Reset Password',
  },
  {
    path: PATHS.branch,
    access: 'login',
    area: 'notes',
    page: 'branch',
    title: 'Choose Your Branch',
    titleIsHeading: true,
  },
  { path: PATHS.noNotes, access: 'login', area: 'notes', page: 'no-notes', title: 'Notes Not Available' },
  {
    path: PATHS.notes,
    access: 'login',
    area: 'notes',
    page: 'notes',
    title: 'Computer Science & Engineering Notes',
    titleIsHeading: true,
  },
  ...yearRoutes,
  { path: PATHS.subject, access: 'login', area: 'notes', page: 'subject', title: 'Subject Units' },
  ...resourceRoutes('papers'),
  ...resourceRoutes('questions'),
  // Open, not 'login': a session that expired offline still reads what was saved (decision 036); the page shows
  // only the copies of the last user who signed in on this browser.
  {
    path: PATHS.saved,
    access: 'open',
    area: 'notes',
    page: 'saved',
    title: 'Saved for offline',
  },
  // Search inside the notes (decision 040): pages of notes and papers, each opening the reader at its page.
  {
    path: PATHS.search,
    access: 'login',
    area: 'notes',
    page: 'search',
    title: 'Search',
    titleIsHeading: true,
  },
  // Picking up where a student left off (decision 041). /unfollow is open: the digest mail's link works without
  // a session, and its button (never the page's load) stops the follow.
  { path: PATHS.bookmarks, access: 'login', area: 'notes', page: 'bookmarks', title: 'My bookmarks' },
  { path: PATHS.following, access: 'login', area: 'notes', page: 'following', title: 'Following' },
  { path: PATHS.unfollow, access: 'open', area: 'notes', page: 'unfollow', title: 'Stop mails' },
  { path: PATHS.syllabus, access: 'login', area: 'syllabus', page: 'syllabus', title: 'Syllabus' },
  { path: PATHS.uploadNotes, access: 'teacher', area: 'admin', page: 'upload-notes', title: 'Upload Notes' },
  { path: PATHS.myUploads, access: 'teacher', area: 'admin', page: 'my-uploads', title: 'My uploads' },
  { path: PATHS.admin, access: 'admin', area: 'admin', page: 'home', title: 'Admin Dashboard' },
  { path: PATHS.addSyllabus, access: 'admin', area: 'admin', page: 'add-syllabus', title: 'Add Syllabus' },
  {
    path: PATHS.syllabusTable,
    access: 'admin',
    area: 'admin',
    page: 'syllabus-table',
    title: 'Manage Syllabus',
  },
  { path: PATHS.users, access: 'admin', area: 'admin', page: 'users', title: 'User Roles' },
  { path: PATHS.activity, access: 'admin', area: 'admin', page: 'activity', title: 'Activity' },
  { path: PATHS.messages, access: 'admin', area: 'admin', page: 'messages', title: 'Messages' },
  {
    path: PATHS.reviewUploads,
    access: 'admin',
    area: 'admin',
    page: 'review-uploads',
    title: 'Review uploads',
  },
];

/** The roles that pass each access level beyond `open`; roles compare ignoring case, as product §6 says. */
const ROLES_OF: Record<Exclude<Access, 'open'>, readonly string[]> = {
  login: ['student', 'teacher', 'admin'],
  teacher: ['teacher', 'admin'],
  admin: ['admin'],
};

/**
 * Whether a visitor may open a route of `access`: anyone an open one, a signed-in user of a passing role the
 * others. The browser only mirrors the server, which decides every permission itself (product §6).
 */
export function mayOpen(access: Access, user: { role: string } | null): boolean {
  if (access === 'open') return true;
  return user !== null && ROLES_OF[access].includes(user.role.toLowerCase());
}

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

/** Where the shell's build puts the pages of routes whose heading is their title (decision 014). */
export const HEADED_PAGES_FOLDER = 'pages';

/** The prerendered page of a route whose heading is its title: `pages/notes/ThirdYear.html`. */
export const headedPageFile = (route: RouteEntry): string => `${HEADED_PAGES_FOLDER}${route.path}.html`;

/**
 * The shell page a navigation to `pathname` is answered with (decision 014): Home prerendered at `/`; a route
 * whose heading is its title gets a page with that heading in it, so a slow phone reads where it is with the
 * first paint; every other route the frame around a page skeleton. The file comes from the route table, never
 * from the path's text.
 */
export function shellPageFile(pathname: string): string {
  if (pathname === PATHS.home) return SHELL_PAGES.home;
  const route = routeFor(pathname);
  return route?.titleIsHeading ? headedPageFile(route) : SHELL_PAGES.app;
}
