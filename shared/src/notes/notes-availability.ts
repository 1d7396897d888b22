import { useApiQuery } from '../data/use-api-query';
import { getNotesAvailability } from '../api/get-notes-availability';

/** What students can read of one subject: the units with notes, and how many papers and questions it has. */
export interface SubjectAvailability {
  units: readonly number[];
  papers: number;
  questions: number;
}

/** Per subject code; a subject that is absent has nothing yet. */
export type Availability = ReadonlyMap<string, SubjectAvailability>;

/**
 * What every subject has (decisions 033 and 034), read once per page that shows it (the year pages, the subject
 * pages, a search box once focused). Null while unknown, or when it cannot be read: counts are then left out,
 * never guessed. `wanted` false reads nothing yet (a search box before its first focus).
 */
export function useNotesAvailability(wanted = true): Availability | null {
  const query = useApiQuery(
    wanted ? 'notes-availability' : null,
    async (signal) => {
      const reply = await getNotesAvailability(signal);
      return new Map(Object.entries(reply.subjects));
    },
    {
      // Offline is no fault to report: the read is asked again once the connection returns.
      onError: ({ cause, offline }) => {
        if (!offline) console.error('Could not read which subjects have notes', cause);
      },
    },
  );
  return query.status === 'ready' ? query.data : null;
}

/** How many of a subject's `total` units have notes, by the units the server listed (unknown numbers ignored). */
export function countUnitsWithNotes(availability: Availability, code: string, total: number): number {
  return (availability.get(code)?.units ?? []).filter((unit) => unit >= 1 && unit <= total).length;
}

/** A card's or a search hit's line: "Notes: 2 of 5 units", or plainly "No notes yet". */
export function unitsWithNotesText(withNotes: number, total: number): string {
  return withNotes === 0
    ? 'No notes yet'
    : `Notes: ${withNotes} of ${total} ${total === 1 ? 'unit' : 'units'}`;
}
