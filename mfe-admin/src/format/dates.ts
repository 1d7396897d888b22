import { USERS_DATE_LOCALE } from '../constants';
const day = new Intl.DateTimeFormat(USERS_DATE_LOCALE, { day: 'numeric', month: 'short', year: 'numeric' });
const moment = new Intl.DateTimeFormat(USERS_DATE_LOCALE, {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** product §9 "Users list date format": en-IN with a short month, e.g. "9 May 2025". */
export function formatDay(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : day.format(date);
}

/** The same, with the time of day (the activity and messages pages). */
export function formatMoment(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : moment.format(date);
}
