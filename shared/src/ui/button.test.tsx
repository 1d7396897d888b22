import { render, screen } from '@testing-library/react';
import { describe, expect, it } from '@jest/globals';
import { ThemeProvider } from 'styled-components';
import { theme } from '../theme/theme';
import { Button } from './button';

describe('Button', () => {
  it('the danger variant is filled with the danger colour and written in primaryText', () => {
    render(
      <ThemeProvider theme={theme}>
        <Button $variant="danger">Delete</Button>
        <Button>Save</Button>
      </ThemeProvider>,
    );
    const danger = getComputedStyle(screen.getByRole('button', { name: 'Delete' }));
    expect(danger.getPropertyValue('background')).toBe('var(--sh-danger)');
    expect(danger.color).toBe('var(--sh-primary-text)');
    // A safe action does not look like a destructive one.
    expect(
      getComputedStyle(screen.getByRole('button', { name: 'Save' })).getPropertyValue('background'),
    ).toBe('var(--sh-primary)');
  });
});
