import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { apiClient } from '@studyhub/shared';
import type { AuditEntry, AuditPage } from '@studyhub/contract/schemas';
import { ADMIN, networkError, renderWithProviders } from '@studyhub/shared/testing';
import { ActivityPage } from './activity-page';

const row = (id: number, action: string, overrides: Partial<AuditEntry> = {}): AuditEntry => ({
  id,
  at: '2025-05-09T10:30:00.000Z',
  action,
  actor: { id: 'a1', name: 'Ravi Admin', email: 'ravi@example.com' },
  target: null,
  ip: null,
  details: null,
  ...overrides,
});

const page = (number: number, items: AuditEntry[], total = 30): { data: AuditPage } => ({
  data: { items, page: number, pageSize: 25, total },
});

afterEach(() => {
  jest.restoreAllMocks();
});

describe('ActivityPage', () => {
  it('shows the newest page of the audit trail in words, and pages to older rows', async () => {
    const get = jest
      .spyOn(apiClient, 'get')
      .mockResolvedValueOnce(
        page(1, [
          row(30, 'admin.user.role', { details: { email: 'asha@x.in', from: 'student', to: 'teacher' } }),
          row(29, 'admin.user.delete', {
            actor: { id: 'gone', name: null, email: null },
            details: { email: 'v@x.in', role: 'student' },
          }),
        ]) as never,
      )
      .mockResolvedValueOnce(page(2, [row(5, 'auth.login.success')]) as never);
    renderWithProviders(<ActivityPage />, { route: '/admin/activity', user: ADMIN });

    const rows = await screen.findAllByTestId('activity-row');
    expect(get).toHaveBeenCalledWith('/api/admin/audit', {
      params: { page: 1 },
      signal: expect.any(AbortSignal),
    });
    expect(within(rows[0]!).getByRole('rowheader')).toHaveTextContent('Changed a role');
    expect(rows[0]).toHaveTextContent('Ravi Admin (ravi@example.com)');
    expect(rows[0]).toHaveTextContent('asha@x.in: student → teacher');
    expect(rows[0]).toHaveTextContent('9 May 2025');
    expect(rows[1]).toHaveTextContent('Deleted user');
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Newer' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Older' }));
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();
    expect(get).toHaveBeenLastCalledWith('/api/admin/audit', {
      params: { page: 2 },
      signal: expect.any(AbortSignal),
    });
    expect(screen.getAllByTestId('activity-row')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Older' })).toBeDisabled();
  });

  it('says when it cannot load, and Retry asks again', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    jest
      .spyOn(apiClient, 'get')
      .mockRejectedValueOnce(networkError())
      .mockResolvedValueOnce(page(1, [], 0) as never);
    renderWithProviders(<ActivityPage />, { route: '/admin/activity', user: ADMIN });
    await userEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Nothing has happened yet.')).toBeInTheDocument();
  });
});
