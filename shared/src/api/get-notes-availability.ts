import { notesAvailabilityReply, type NotesAvailability } from '@studyhub/contract/schemas';
import { apiGet } from './client';

/**
 * GET /api/notes/availability (public): which units of each subject of the notes branch have a file. The server
 * keeps the reply per content version with an ETag, so asking again on every page costs a 304 at most.
 */
export async function getNotesAvailability(signal?: AbortSignal): Promise<NotesAvailability> {
  return apiGet('/api/notes/availability', __STUDYHUB_CHECK_REPLIES__ && notesAvailabilityReply, { signal });
}
