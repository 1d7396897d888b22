import { formatSize } from '@studyhub/shared';

/** What the save buttons and the Saved for offline page say (decision 036). */
export const SAVED_TEXTS = {
  save: (size: number) => `Save for offline · ${formatSize(size)}`,
  saving: (share: number) => `Saving… ${Math.round(share * 100)} %`,
  saved: 'Saved ✓',
  remove: 'Remove',
  update: (size: number) => `Update saved copy · ${formatSize(size)}`,
  outdated: 'A newer file is on the server.',
  title: 'Saved for offline',
  intro: 'Files kept on this phone: they open in the reader without a connection.',
  empty: 'Nothing saved yet. Open a subject’s units or question papers and tap “Save for offline”.',
  emptyWayOn: 'Browse the notes',
  loading: 'Reading what is saved on this phone…',
  total: (count: number, bytes: number) =>
    `${count} ${count === 1 ? 'file' : 'files'} · ${formatSize(bytes)} in all`,
  space: (usage: number, quota: number) =>
    `This site uses ${formatSize(usage)} of the ${formatSize(quota)} this browser allows it.`,
  open: 'Open',
  sessionEnded: 'Your session has ended: you can read and remove these copies; log in again to save more.',
  missing: 'This copy is no longer on the phone.',
} as const;
