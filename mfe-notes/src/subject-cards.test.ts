import { beforeEach, describe, expect, it } from '@jest/globals';
import { type YearNumber } from '@studyhub/contract';
import { yearSubjects } from '@studyhub/contract/catalog';
import { formatDownloads, loadSubjectCards, recordView, type SubjectCard } from './subject-cards';

const KEYS: readonly [YearNumber, string][] = [
  [1, 'subjectDownloads'],
  [2, 'subjectDownloads2'],
  [3, 'subjectDownloads3'],
  [4, 'subjectDownloads4'],
];

const downloadsOf = (cards: SubjectCard[], code: string) =>
  cards.find((card) => card.code === code)?.downloads;
const stored = (key: string) => JSON.parse(localStorage.getItem(key) ?? 'null') as SubjectCard[] | null;

beforeEach(() => localStorage.clear());

describe('loadSubjectCards', () => {
  it.each([1, 2, 3, 4] as const)('seeds year %p from the catalog when nothing is stored', (year) => {
    const cards = loadSubjectCards(year);
    expect(cards).toEqual(
      yearSubjects(year).map((subject) => ({
        code: subject.code,
        name: subject.name,
        semester: String(subject.semester),
        downloads: subject.seedDownloads,
        updated: subject.updated,
        description: subject.description,
        units: subject.units.length,
      })),
    );
  });

  it('semesters are strings, as in the navigation state', () => {
    expect(loadSubjectCards(3).map((card) => card.semester)).toEqual([
      ...Array(10).fill('5'),
      ...Array(10).fill('6'),
    ]);
  });

  it('uses stored counts by code and seeds for the rest', () => {
    localStorage.setItem(
      'subjectDownloads3',
      JSON.stringify([
        { code: 'CS-501', downloads: 5000, name: 'Old name' },
        { code: 'CS-999', downloads: 7 },
      ]),
    );
    const cards = loadSubjectCards(3);
    expect(cards).toHaveLength(20);
    expect(downloadsOf(cards, 'CS-501')).toBe(5000);
    expect(downloadsOf(cards, 'CS-502')).toBe(1600);
    expect(cards.find((card) => card.code === 'CS-501')?.name).toBe('Theory of Computation');
    expect(downloadsOf(cards, 'CS-999')).toBeUndefined();
  });

  it('ignores stored items without a usable count', () => {
    localStorage.setItem(
      'subjectDownloads3',
      JSON.stringify([
        { code: 'CS-501', downloads: '5000' },
        { code: 'CS-502', downloads: null },
        { downloads: 3 },
        null,
        42,
        { code: 'CS-503(A)', downloads: 0 },
      ]),
    );
    const cards = loadSubjectCards(3);
    expect(downloadsOf(cards, 'CS-501')).toBe(1200);
    expect(downloadsOf(cards, 'CS-502')).toBe(1600);
    expect(downloadsOf(cards, 'CS-503(A)')).toBe(0);
  });

  it.each(['{broken', '"a string"', '{"CS-501": 1}', '42', 'null', ''])(
    'falls back to seeds for stored %p',
    (text) => {
      localStorage.setItem('subjectDownloads3', text);
      expect(loadSubjectCards(3)).toEqual(loadSubjectCards(3, new MemoryStorage()));
    },
  );

  it('reads only its own year’s key', () => {
    localStorage.setItem('subjectDownloads', JSON.stringify([{ code: 'CS-501', downloads: 1 }]));
    expect(downloadsOf(loadSubjectCards(3), 'CS-501')).toBe(1200);
  });
});

describe('recordView', () => {
  it.each(KEYS)('year %p saves its list under %s', (year, key) => {
    const code = yearSubjects(year)[0]!.code;
    const seed = yearSubjects(year)[0]!.seedDownloads;
    const cards = recordView(year, code);
    expect(downloadsOf(cards, code)).toBe(seed + 1);
    expect(stored(key)).toEqual(cards);
    for (const [, other] of KEYS.filter(([otherYear]) => otherYear !== year))
      expect(localStorage.getItem(other)).toBeNull();
  });

  it('adds 1 each time and leaves the other subjects alone', () => {
    recordView(3, 'CS-501');
    recordView(3, 'CS-501');
    const cards = recordView(3, 'CS-502');
    expect(downloadsOf(cards, 'CS-501')).toBe(1202);
    expect(downloadsOf(cards, 'CS-502')).toBe(1601);
    expect(downloadsOf(cards, 'CS-503(A)')).toBe(1400);
    expect(loadSubjectCards(3)).toEqual(cards);
  });

  it('an unknown code changes nothing but still saves the list', () => {
    const cards = recordView(3, 'CS-999');
    expect(cards).toEqual(loadSubjectCards(3, new MemoryStorage()));
    expect(stored('subjectDownloads3')).toHaveLength(20);
  });

  it('works on the storage it is given', () => {
    const storage = new MemoryStorage();
    recordView(4, 'CS-701', storage);
    expect(localStorage.getItem('subjectDownloads4')).toBeNull();
    expect(downloadsOf(loadSubjectCards(4, storage), 'CS-701')).toBe(901);
  });
});

describe('formatDownloads', () => {
  it.each([
    [0, '0'],
    [950, '950'],
    [1200, '1,200'],
    [1201, '1,201'],
    [12345, '12,345'],
    [1234567, '1,234,567'],
    [1000000000, '1,000,000,000'],
    // A count edited by hand in localStorage still reads as a whole number.
    [1234.6, '1,235'],
  ])('%p → %p', (count, text) => {
    expect(formatDownloads(count)).toBe(text);
  });
});

/** A Storage that is not localStorage, to check the functions use the one they are given. */
class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}
