import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, jest } from '@jest/globals';
import { renderWithProviders } from '../testing';
import { dismissStaleToasts, notify, TOAST_CARRY_OVER_MS } from './toasts';

describe('dismissStaleToasts', () => {
  it('closes the toasts of the page left behind and keeps one raised just before the navigation', async () => {
    renderWithProviders(<p>page</p>);
    const clock = jest.spyOn(Date, 'now');
    const start = 1_000_000;
    clock.mockReturnValue(start);
    act(() => notify.info('Update Soon!'));
    expect(await screen.findByText('Update Soon!')).toBeInTheDocument();
    clock.mockReturnValue(start + TOAST_CARRY_OVER_MS - 500);
    act(() => notify.success('Login successful!'));
    expect(await screen.findByText('Login successful!')).toBeInTheDocument();
    clock.mockRestore();

    // The navigation comes just after the first toast's carry-over time, well within the second's.
    await act(async () => {
      dismissStaleToasts(start + TOAST_CARRY_OVER_MS + 1);
      await Promise.resolve();
    });
    // jsdom runs no CSS animations, so a dismissed toast stays in its exit state (`data-in="false"`).
    const toastOf = (text: string) => screen.getByText(text).closest('.Toastify__toast');
    await waitFor(() => expect(toastOf('Update Soon!')).toHaveAttribute('data-in', 'false'));
    expect(toastOf('Login successful!')).toHaveAttribute('data-in', 'true');
  });
});
