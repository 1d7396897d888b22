import { useEffect, useState } from 'react';
import { useSavedCopies, type SavedCopies } from '@studyhub/shared/offline';
import type { ReaderFile } from '@studyhub/shared/reader';

/** The stored copy under `key`, read from the phone: undefined while reading, null when there is none. */
export function useStoredCopy(copies: SavedCopies | null, key: string | null): Blob | null | undefined {
  const [read, setRead] = useState<{ key: string; file: Blob | null }>();
  useEffect(() => {
    if (!copies || !key) return;
    let current = true;
    void copies.read(key).then(
      (copy) => current && setRead({ key, file: copy?.file ?? null }),
      () => current && setRead({ key, file: null }),
    );
    return () => {
      current = false;
    };
  }, [copies, key]);
  if (!copies || !key) return null;
  return read && read.key === key ? read.file : undefined;
}

/** Where a server file would be saved for offline, and which version of it. */
export interface SavedAs {
  key: string;
  /** The server file's `uploadedAt`: a copy of another is not read in its place. */
  fileVersion: string;
  /** The name Download gives the stored copy. */
  fileName: string;
}

/**
 * What a preview reads: the copy saved on the phone when it is of the server's current file (no data spent),
 * the server's file otherwise; undefined for the moment the stored copy is being read.
 */
export function usePreviewFile(server: ReaderFile, savedAs: SavedAs | undefined): ReaderFile | undefined {
  const { items, copies } = useSavedCopies();
  const current =
    savedAs !== undefined &&
    items?.some((item) => item.key === savedAs.key && item.fileVersion === savedAs.fileVersion);
  const stored = useStoredCopy(copies, current ? savedAs.key : null);
  if (!savedAs || !copies) return server;
  if (items === undefined) return undefined;
  if (!current || stored === null) return server;
  return stored ? { stored, fileName: savedAs.fileName } : undefined;
}
