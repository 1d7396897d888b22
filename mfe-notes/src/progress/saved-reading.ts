import type { SavedItem } from '@studyhub/shared/offline';
import { progressRecorder } from './browser-progress';
import type { ReadFile } from './progress-recorder';

const NOTES_KEY = /^\/offline\/notes\/[^/]+\/(\d+)$/;
const PAPER_KEY = /^\/offline\/papers\/([^/]+)$/;

/**
 * The file a saved copy is, as progress names it (decision 041): a paper's key holds its id; a unit's copy keeps
 * its file's id, or, saved before it did, is known by the file this phone last read of that unit. Null when it
 * cannot be told: the reading then is not kept.
 */
export function savedReadFile(item: SavedItem, userId: string): ReadFile | null {
  const about = { subjectCode: item.subjectCode, subject: item.subjectName };
  const paper = PAPER_KEY.exec(item.key);
  if (paper) {
    const session = item.title.replace(/ question paper$/, '');
    return { kind: 'paper', fileId: decodeURIComponent(paper[1]!), unit: null, session, ...about };
  }
  const notes = NOTES_KEY.exec(item.key);
  if (!notes) return null;
  const unit = Number(notes[1]);
  const fileId =
    item.fileId ??
    progressRecorder()
      .local(userId)
      .find((file) => file.kind === 'note' && file.subjectCode === item.subjectCode && file.unit === unit)
      ?.fileId;
  return fileId ? { kind: 'note', fileId, unit, session: null, ...about } : null;
}
