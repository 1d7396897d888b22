import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from '@jest/globals';
import { useLocation } from 'react-router-dom';
import { Footer } from './footer';
import { renderWithAreas } from '../testing/area-registry';

function LocationProbe() {
  return <p data-testid="location">{useLocation().pathname}</p>;
}

beforeEach(() => {
  localStorage.clear();
  renderWithAreas(
    <>
      <Footer />
      <LocationProbe />
    </>,
  );
});

describe('Footer', () => {
  it('shows the 2025 copyright', () => {
    expect(screen.getByText(/©\s*2025/)).toBeInTheDocument();
  });

  it('shows "Update Soon" for both phone and address', () => {
    expect(screen.getByText(/Phone:\s*Update Soon/)).toBeInTheDocument();
    expect(screen.getByText(/Address:\s*Update Soon/)).toBeInTheDocument();
  });

  it('has a newsletter email input whose Subscribe button is disabled and does nothing', async () => {
    const input = screen.getByRole('textbox', { name: 'Newsletter email' });
    expect(input).toHaveAttribute('type', 'email');
    const subscribe = screen.getByRole('button', { name: 'Subscribe' });
    expect(subscribe).toBeDisabled();

    await userEvent.type(input, 'asha@example.com');
    await userEvent.click(subscribe);
    expect(subscribe).toBeDisabled();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it('pressing Enter in the newsletter input does not navigate either', async () => {
    await userEvent.type(
      screen.getByRole('textbox', { name: 'Newsletter email' }),
      'asha@example.com{Enter}',
    );
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });
});
