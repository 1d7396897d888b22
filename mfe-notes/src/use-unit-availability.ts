import { useApiQuery } from '@studyhub/shared';
import type { AvailableUnit } from '@studyhub/contract/schemas';
import { getUnits } from './api/get-units';

export type UnitAvailability =
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'offline' }
  | { status: 'ready'; units: ReadonlyMap<number, AvailableUnit> };

const LOADING: UnitAvailability = { status: 'loading' };
const FAILED: UnitAvailability = { status: 'failed' };
const OFFLINE: UnitAvailability = { status: 'offline' };

/**
 * Which units of a subject have a file (architecture §7): the subject page marks the others "Not uploaded yet"
 * instead of offering a broken preview. `subjectCode` null means there is nothing to ask about. Offline, it is
 * asked again when the connection returns (useApiQuery).
 */
export function useUnitAvailability(subjectCode: string | null, branch: string | null): UnitAvailability {
  // A result for another subject (the address changed) counts as still loading: useApiQuery keys it.
  const units = useApiQuery(
    subjectCode && branch ? `${branch}/${subjectCode}` : null,
    async (signal) => {
      const reply = await getUnits(subjectCode ?? '', branch ?? '', signal);
      return new Map(reply.units.map((u) => [u.unit, u]));
    },
    { onError: ({ cause }) => console.error('Could not check which units are available', cause) },
  );
  if (units.status === 'loading') return LOADING;
  if (units.status === 'error') return units.error.offline ? OFFLINE : FAILED;
  return { status: 'ready', units: units.data };
}
