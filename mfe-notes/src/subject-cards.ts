/**
 * Year-page subject cards with their local download counts (product §3–§4): kept per browser under the SPEC's
 * localStorage keys, seeded from the catalog, never sent to the server.
 */
import { type YearNumber } from '@studyhub/contract';
import { yearSubjects } from '@studyhub/contract/catalog';
import { DOWNLOAD_COUNT_KEYS } from './constants';

export interface SubjectCard {
  code: string;
  name: string;
  semester: string;
  downloads: number;
  updated: string;
  description: string;
  /** How many units the catalog lists (the card says how many of them have notes). */
  units: number;
}

function seededCards(year: YearNumber): SubjectCard[] {
  return yearSubjects(year).map((subject) => ({
    code: subject.code,
    name: subject.name,
    semester: String(subject.semester),
    downloads: subject.seedDownloads,
    updated: subject.updated,
    description: subject.description,
    units: subject.units.length,
  }));
}

function storedCounts(year: YearNumber, storage: Storage): Map<string, number> {
  const counts = new Map<string, number>();
  try {
    const stored: unknown = JSON.parse(storage.getItem(DOWNLOAD_COUNT_KEYS[year]) ?? 'null');
    if (!Array.isArray(stored)) return counts;
    for (const item of stored as unknown[]) {
      const { code, downloads } = (item ?? {}) as Partial<SubjectCard>;
      if (typeof code === 'string' && typeof downloads === 'number' && Number.isFinite(downloads)) {
        counts.set(code, downloads);
      }
    }
  } catch {
    // A damaged list is ignored: the seeded counts apply, as when nothing is stored.
  }
  return counts;
}

/**
 * The year's cards: catalog facts, with the stored count where this browser has one. Merging by code (rather
 * than showing the stored list as is) keeps subjects added to the catalog later visible.
 */
export function loadSubjectCards(year: YearNumber, storage: Storage = localStorage): SubjectCard[] {
  const counts = storedCounts(year, storage);
  return seededCards(year).map((card) => ({ ...card, downloads: counts.get(card.code) ?? card.downloads }));
}

/** "View Notes" adds 1 to the subject's count and saves the year's list. */
export function recordView(year: YearNumber, code: string, storage: Storage = localStorage): SubjectCard[] {
  const cards = loadSubjectCards(year, storage).map((card) =>
    card.code === code ? { ...card, downloads: card.downloads + 1 } : card,
  );
  storage.setItem(DOWNLOAD_COUNT_KEYS[year], JSON.stringify(cards));
  return cards;
}

/**
 * product §2: thousands separators (1,234,567), whatever the visitor's locale. Spelled out rather than by
 * Intl.NumberFormat, whose first use loads the locale's data: on a phone that was the largest part of the notes
 * area's start (decision 014).
 */
export function formatDownloads(count: number): string {
  return String(Math.round(count)).replace(/\B(?=(\d{3})+$)/g, ',');
}
