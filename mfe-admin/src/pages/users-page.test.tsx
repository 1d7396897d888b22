import { act, screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { Route, Routes } from 'react-router-dom';
import { apiClient } from '@studyhub/shared';
import type { User } from '@studyhub/contract/schemas';
import {
  ADMIN,
  currentLocation,
  httpError,
  LocationProbe,
  networkError,
  renderWithProviders,
  settle,
  setupFakeTimers,
} from '@studyhub/shared/testing';
import { UsersPage } from './users-page';

const person = (id: string, name: string, role: User['role'], createdAt: string, isGoogle = false): User => ({
  _id: id,
  name,
  email: `${name.toLowerCase().replace(/\s+/g, '.')}@example.com`,
  role,
  isGoogle,
  createdAt,
});

const ME = person(ADMIN._id!, ADMIN.name, 'admin', '2025-01-02T08:00:00.000Z');
const ASHA = person('asha', 'Asha Rao', 'student', '2025-05-09T10:30:00.000Z', true);
const VIKRAM = person('vikram', 'Vikram Teacher', 'teacher', '2025-03-15T09:00:00.000Z');
/** As the server sends them: newest first. */
const USERS = [ASHA, VIKRAM, ME];

let user: UserEvent;
let get: jest.SpiedFunction<typeof apiClient.get>;
let put: jest.SpiedFunction<typeof apiClient.put>;
let del: jest.SpiedFunction<typeof apiClient.delete>;

const row = (name: string) =>
  screen.getAllByTestId('user-row').find((candidate) => candidate.textContent?.includes(name))!;
const names = () =>
  screen.getAllByTestId('user-row').map((candidate) => within(candidate).getByRole('rowheader').textContent);
const roleSelect = (name: string) =>
  screen.getByRole('combobox', { name: `Role of ${name}` }) as HTMLSelectElement;

async function renderPage() {
  renderWithProviders(
    <>
      <Routes>
        <Route path="/admin/users" element={<UsersPage />} />
        <Route path="*" element={null} />
      </Routes>
      <LocationProbe />
    </>,
    { route: '/admin/users', user: ADMIN },
  );
  await settle();
}

beforeEach(() => {
  localStorage.clear();
  user = userEvent.setup();
  get = jest.spyOn(apiClient, 'get').mockResolvedValue({ data: USERS } as never);
  put = jest.spyOn(apiClient, 'put');
  del = jest.spyOn(apiClient, 'delete');
});

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('UsersPage list (product §2)', () => {
  it('lists every user newest first with role, en-IN short-month date and sign-in kind', async () => {
    await renderPage();
    expect(get).toHaveBeenCalledWith('/api/admin/users', { signal: expect.any(AbortSignal) });
    expect(names()).toEqual(['Asha Rao', 'Vikram Teacher', `${ADMIN.name} (you)`]);
    expect(roleSelect('Asha Rao').value).toBe('student');
    expect(
      within(roleSelect('Asha Rao'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['student', 'teacher', 'admin']);
    expect(within(row('Asha Rao')).getByText('9 May 2025')).toBeInTheDocument();
    expect(within(row('Asha Rao')).getByText('Google')).toBeInTheDocument();
    expect(within(row('Vikram Teacher')).getByText('15 Mar 2025')).toBeInTheDocument();
  });

  it('an admin cannot delete their own account from here', async () => {
    await renderPage();
    expect(within(row(ADMIN.name)).getByRole('button', { name: /^Delete / })).toBeDisabled();
  });

  it('a failed load toasts "Failed to load users" and offers Retry', async () => {
    get.mockRejectedValueOnce(networkError());
    await renderPage();
    expect(await screen.findAllByText('Failed to load users')).not.toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findAllByTestId('user-row')).toHaveLength(3);
  });
});

describe('UsersPage roles and deletion', () => {
  it('changes a role and says "Role updated successfully"', async () => {
    put.mockResolvedValue({
      data: { message: 'Role updated successfully', user: { ...ASHA, role: 'teacher' } },
    } as never);
    await renderPage();
    await user.selectOptions(roleSelect('Asha Rao'), 'teacher');
    expect(await screen.findByText('Role updated successfully')).toBeInTheDocument();
    expect(put).toHaveBeenCalledWith('/api/admin/users/asha/role', { role: 'teacher' }, undefined);
    expect(roleSelect('Asha Rao').value).toBe('teacher');
  });

  it('a refused change toasts "Failed to update role", says why and keeps the old role', async () => {
    put.mockRejectedValue(
      httpError(409, { message: 'The last admin cannot be demoted. Make another user an admin first.' }),
    );
    await renderPage();
    await user.selectOptions(roleSelect(ADMIN.name), 'student');
    expect(await screen.findAllByText('Failed to update role')).not.toHaveLength(0);
    expect(
      screen.getByText(
        'Failed to update role: The last admin cannot be demoted. Make another user an admin first.',
      ),
    ).toBeInTheDocument();
    expect(roleSelect(ADMIN.name).value).toBe('admin');
  });

  it('asks before deleting; Cancel deletes nothing; Delete removes the row and says "User deleted"', async () => {
    del.mockResolvedValue({ data: { message: 'User deleted' } } as never);
    await renderPage();
    await user.click(within(row('Vikram Teacher')).getByRole('button', { name: /^Delete / }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent('Delete Vikram Teacher (vikram.teacher@example.com)?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(del).not.toHaveBeenCalled();

    await user.click(within(row('Vikram Teacher')).getByRole('button', { name: /^Delete / }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('User deleted')).toBeInTheDocument();
    expect(del).toHaveBeenCalledWith('/api/admin/users/vikram', undefined);
    expect(names()).toEqual(['Asha Rao', `${ADMIN.name} (you)`]);
  });

  it('a refused deletion toasts "Failed to delete user" and keeps the row', async () => {
    del.mockRejectedValue(httpError(404, { message: 'User not found.' }));
    await renderPage();
    await user.click(within(row('Asha Rao')).getByRole('button', { name: /^Delete / }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findAllByText('Failed to delete user')).not.toHaveLength(0);
    expect(screen.getByText('Failed to delete user: User not found.')).toBeInTheDocument();
    expect(names()).toHaveLength(3);
  });
});

describe('UsersPage on a 401 (product §8)', () => {
  it.each([
    ['loading the list', async () => undefined, 'get'],
    [
      'changing a role',
      async (events: UserEvent) => events.selectOptions(roleSelect('Asha Rao'), 'admin'),
      'put',
    ],
  ] as const)(
    '%s: "Session expired. Please log in again.", then logged out after 5 s',
    async (_label, act401, call) => {
      const events = setupFakeTimers();
      const expired = httpError(401, { message: 'Session expired. Please log in again.' });
      if (call === 'get') get.mockRejectedValue(expired);
      else put.mockRejectedValue(expired);
      await renderPage();
      await act401(events);
      await settle();
      expect(screen.getAllByText('Session expired. Please log in again.')).not.toHaveLength(0);
      expect(screen.queryByText('Failed to load users')).not.toBeInTheDocument();
      expect(screen.queryByText('Failed to update role')).not.toBeInTheDocument();
      act(() => {
        jest.advanceTimersByTime(4_999);
      });
      expect(currentLocation()).toBe('/admin/users');
      expect(localStorage.getItem('token')).not.toBeNull();
      act(() => {
        jest.advanceTimersByTime(1);
      });
      expect(currentLocation()).toBe('/login');
      expect(localStorage.getItem('token')).toBeNull();
    },
  );
});
