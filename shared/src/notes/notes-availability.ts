import { useApiQuery } from '../data/use-api-query';
import { getNotesAvailability } from '../api/get-notes-availability';

/** Per subject code, the numbers of the units that have notes; a subject that is absent has none. */
export type UnitsWithNotes = ReadonlyMap<string, readonly number[]>;

/**
 * Which units of every subject have notes, read once per page that shows it (the year page, the subject page,
 * a search box once focused). Null while unknown, or when it cannot be read: counts are then left out, never
 * guessed. `wanted` false reads nothing yet (a search box before its first focus).
 */
export function useNotesAvailability(wanted = true): UnitsWithNotes | null {
  const query = useApiQuery(
    wanted ? 'notes-availability' : null,
    async (signal) => {
      const reply = await getNotesAvailability(signal);
      return new Map(Object.entries(reply.subjects).map(([code, { units }]) => [code, units]));
    },
    { onError: ({ cause }) => console.error('Could not read which subjects have notes', cause) },
  );
  return query.status === 'ready' ? query.data : null;
}

/** How many of a subject's `total` units have notes, by the units the server listed (unknown numbers ignored). */
export function countUnitsWithNotes(availability: UnitsWithNotes, code: string, total: number): number {
  return (availability.get(code) ?? []).filter((unit) => unit >= 1 && unit <= total).length;
}

/** A card's or a search hit's line: "Notes: 2 of 5 units", or plainly "No notes yet". */
export function unitsWithNotesText(withNotes: number, total: number): string {
  return withNotes === 0
    ? 'No notes yet'
    : `Notes: ${withNotes} of ${total} ${total === 1 ? 'unit' : 'units'}`;
}
