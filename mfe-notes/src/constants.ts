/** Constants only mfe-notes uses (product §9 values; the shared ones are @studyhub/contract's). */
export const REDIRECT_ANONYMOUS_NOTE_CARD_MS = 1_500;
export const DOWNLOAD_COUNT_KEYS = {
  1: 'subjectDownloads',
  2: 'subjectDownloads2',
  3: 'subjectDownloads3',
  4: 'subjectDownloads4',
} as const;
