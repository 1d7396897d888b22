/**
 * Answers pdf.js's range requests from a copy saved on the phone (decision 036): each range is sliced from the
 * Blob, so a saved file is read page by page as it is online, never held whole in memory. No imports, so pdf.js's
 * Node build can use it as it is in shared/test/read-pdf.mjs.
 */
export interface RangeReceiver {
  onDataRange(begin: number, chunk: Uint8Array): void;
}

export function answerRangesFrom(
  file: Blob,
  receiver: RangeReceiver,
): (begin: number, end: number) => Promise<void> {
  return async (begin, end) => {
    const bytes = await file.slice(begin, end).arrayBuffer();
    receiver.onDataRange(begin, new Uint8Array(bytes));
  };
}
