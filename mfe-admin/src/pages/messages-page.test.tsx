import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { apiClient } from '@studyhub/shared';
import type { ContactMessagePage } from '@studyhub/contract/schemas';
import { ADMIN, renderWithProviders } from '@studyhub/shared/testing';
import { MessagesPage } from './messages-page';

afterEach(() => {
  jest.restoreAllMocks();
});

describe('MessagesPage', () => {
  it('shows each message with its sender, a mail link, the time, and whether the account is gone', async () => {
    const data: ContactMessagePage = {
      items: [
        {
          _id: 'm2',
          name: 'Asha Rao',
          email: 'asha@example.com',
          message: 'Please add CS-503 notes.\nThanks!',
          createdAt: '2025-05-09T10:30:00.000Z',
          accountDeleted: false,
        },
        {
          _id: 'm1',
          name: 'Old Student',
          email: 'old@example.com',
          message: '<script>alert(1)</script>',
          createdAt: '2025-05-08T10:30:00.000Z',
          accountDeleted: true,
        },
      ],
      page: 1,
      pageSize: 25,
      total: 2,
    };
    const get = jest.spyOn(apiClient, 'get').mockResolvedValue({ data } as never);
    renderWithProviders(<MessagesPage />, { route: '/admin/messages', user: ADMIN });

    const cards = await screen.findAllByTestId('contact-message');
    expect(get).toHaveBeenCalledWith('/api/admin/messages', {
      params: { page: 1 },
      signal: expect.any(AbortSignal),
    });
    expect(cards[0]).toHaveTextContent('Asha Rao');
    expect(cards[0]).toHaveTextContent('Please add CS-503 notes. Thanks!');
    expect(screen.getByRole('link', { name: 'asha@example.com' })).toHaveAttribute(
      'href',
      'mailto:asha@example.com',
    );
    expect(cards[0]).not.toHaveTextContent('(account deleted)');
    expect(cards[1]).toHaveTextContent('(account deleted)');
    // Shown as text, never run.
    expect(cards[1]).toHaveTextContent('<script>alert(1)</script>');
    expect(screen.getByText('Page 1 of 1')).toBeInTheDocument();
  });

  it('says when there are none', async () => {
    jest
      .spyOn(apiClient, 'get')
      .mockResolvedValue({ data: { items: [], page: 1, pageSize: 25, total: 0 } } as never);
    renderWithProviders(<MessagesPage />, { route: '/admin/messages', user: ADMIN });
    expect(await screen.findByText('No messages yet.')).toBeInTheDocument();
  });
});
