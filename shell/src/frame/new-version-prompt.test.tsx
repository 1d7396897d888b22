import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, jest } from '@jest/globals';
import { renderWithProviders } from '@studyhub/shared/testing';
import { createWorkerUpdates } from '../worker-client/worker-updates';
import { NewVersionPrompt } from './new-version-prompt';

describe('NewVersionPrompt', () => {
  it('shows nothing until a new version is waiting, then offers it; Reload lets it take over', async () => {
    const updates = createWorkerUpdates();
    renderWithProviders(<NewVersionPrompt updates={updates} />);
    expect(screen.queryByRole('region', { name: 'New version' })).not.toBeInTheDocument();

    const activate = jest.fn();
    act(() => updates.offer(activate));
    expect(screen.getByRole('region', { name: 'New version' })).toHaveTextContent(
      'A new version of StudyHub is ready.',
    );
    expect(activate).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(activate).toHaveBeenCalledTimes(1);
  });
});
