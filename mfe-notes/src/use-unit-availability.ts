import { useEffect, useState } from 'react';
import type { AvailableUnit } from '@studyhub/shared/schemas';
import { getUnits } from './api/get-units';

export type UnitAvailability =
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'ready'; units: ReadonlyMap<number, AvailableUnit> };

const LOADING: UnitAvailability = { status: 'loading' };

/**
 * Which units of a subject have a file (architecture §7): the subject page marks the others "Not uploaded yet"
 * instead of offering a broken preview. `subjectCode` null means there is nothing to ask about.
 */
export function useUnitAvailability(subjectCode: string | null, branch: string | null): UnitAvailability {
  const [result, setResult] = useState<{ key: string; value: UnitAvailability } | null>(null);
  const key = subjectCode && branch ? `${branch}/${subjectCode}` : null;

  useEffect(() => {
    if (!subjectCode || !branch) return;
    let current = true;
    const thisKey = `${branch}/${subjectCode}`;
    getUnits(subjectCode, branch)
      .then(({ units }) => {
        if (current) {
          setResult({
            key: thisKey,
            value: { status: 'ready', units: new Map(units.map((u) => [u.unit, u])) },
          });
        }
      })
      .catch((error: unknown) => {
        console.error('Could not check which units are available', error);
        if (current) setResult({ key: thisKey, value: { status: 'failed' } });
      });
    return () => {
      current = false;
    };
  }, [subjectCode, branch]);

  // A result for another subject (the address changed) counts as still loading.
  return result && result.key === key ? result.value : LOADING;
}
