/**
 * The exam sessions the upload form offers (decision 034): a month and a year, never one still to come (UTC, as
 * the server's parseExamSession judges), never before EARLIEST_SESSION_YEAR.
 */
import type { SelectOption } from '@studyhub/shared';
import { EARLIEST_SESSION_YEAR, SESSION_MONTHS } from '@studyhub/contract/schemas';

/** This year first, back to the earliest. */
export function sessionYears(now: Date = new Date()): SelectOption[] {
  const years: SelectOption[] = [];
  for (let year = now.getUTCFullYear(); year >= EARLIEST_SESSION_YEAR; year -= 1) {
    years.push({ value: String(year), label: String(year) });
  }
  return years;
}

/** The months of `year` that have come: all twelve of a past year, up to this month of this one. */
export function sessionMonths(year: string, now: Date = new Date()): SelectOption[] {
  const last = Number(year) === now.getUTCFullYear() ? now.getUTCMonth() + 1 : SESSION_MONTHS.length;
  return SESSION_MONTHS.slice(0, last).map((month) => ({ value: month, label: month }));
}

/** "May 2024", as parseExamSession reads it; '' until both are chosen. */
export function sessionText(month: string, year: string): string {
  return month && year ? `${month} ${year}` : '';
}
