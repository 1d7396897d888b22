import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { Route, Routes } from 'react-router-dom';
import { apiClient } from '@studyhub/shared';
import { savedCopiesOf, savedCopyOwners, savedKey, type SavedItem } from '@studyhub/shared/offline';
import { installFakeCacheStorage, renderWithProviders, STUDENT } from '@studyhub/shared/testing';
import type * as Testing from '@studyhub/shared/testing';
import { NotesArea } from '../notes-area';

jest.mock(
  '@studyhub/shared/reader',
  () => jest.requireActual<typeof Testing>('@studyhub/shared/testing').FAKE_READER_MODULE,
);

const saved = (overrides: Partial<SavedItem> & Pick<SavedItem, 'key' | 'title'>): SavedItem => ({
  kind: 'notes',
  subjectCode: 'CS-501',
  subjectName: 'Theory of Computation',
  size: 1024 * 1024,
  savedAt: '2026-11-27T10:00:00.000Z',
  fileVersion: '2026-05-09T10:00:00.000Z',
  ...overrides,
});
const UNIT_1 = saved({ key: savedKey.notes('CS-501', 1), title: 'Unit 1: Finite Automata' });
const UNIT_2 = saved({ key: savedKey.notes('CS-501', 2), title: 'Unit 2: Grammars', size: 512 * 1024 });
const PAPER = saved({
  key: savedKey.paper('p1'),
  kind: 'paper',
  subjectCode: 'CS-502',
  subjectName: 'Compiler Design',
  title: 'May 2024 question paper',
  size: 2 * 1024 * 1024,
});

let fakeCaches: ReturnType<typeof installFakeCacheStorage>;

async function saveAll(owner: string, items: SavedItem[]) {
  for (const item of items) await savedCopiesOf(owner).save(item, new Blob([new Uint8Array(item.size)]));
}

function renderSaved(signedIn = true) {
  return renderWithProviders(
    <Routes>
      <Route path="/saved" element={<NotesArea page="saved" />} />
    </Routes>,
    { route: '/saved', user: signedIn ? STUDENT : undefined },
  );
}

beforeEach(() => {
  localStorage.clear();
  fakeCaches = installFakeCacheStorage();
  // The page never asks the server: every copy is on the phone.
  jest.spyOn(apiClient, 'get').mockRejectedValue(new Error('The saved page asked the network') as never);
  Object.defineProperty(navigator, 'storage', {
    configurable: true,
    value: { estimate: async () => ({ usage: 4 * 1024 * 1024, quota: 500 * 1024 * 1024 }) },
  });
});

afterEach(() => {
  fakeCaches.uninstall();
  jest.restoreAllMocks();
});

describe('SavedPage', () => {
  it('says how to save when nothing is saved', async () => {
    renderSaved();
    expect(await screen.findByText(/Nothing saved yet/)).toHaveTextContent('Save for offline');
    expect(screen.getByRole('link', { name: 'Browse the notes' })).toHaveAttribute('href', '/notes');
  });

  it('lists the copies by subject with sizes, the total and the space the browser reports', async () => {
    await saveAll(STUDENT._id!, [PAPER, UNIT_2, UNIT_1]);
    renderSaved();
    expect(await screen.findByText('3 files · 3.5 MB in all')).toBeInTheDocument();
    expect(
      await screen.findByText('This site uses 4.0 MB of the 500.0 MB this browser allows it.'),
    ).toBeInTheDocument();
    const subjects = screen.getAllByRole('region');
    expect(subjects.map((subject) => within(subject).getByRole('heading', { level: 2 }).textContent)).toEqual(
      ['CS-501 · Theory of Computation', 'CS-502 · Compiler Design'],
    );
    expect(
      within(subjects[0]!)
        .getAllByRole('heading', { level: 3 })
        .map((title) => title.textContent),
    ).toEqual(['Unit 1: Finite Automata', 'Unit 2: Grammars']);
    expect(within(subjects[0]!).getByText('512 KB')).toBeInTheDocument();
  });

  it('removes a copy from the phone', async () => {
    await saveAll(STUDENT._id!, [UNIT_1, UNIT_2]);
    renderSaved();
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Unit 1: Finite Automata' }));
    expect(await screen.findByText('1 file · 512 KB in all')).toBeInTheDocument();
    expect((await savedCopiesOf(STUDENT._id!).list()).map((item) => item.key)).toEqual([UNIT_2.key]);
  });

  it('opens a copy in the reader from the phone, not by a link', async () => {
    await saveAll(STUDENT._id!, [UNIT_1]);
    renderSaved();
    await userEvent.click(await screen.findByRole('button', { name: 'Open Unit 1: Finite Automata' }));
    const reader = await screen.findByRole('document', {
      name: 'Theory of Computation Unit 1: Finite Automata',
    });
    expect(reader).toHaveAttribute('data-stored', 'CS-501 Unit 1: Finite Automata.pdf');
    expect(reader).toHaveAttribute('data-size', String(UNIT_1.size));
    expect(reader).not.toHaveAttribute('data-url');
  });

  it('after the session ended still shows the last user’s copies, and says how to save more', async () => {
    await saveAll(STUDENT._id!, [UNIT_1]);
    renderSaved(false);
    expect(await screen.findByText('1 file · 1.0 MB in all')).toBeInTheDocument();
    expect(screen.getByText(/Your session has ended/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open Unit 1: Finite Automata' })).toBeEnabled();
  });

  it('shows nothing of anybody to a visitor on a browser where nobody saved anything', async () => {
    renderSaved(false);
    expect(await screen.findByText(/Nothing saved yet/)).toBeInTheDocument();
  });

  it('shows only the signed-in user’s copies, and removes another user’s from the phone', async () => {
    await saveAll('someone-else', [PAPER]);
    await saveAll(STUDENT._id!, [UNIT_1]);
    renderSaved();
    expect(await screen.findByText('1 file · 1.0 MB in all')).toBeInTheDocument();
    expect(screen.queryByText(PAPER.title)).not.toBeInTheDocument();
    await waitFor(async () => expect(await savedCopyOwners()).toEqual([STUDENT._id]));
  });
});
