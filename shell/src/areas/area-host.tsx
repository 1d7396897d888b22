import { useCallback, useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { AREA_EXPOSE, type AreaName, type AreaRoutesProps } from '@studyhub/contract';
import { PageSkeleton } from '../frame/page-skeleton';
import { AreaBoundary } from './area-boundary';
import { useAreaModule, useAreaRegistry } from './area-registry-context';

class AreaLoadError extends Error {}

/** Thrown while rendering, so the boundary shows the same fallback as for a crash. */
function Unloadable({ reason }: { reason: string }): never {
  throw new AreaLoadError(reason);
}

/**
 * Renders one page of a remote area inside its error boundary (architecture §3). A Retry makes the registry
 * forget the area's load, so the spinner replaces the boundary and a fresh one holds the new load. `heading` is
 * the page's heading when its route knows it (drawn while the area loads).
 */
export function AreaHost({ area, page, heading }: { area: AreaName; page: string; heading?: string }) {
  const { pathname } = useLocation();
  const registry = useAreaRegistry();
  const result = useAreaModule<AreaRoutesProps>(area, AREA_EXPOSE);
  // Opened: the denominator of the area's failure rate (decision 025). A crash while rendering is reported on top.
  useEffect(() => {
    if (result?.ok) void registry.report(area, 'ok');
  }, [registry, area, result]);
  const reportFailure = useCallback(
    (error: unknown) => void registry.report(area, error instanceof AreaLoadError ? 'load' : 'render'),
    [registry, area],
  );

  if (!result) return <PageSkeleton label={`Loading ${area}`} heading={heading} />;
  return (
    <AreaBoundary
      key={pathname}
      area={area}
      onRetry={() => registry.retry(area)}
      explain={() => registry.explainFailure(area)}
      onFailure={reportFailure}
    >
      {result.ok ? <result.module.default page={page} /> : <Unloadable reason={result.reason} />}
    </AreaBoundary>
  );
}
