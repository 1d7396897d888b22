import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from '@jest/globals';
import { useSession } from '@studyhub/shared';
import { STUDENT, tokenExpiringIn } from '@studyhub/shared/testing';
import { Header } from './header';
import { renderWithAreas } from '../testing/area-registry';

const TOKEN = tokenExpiringIn(3600);

/**
 * Stands in for the auth area: areas reach the session only through @studyhub/shared's useSession, which is
 * one singleton at run time, so a login there is this same call in the same provider tree.
 */
function AreaLogin() {
  const { login } = useSession();
  return (
    <button type="button" onClick={() => login(STUDENT, TOKEN)}>
      area login
    </button>
  );
}

beforeEach(() => localStorage.clear());

describe('Header and a login elsewhere on the page', () => {
  it('switches from Login to Logout the moment an area logs in, without a reload', async () => {
    renderWithAreas(
      <>
        <Header />
        <AreaLogin />
      </>,
      { route: '/login' },
    );
    expect(screen.getByRole('link', { name: 'Login' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'area login' }));
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
    expect(localStorage.getItem('token')).toBe(TOKEN);
  });

  it('logging out from the header is seen by the area as well', async () => {
    function AreaProbe() {
      return <p data-testid="area-session">{useSession().token ? 'in' : 'out'}</p>;
    }
    renderWithAreas(
      <>
        <Header />
        <AreaLogin />
        <AreaProbe />
      </>,
      { route: '/login' },
    );
    await userEvent.click(screen.getByRole('button', { name: 'area login' }));
    expect(screen.getByTestId('area-session')).toHaveTextContent('in');
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(screen.getByTestId('area-session')).toHaveTextContent('out');
    expect(screen.getByRole('link', { name: 'Login' })).toBeInTheDocument();
  });
});
