import { useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import {
  Button,
  ButtonLink,
  PATHS,
  useLogout,
  useSession,
  useThemeMode,
  type AreaName,
} from '@studyhub/shared';
import { preloadArea } from '../areas/area-loader';

const NAV_LINKS: readonly { label: string; to: string; area?: AreaName }[] = [
  { label: 'Home', to: PATHS.home },
  { label: 'Notes', to: PATHS.notes, area: 'notes' },
  { label: 'Syllabus', to: PATHS.syllabus, area: 'syllabus' },
  { label: 'About', to: PATHS.about },
  { label: 'Contact-us', to: PATHS.contact },
];

const MOBILE_BREAKPOINT = '820px';

const Bar = styled.header`
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
`;

const Logo = styled(Link)`
  font-weight: 800;
  font-size: 1.35rem;
  text-decoration: none;
  color: ${({ theme }) => theme.colors.text};
  margin-right: auto;
  span {
    color: ${({ theme }) => theme.colors.primary};
  }
`;

const Links = styled.nav<{ $mobile?: boolean }>`
  display: flex;
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
  ${({ $mobile }) =>
    $mobile
      ? `flex-direction: column; padding: 8px 20px 16px;`
      : `@media (max-width: ${MOBILE_BREAKPOINT}) { display: none; }`}
`;

const MenuButton = styled(Button)`
  display: none;
  @media (max-width: ${MOBILE_BREAKPOINT}) {
    display: inline-flex;
  }
`;

function NavLinks({ mobile }: { mobile?: boolean }) {
  return (
    <Links
      aria-label={mobile ? 'Mobile menu' : 'Main'}
      $mobile={mobile}
      id={mobile ? 'mobile-menu' : undefined}
    >
      {NAV_LINKS.map(({ label, to, area }) => (
        <NavLink
          key={to}
          to={to}
          end={to === PATHS.home}
          onMouseEnter={area ? () => preloadArea(area) : undefined}
          onFocus={area ? () => preloadArea(area) : undefined}
          onTouchStart={area ? () => preloadArea(area) : undefined}
        >
          {label}
        </NavLink>
      ))}
    </Links>
  );
}

export function Header() {
  const { mode, toggle } = useThemeMode();
  const { token } = useSession();
  const logout = useLogout();
  const { pathname } = useLocation();
  // The menu belongs to the page it was opened on, so any navigation closes it.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = menuOpenOn === pathname;

  return (
    <Bar>
      <Inner>
        <Logo to={PATHS.home} aria-label="StudyHub home">
          Study<span>Hub</span>
        </Logo>
        <NavLinks />
        <Button
          $variant="ghost"
          onClick={toggle}
          aria-pressed={mode === 'dark'}
          aria-label={mode === 'dark' ? 'Switch to light mode' : 'Switch to dark mode'}
          title="Dark mode"
        >
          {mode === 'dark' ? '☀️' : '🌙'}
        </Button>
        {/* SPEC §4: logged in is judged by the presence of the token. */}
        {token ? (
          <Button $variant="secondary" onClick={logout}>
            Logout
          </Button>
        ) : (
          <ButtonLink to={PATHS.login}>Login</ButtonLink>
        )}
        <MenuButton
          $variant="ghost"
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          aria-label="Menu"
          onClick={() => setMenuOpenOn(menuOpen ? null : pathname)}
        >
          ☰
        </MenuButton>
      </Inner>
      {menuOpen && <NavLinks mobile />}
    </Bar>
  );
}
