import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router-dom';
import { createListeners, Spinner } from '@studyhub/shared';
import { type AreaName } from '@studyhub/contract';
import { AreaBoundary } from './area-boundary';
import { explainFailure, loadArea, reloadArea, type AreaLoadResult } from './area-loader';
import { reportArea } from './area-reports';

class AreaLoadError extends Error {}

/** Thrown while rendering, so the boundary shows the same fallback as for a crash. */
function Unloadable({ reason }: { reason: string }): never {
  throw new AreaLoadError(reason);
}

/** Each area's finished load for the page's lifetime, readable without waiting; a Retry forgets it. */
const loaded = new Map<AreaName, AreaLoadResult>();
const loadedChanges = createListeners();

/**
 * The area's pages once loaded. Not Suspense: React keeps a Suspense fallback on screen for at least 300 ms, so
 * an area that loads in 30 ms would still open in a third of a second (decision 014). A loaded area renders at
 * once; one still loading shows the spinner until it is there.
 */
function useArea(area: AreaName, generation: number): AreaLoadResult | undefined {
  const result = useSyncExternalStore(loadedChanges.subscribe, () => loaded.get(area));
  useEffect(() => {
    if (loaded.has(area)) return;
    void loadArea(area).then((finished) => {
      loaded.set(area, finished);
      loadedChanges.notify();
    });
  }, [area, generation]);
  return result;
}

/** Renders one page of a remote area inside its error boundary (architecture §3). */
export function AreaHost({ area, page }: { area: AreaName; page: string }) {
  const { pathname } = useLocation();
  const [generation, setGeneration] = useState(0);
  const retry = useCallback(async () => {
    await reloadArea(area);
    loaded.delete(area);
    setGeneration((current) => current + 1);
  }, [area]);
  const result = useArea(area, generation);
  // Opened: the denominator of the area's failure rate (decision 025). A crash while rendering is reported on top.
  useEffect(() => {
    if (result?.ok) void reportArea(area, 'ok');
  }, [area, result]);
  const reportFailure = useCallback(
    (error: unknown) => void reportArea(area, error instanceof AreaLoadError ? 'load' : 'render'),
    [area],
  );

  if (!result) return <Spinner label={`Loading ${area}`} />;
  return (
    <AreaBoundary
      key={`${generation}:${pathname}`}
      area={area}
      onRetry={retry}
      explain={() => explainFailure(area)}
      onFailure={reportFailure}
    >
      {result.ok ? <result.module.default page={page} /> : <Unloadable reason={result.reason} />}
    </AreaBoundary>
  );
}
