import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from '@jest/globals';
import { useLocation } from 'react-router-dom';
import { renderWithProviders } from '@studyhub/shared/testing';
import { AboutPage } from './about-page';
import { initialsOf } from './initials-avatar';

describe('initialsOf', () => {
  it.each([
    ['StudyHub Founder', 'SF'],
    ['Asha Student', 'AS'],
    ['ravi kumar singh', 'RS'],
    ['  Asha   Student  ', 'AS'],
    ['Asha', 'AS'],
    ['A', 'A'],
    ['You ?', 'Y?'],
    ['', '?'],
    ['   ', '?'],
  ])('%p → %p', (name, initials) => {
    expect(initialsOf(name)).toBe(initials);
  });
});

function LocationProbe() {
  return <p data-testid="location">{useLocation().pathname}</p>;
}

describe('AboutPage', () => {
  beforeEach(() => {
    localStorage.clear();
    renderWithProviders(
      <>
        <AboutPage />
        <LocationProbe />
      </>,
      { route: '/about' },
    );
  });

  it('describes the initiative with mission, vision, goals, offerings and team', () => {
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/About/);
    expect(screen.getByText(/student-driven initiative/)).toBeInTheDocument();
    for (const heading of [/mission/i, /vision/i, /goals/i, /offer/i, /team/i]) {
      expect(screen.getByRole('heading', { name: heading })).toBeInTheDocument();
    }
  });

  it('draws the founder’s avatar from the initials of the name', () => {
    const founder = screen.getByRole('heading', { level: 3, name: 'StudyHub Founder' }).closest('article')!;
    expect(within(founder).getByRole('img', { name: 'StudyHub Founder avatar' })).toHaveTextContent(/^SF$/);
    expect(within(founder).getByText('Founder & Developer')).toBeInTheDocument();
  });

  it('has exactly one founder and developer', () => {
    expect(screen.getAllByText(/Founder & Developer/)).toHaveLength(1);
  });

  it('the "You?" card invites contributors and links to /contact-us', async () => {
    const you = screen.getByRole('heading', { level: 3, name: 'You?' }).closest('article')!;
    expect(within(you).getByRole('img')).toHaveTextContent(/^Y\?$/);
    const link = within(you).getByRole('link');
    expect(link).toHaveAttribute('href', '/contact-us');
    await userEvent.click(link);
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/contact-us$/);
  });
});
