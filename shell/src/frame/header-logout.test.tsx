import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { apiClient } from '@studyhub/shared';
import { savedCopiesOf, savedCopyOwners, savedKey, type SavedItem } from '@studyhub/shared/offline';
import { installFakeCacheStorage, STUDENT, tokenExpiringIn } from '@studyhub/shared/testing';
import { Header } from './header';
import { renderWithAreas } from '../testing/area-registry';

const unit = (number: number, size: number): SavedItem => ({
  key: savedKey.notes('CS-501', number),
  kind: 'notes',
  subjectCode: 'CS-501',
  subjectName: 'Theory of Computation',
  title: `Unit ${number}`,
  size,
  savedAt: '2026-11-27T10:00:00.000Z',
  fileVersion: '2026-05-09T10:00:00.000Z',
});
const COPIES = [
  unit(1, 4 * 1024 * 1024),
  unit(2, 6 * 1024 * 1024),
  { ...unit(3, 2.4 * 1024 * 1024), kind: 'paper' as const, key: savedKey.paper('p1') },
];

let fakeCaches: ReturnType<typeof installFakeCacheStorage>;

async function saveCopies(owner: string, items: SavedItem[]) {
  for (const item of items) await savedCopiesOf(owner).save(item, new Blob(['%PDF-']));
}

beforeEach(() => {
  localStorage.clear();
  fakeCaches = installFakeCacheStorage();
  // POST /api/auth/logout, which ends the session on the server.
  jest.spyOn(apiClient, 'post').mockResolvedValue({ data: { message: 'Logged out' } });
});

afterEach(() => {
  fakeCaches.uninstall();
  jest.restoreAllMocks();
});

describe('Logout and the copies saved for offline', () => {
  it('says what it removes; Cancel keeps the session and the copies', async () => {
    await saveCopies(STUDENT._id!, COPIES);
    renderWithAreas(<Header />, { route: '/', user: STUDENT });
    await userEvent.click(await screen.findByRole('button', { name: 'Logout' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Log out?' });
    expect(dialog).toHaveTextContent(
      'Logging out removes 2 units and 1 paper (12.4 MB) saved for offline on this phone.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(await savedCopiesOf(STUDENT._id!).list()).toHaveLength(3);
  });

  it('Log out removes the copies and ends the session', async () => {
    await saveCopies(STUDENT._id!, COPIES);
    renderWithAreas(<Header />, { route: '/', user: STUDENT });
    await userEvent.click(await screen.findByRole('button', { name: 'Logout' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Log out' }));

    expect(await screen.findByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
    expect(await savedCopyOwners()).toEqual([]);
  });

  it('logs out at once when nothing is saved', async () => {
    renderWithAreas(<Header />, { route: '/', user: STUDENT });
    await userEvent.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('a session that expires keeps the copies (the student may be offline)', async () => {
    await saveCopies(STUDENT._id!, COPIES);
    renderWithAreas(<Header />, { route: '/', user: STUDENT });
    // The token expires (here seen through another tab, as the session provider's timer would see it).
    localStorage.setItem('token', tokenExpiringIn(-1));
    act(() => window.dispatchEvent(new StorageEvent('storage', { key: 'token' })));
    expect(await screen.findByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(await savedCopiesOf(STUDENT._id!).list()).toHaveLength(3);
  });

  it('shows Saved to a signed-in visitor', async () => {
    renderWithAreas(<Header />, { route: '/', user: STUDENT });
    expect(await screen.findAllByRole('link', { name: 'Saved' })).not.toHaveLength(0);
  });
});
