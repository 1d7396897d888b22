import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import {
  Button,
  ButtonLink,
  CountBadge,
  useLogout,
  usePendingReviewCount,
  useSession,
  useThemeMode,
} from '@studyhub/shared';
import { PATHS, SIGNED_IN_ATTRIBUTE, type AreaName } from '@studyhub/contract';
import { useAreaRegistry } from '../areas/area-registry-context';
import { CloseIcon, MenuIcon, MoonIcon, SunIcon } from './icons';
import { OfflineIndicator } from './offline-indicator';
import { usePageIsLive } from './use-page-is-live';
import { useVisitor, type Visitor } from './visitor';

interface NavItem {
  label: string;
  to: string;
  area?: AreaName;
}

const NAV_LINKS: readonly NavItem[] = [
  { label: 'Home', to: PATHS.home },
  { label: 'Notes', to: PATHS.notes, area: 'notes' },
  { label: 'Syllabus', to: PATHS.syllabus, area: 'syllabus' },
  { label: 'About', to: PATHS.about },
  { label: 'Contact-us', to: PATHS.contact },
];

/**
 * What every signed-in visitor keeps: copies saved for offline (decision 036), bookmarks and followed subjects
 * (decision 041). All three are the notes area's, which Home already warms for a signed-in visitor (decision
 * 037): one link preloading it on a hover is enough.
 */
const STUDY_LINKS: readonly NavItem[] = [
  { label: 'Saved', to: PATHS.saved, area: 'notes' },
  { label: 'My bookmarks', to: PATHS.bookmarks },
  { label: 'Following', to: PATHS.following },
];

/**
 * Links beside the ones everyone has: Saved, My bookmarks and Following for anyone signed in, and staff tools,
 * only pages the visitor's role opens.
 */
const ROLE_LINKS: Record<Visitor, readonly NavItem[]> = {
  anonymous: [],
  student: STUDY_LINKS,
  teacher: [
    ...STUDY_LINKS,
    { label: 'Upload', to: PATHS.uploadNotes, area: 'admin' },
    { label: 'My uploads', to: PATHS.myUploads, area: 'admin' },
  ],
  admin: [
    ...STUDY_LINKS,
    { label: 'Admin', to: PATHS.admin, area: 'admin' },
    { label: 'Review uploads', to: PATHS.reviewUploads, area: 'admin' },
  ],
};

const MOBILE_BREAKPOINT = '820px';
/** With the signed-in links the row needs more room before the links fold into the menu. */
const SIGNED_IN_MOBILE_BREAKPOINT = '1080px';
/** Below this (small Android phones, 320–400 px) the header's one row is tightened so it never overflows. */
const NARROW_PHONE = '400px';
const MOBILE_MENU_ID = 'mobile-menu';

const Bar = styled.header`
  /* Before React listens, the page boot script's mark on <html> says whether a session is stored: the first
     paint shows Logout or Login as it will stay (SessionButton). */
  html[${SIGNED_IN_ATTRIBUTE}] & [data-when='signed-out'],
  html:not([${SIGNED_IN_ATTRIBUTE}]) & [data-when='signed-in'] {
    display: none;
  }
  position: sticky;
  top: 0;
  z-index: 100;
  background: ${({ theme }) => theme.colors.surface};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const Inner = styled.div`
  max-width: ${({ theme }) => theme.maxWidth};
  margin: 0 auto;
  padding: 10px 20px;
  display: flex;
  align-items: center;
  gap: 16px;
  @media (max-width: ${NARROW_PHONE}) {
    padding: 8px 12px;
    gap: 6px;
    /* Everything after the logo: Login/Logout keeps room for its word, the icon buttons less. */
    & > :not(:first-child) {
      padding-left: 12px;
      padding-right: 12px;
    }
    & > button[aria-label] {
      padding-left: 8px;
      padding-right: 8px;
    }
  }
`;

const Logo = styled(Link)`
  display: inline-flex;
  align-items: center;
  min-height: 44px;
  font-weight: 800;
  font-size: 1.35rem;
  text-decoration: none;
  color: ${({ theme }) => theme.colors.text};
  margin-right: auto;
  @media (max-width: ${NARROW_PHONE}) {
    font-size: 1.15rem;
  }
  span {
    color: ${({ theme }) => theme.colors.primary};
  }
`;

/** Staff's longer row wraps to a second line on a narrower desktop rather than run off the screen. */
const Links = styled.nav<{ $mobile?: boolean; $foldBelow: string }>`
  display: flex;
  flex-wrap: wrap;
  &[hidden] {
    display: none;
  }
  gap: 4px;
  a {
    padding: 8px 12px;
    border-radius: 8px;
    text-decoration: none;
    color: ${({ theme }) => theme.colors.text};
  }
  a.active {
    background: ${({ theme }) => theme.colors.surfaceAlt};
    color: ${({ theme }) => theme.colors.primary};
  }
  ${({ $mobile, $foldBelow }) =>
    $mobile
      ? `flex-direction: column; padding: 8px 20px 16px;`
      : `@media (max-width: ${$foldBelow}) { display: none; }`}
`;

const MenuButton = styled(Button)<{ $foldBelow: string }>`
  display: none;
  @media (max-width: ${({ $foldBelow }) => $foldBelow}) {
    display: inline-flex;
  }
