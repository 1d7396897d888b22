import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, jest } from '@jest/globals';
import { renderWithProviders } from '@studyhub/shared/testing';
import { ConfirmDialog } from './confirm-dialog';

describe('ConfirmDialog', () => {
  it('asks in an alert dialog; the confirming button looks destructive, Cancel does not', async () => {
    const onConfirm = jest.fn();
    const onCancel = jest.fn();
    renderWithProviders(
      <ConfirmDialog
        title="Delete user?"
        message="Delete Asha?"
        confirmLabel="Delete"
        onConfirm={onConfirm}
        onCancel={onCancel}
      />,
    );
    expect(await screen.findByRole('alertdialog', { name: 'Delete user?' })).toBeInTheDocument();
    const confirm = screen.getByRole('button', { name: 'Delete' });
    expect(getComputedStyle(confirm).getPropertyValue('background')).toBe('var(--sh-danger)');
    expect(
      getComputedStyle(screen.getByRole('button', { name: 'Cancel' })).getPropertyValue('background'),
    ).not.toBe('var(--sh-danger)');
    await userEvent.click(confirm);
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });
});
