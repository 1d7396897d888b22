import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { Route, Routes } from 'react-router-dom';
import { apiClient } from '@studyhub/shared';
import { savedCacheName, savedCopiesOf, savedKey, type SavedItem } from '@studyhub/shared/offline';
import type { AvailableUnit, UnitsReply } from '@studyhub/contract/schemas';
import { installFakeCacheStorage, renderWithProviders, STUDENT } from '@studyhub/shared/testing';
import type * as Testing from '@studyhub/shared/testing';
import { NotesArea } from '../notes-area';

jest.mock(
  '@studyhub/shared/reader',
  () => jest.requireActual<typeof Testing>('@studyhub/shared/testing').FAKE_READER_MODULE,
);

const URL = '/api/download/CSE/Third_Year/Semester_5/CS-501/1?expires=99&sig=s1';
const FILE: AvailableUnit = {
  unit: 1,
  fileId: 'file-1',
  size: 2.1 * 1024 * 1024,
  uploadedAt: '2026-05-09T10:00:00.000Z',
  url: URL,
  downloadUrl: `${URL}&download=1`,
};
const STORED_BYTES = new Uint8Array(3000);
const SAVED: SavedItem = {
  key: savedKey.notes('CS-501', 1),
  kind: 'notes',
  subjectCode: 'CS-501',
  subjectName: 'Theory of Computation',
  title: 'Unit 1: Finite Automata',
  size: 1000,
  savedAt: '2026-11-01T00:00:00.000Z',
  fileVersion: FILE.uploadedAt,
};

let fakeCaches: ReturnType<typeof installFakeCacheStorage>;
let get: jest.SpiedFunction<typeof apiClient.get>;

/** The units call answers unit 1's file; the file itself arrives in two steps of progress. */
function answerWithFile() {
  get.mockImplementation(((url: string, config?: { onDownloadProgress?(event: object): void }) => {
    if (url === '/api/notes/units')
      return Promise.resolve({
        data: { subject: 'Theory of Computation', units: [FILE] } satisfies UnitsReply,
      });
    if (url === URL) {
      config?.onDownloadProgress?.({ loaded: 1500, total: 3000 });
      return Promise.resolve({ data: new Blob([STORED_BYTES]) });
    }
    return new Promise(() => undefined);
  }) as never);
}

async function renderUnits() {
  renderWithProviders(
    <Routes>
      <Route path="/notes/:subjectCode" element={<NotesArea page="subject" />} />
    </Routes>,
    { route: '/notes/CS-501', state: { branch: 'CSE', year: 'ThirdYear', semester: '5' }, user: STUDENT },
  );
  return within((await screen.findAllByTestId('unit-card'))[0]!);
}

const studentCopies = () => savedCopiesOf(STUDENT._id!);

beforeEach(() => {
  localStorage.clear();
  fakeCaches = installFakeCacheStorage();
  get = jest.spyOn(apiClient, 'get');
  answerWithFile();
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => {
  fakeCaches.uninstall();
  jest.restoreAllMocks();
});

describe('Save for offline on a unit', () => {
  it('shows the size, saves the file under its stable key, then says Saved with Remove', async () => {
    const card = await renderUnits();
    await userEvent.click(await card.findByRole('button', { name: 'Save for offline · 2.1 MB' }));

    expect(await card.findByText('Saved ✓')).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith(URL, expect.objectContaining({ responseType: 'blob' }));
    const [item] = await studentCopies().list();
    expect(item).toMatchObject({
      ...SAVED,
      title: expect.stringContaining('Unit 1'),
      size: 3000,
      savedAt: expect.any(String),
    });
    expect((await studentCopies().read(SAVED.key))?.file.size).toBe(3000);

    await userEvent.click(card.getByRole('button', { name: 'Remove' }));
    expect(await card.findByRole('button', { name: 'Save for offline · 2.1 MB' })).toBeInTheDocument();
    expect(await studentCopies().list()).toEqual([]);
  });

  it('offers to update a copy of a file the server has since replaced', async () => {
    await studentCopies().save({ ...SAVED, fileVersion: '2025-01-01T00:00:00.000Z' }, new Blob(['old']));
    const card = await renderUnits();
    expect(await card.findByText('A newer file is on the server.')).toBeInTheDocument();
    await userEvent.click(card.getByRole('button', { name: 'Update saved copy · 2.1 MB' }));
    await waitFor(() => expect(card.queryByText('A newer file is on the server.')).not.toBeInTheDocument());
    expect((await studentCopies().list())[0]).toMatchObject({ fileVersion: FILE.uploadedAt, size: 3000 });
  });

  it('says there is no space when the phone is full, and keeps the button', async () => {
    const cache = await fakeCaches.storage.open(savedCacheName(STUDENT._id!));
    cache.put = () => Promise.reject(Object.assign(new Error('full'), { name: 'QuotaExceededError' }));
    const card = await renderUnits();
    await userEvent.click(await card.findByRole('button', { name: 'Save for offline · 2.1 MB' }));
    expect(await card.findByRole('alert')).toHaveTextContent(/Not enough space on this phone/);
    expect(card.getByRole('button', { name: 'Save for offline · 2.1 MB' })).toBeEnabled();
  });

  it('says the connection failed when the file cannot be fetched', async () => {
    get.mockImplementation(((url: string) =>
      url === '/api/notes/units'
        ? Promise.resolve({ data: { subject: 'Theory of Computation', units: [FILE] } })
        : url === URL
          ? Promise.reject(new Error('Network Error'))
          : new Promise(() => undefined)) as never);
    const card = await renderUnits();
    await userEvent.click(await card.findByRole('button', { name: 'Save for offline · 2.1 MB' }));
    expect(await card.findByRole('alert')).toHaveTextContent(/Check your connection/);
    expect(await studentCopies().list()).toEqual([]);
  });

  it('Preview reads a saved copy of the current file from the phone, and an older copy never', async () => {
    const card = await renderUnits();
    await userEvent.click(await card.findByRole('button', { name: 'Save for offline · 2.1 MB' }));
    await card.findByText('Saved ✓');
    await userEvent.click(card.getByRole('button', { name: 'Preview Notes' }));
    const reader = await screen.findByRole('document');
    expect(reader).toHaveAttribute('data-stored', 'CS-501 Unit 1.pdf');
    expect(reader).not.toHaveAttribute('data-url');
  });

  it('Preview reads the server’s file when the saved copy is of an older one', async () => {
    await studentCopies().save({ ...SAVED, fileVersion: '2025-01-01T00:00:00.000Z' }, new Blob(['old']));
    const card = await renderUnits();
    await card.findByText('A newer file is on the server.');
    await userEvent.click(card.getByRole('button', { name: 'Preview Notes' }));
    expect(await screen.findByRole('document')).toHaveAttribute('data-url', URL);
  });
});
