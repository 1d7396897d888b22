import { beforeEach, describe, expect, it } from '@jest/globals';
import { savedKey, type SavedItem } from '@studyhub/shared/offline';
import { progressStorageKey } from './progress-recorder';
import { savedReadFile } from './saved-reading';

const copy = (overrides: Partial<SavedItem>): SavedItem => ({
  key: savedKey.notes('CS-502', 3),
  kind: 'notes',
  subjectCode: 'CS-502',
  subjectName: 'Database Management Systems',
  title: 'Unit 3: Database design',
  size: 1024,
  savedAt: '2026-11-27T08:00:00.000Z',
  fileVersion: '2026-11-01T08:00:00.000Z',
  ...overrides,
});

beforeEach(() => {
  localStorage.clear();
});

describe('the file a saved copy is, for progress read offline (decision 041)', () => {
  it('a paper is named by the id in its key, its session from its title', () => {
    const paper = copy({ key: savedKey.paper('paper-7'), kind: 'paper', title: 'May 2024 question paper' });
    expect(savedReadFile(paper, 'student-1')).toEqual({
      kind: 'paper',
      fileId: 'paper-7',
      unit: null,
      session: 'May 2024',
      subjectCode: 'CS-502',
      subject: 'Database Management Systems',
    });
  });

  it('a unit is named by the file id its copy keeps, never read online on this phone', () => {
    expect(savedReadFile(copy({ fileId: 'file-9' }), 'student-1')).toEqual({
      kind: 'note',
      fileId: 'file-9',
      unit: 3,
      session: null,
      subjectCode: 'CS-502',
      subject: 'Database Management Systems',
    });
  });

  it('a copy saved before it kept its id is known by the file this phone last read of it; otherwise its reading is not kept', () => {
    expect(savedReadFile(copy({}), 'student-1')).toBeNull();
    const read = { kind: 'note', fileId: 'file-3', subjectCode: 'CS-502', unit: 3, page: 4, pages: 9 };
    localStorage.setItem(
      progressStorageKey('student-1'),
      JSON.stringify([{ ...read, readAt: '2026-11-27T09:00:00Z' }]),
    );
    expect(savedReadFile(copy({}), 'student-1')).toMatchObject({ kind: 'note', fileId: 'file-3', unit: 3 });
    // Another user's reading says nothing of this one's copy.
    expect(savedReadFile(copy({}), 'student-2')).toBeNull();
  });
});