`;

interface NavLinksProps {
  links: readonly NavItem[];
  foldBelow: string;
  /** Admins' pending uploads, shown on the review link. */
  waiting: number | null;
  mobile?: boolean;
  hidden?: boolean;
}

function NavLinks({ links, foldBelow, waiting, mobile, hidden }: NavLinksProps) {
  const areas = useAreaRegistry();
  return (
    <Links
      aria-label={mobile ? 'Mobile menu' : 'Main'}
      $mobile={mobile}
      $foldBelow={foldBelow}
      id={mobile ? MOBILE_MENU_ID : undefined}
      hidden={hidden}
    >
      {links.map(({ label, to, area }) => (
        <NavLink
          key={to}
          to={to}
          end={to === PATHS.home}
          onMouseEnter={area ? () => areas.preload(area) : undefined}
          onFocus={area ? () => areas.preload(area) : undefined}
          onTouchStart={area ? () => areas.preload(area) : undefined}
        >
          {label}
          {to === PATHS.reviewUploads && waiting !== null && waiting > 0 && (
            <CountBadge count={waiting} of="waiting" />
          )}
        </NavLink>
      ))}
    </Links>
  );
}

/**
 * Logout with copies saved for offline (decision 036): a chunk of its own, fetched on the tap (offline, from the
 * service worker's copy of the shell's files).
 */
const SavedCopiesLogout = lazy(
  () => import(/* webpackChunkName: "saved-copies-logout" */ './saved-copies-logout'),
);

/**
 * An explicit logout: with copies saved for offline it first says they go, and removes them when the student
 * goes on. An expired session keeps them; that logout is not this one.
 */
function LogoutButton() {
  const logout = useLogout();
  const { user } = useSession();
  const [leaving, setLeaving] = useState(false);
  const owner = globalThis.caches && user?._id;
  return (
    <>
      <Button $variant="secondary" onClick={owner ? () => setLeaving(true) : logout}>
        Logout
      </Button>
      {leaving && owner && (
        <Suspense fallback={null}>
          <SavedCopiesLogout owner={owner} onLogout={logout} onCancel={() => setLeaving(false)} />
        </Suspense>
      )}
    </>
  );
}

/**
 * Logout for a signed-in visitor, Login otherwise (product §4: judged by the presence of the token). On the
 * prerendered page, which cannot know the session, and until the session is restored, both are in the HTML and
 * the page boot script's mark picks one by CSS; Logout stays disabled until then.
 */
function SessionButton({ live }: { live: boolean }) {
  const { status, token } = useSession();
  // A first render afresh (every route but Home) is live before the session is restored: the mark decides then.
  if (!live || status === 'loading') {
    return (
      <>
        <ButtonLink to={PATHS.login} data-when="signed-out">
          Login
        </ButtonLink>
        <Button $variant="secondary" disabled data-when="signed-in">
          Logout
        </Button>
      </>
    );
  }
  return token ? <LogoutButton /> : <ButtonLink to={PATHS.login}>Login</ButtonLink>;
}

export function Header() {
  const { mode, toggle } = useThemeMode();
  const { pathname, key: visit } = useLocation();
  // The menu belongs to the visit it was opened on (the location's key), so any navigation closes it, and coming
  // back to that page later does not open it again.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = menuOpenOn === visit;
  const menuButton = useRef<HTMLButtonElement>(null);
  // On the prerendered page these buttons do nothing until React listens: a tap on a slow phone would be lost,
  // so they are disabled until then (decision 014), and the browser says so.
  const live = usePageIsLive();
  const { visitor, user } = useVisitor();
  const roleLinks = ROLE_LINKS[visitor];
  const links = [...NAV_LINKS, ...roleLinks];
  const foldBelow = roleLinks.length > 0 ? SIGNED_IN_MOBILE_BREAKPOINT : MOBILE_BREAKPOINT;
  const waiting = usePendingReviewCount(user, pathname);

  // Escape closes the open menu from anywhere on the page and gives focus back to its button.
  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpenOn(null);
      menuButton.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  return (
    <Bar>
      <Inner>
        <Logo to={PATHS.home} aria-label="StudyHub home">
          Study<span>Hub</span>
        </Logo>
        <NavLinks links={links} foldBelow={foldBelow} waiting={waiting} />
        <Button
          $variant="ghost"
          onClick={toggle}
          disabled={!live}
          aria-pressed={mode === 'dark'}
          aria-label={mode === 'dark' ? 'Switch to light mode' : 'Switch to dark mode'}
          title="Dark mode"
        >
          {mode === 'dark' ? <SunIcon /> : <MoonIcon />}
        </Button>
        <SessionButton live={live} />
        <MenuButton
          ref={menuButton}
          $foldBelow={foldBelow}
          $variant="ghost"
          aria-expanded={menuOpen}
          aria-controls={MOBILE_MENU_ID}
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          onClick={() => setMenuOpenOn(menuOpen ? null : visit)}
          disabled={!live}
        >
          {menuOpen ? <CloseIcon /> : <MenuIcon />}
        </MenuButton>
      </Inner>
      {/* Always in the page, so the button's aria-controls names an element; hidden while closed. */}
      <NavLinks links={links} foldBelow={foldBelow} waiting={waiting} mobile hidden={!menuOpen} />
      <OfflineIndicator />
    </Bar>
  );
}
