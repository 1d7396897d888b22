import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from '@jest/globals';
import { readStoredTheme, ThemeModeProvider, useThemeMode } from './theme-provider';

function ThemeProbe() {
  const { mode, toggle } = useThemeMode();
  return (
    <button type="button" onClick={toggle}>
      mode: {mode}
    </button>
  );
}

function renderTheme() {
  return render(
    <ThemeModeProvider>
      <ThemeProbe />
    </ThemeModeProvider>,
  );
}

const root = () => document.documentElement;

beforeEach(() => {
  localStorage.clear();
  root().classList.remove('dark');
});

describe('ThemeModeProvider', () => {
  it('is dark by default and marks the root element', () => {
    renderTheme();
    expect(screen.getByRole('button')).toHaveTextContent('mode: dark');
    expect(root()).toHaveClass('dark');
    expect(localStorage.getItem('theme')).toBe('dark');
  });

  it('toggling to light removes the marker and saves the choice; toggling back restores both', async () => {
    renderTheme();
    await userEvent.click(screen.getByRole('button'));
    expect(screen.getByRole('button')).toHaveTextContent('mode: light');
    expect(root()).not.toHaveClass('dark');
    expect(localStorage.getItem('theme')).toBe('light');

    await userEvent.click(screen.getByRole('button'));
    expect(screen.getByRole('button')).toHaveTextContent('mode: dark');
    expect(root()).toHaveClass('dark');
    expect(localStorage.getItem('theme')).toBe('dark');
  });

  it('restores a stored light theme', () => {
    root().classList.add('dark');
    localStorage.setItem('theme', 'light');
    renderTheme();
    expect(screen.getByRole('button')).toHaveTextContent('mode: light');
    expect(root()).not.toHaveClass('dark');
  });

  it('restores a stored dark theme', () => {
    localStorage.setItem('theme', 'dark');
    renderTheme();
    expect(screen.getByRole('button')).toHaveTextContent('mode: dark');
    expect(root()).toHaveClass('dark');
  });
});

describe('readStoredTheme', () => {
  it.each([
    [null, 'dark'],
    ['light', 'light'],
    ['dark', 'dark'],
    ['LIGHT', 'dark'],
    ['blue', 'dark'],
    ['', 'dark'],
  ])('reads stored %p as %p', (stored, expected) => {
    if (stored !== null) localStorage.setItem('theme', stored);
    expect(readStoredTheme()).toBe(expected);
  });
});
