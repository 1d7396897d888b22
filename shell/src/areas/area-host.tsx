import { lazy, Suspense, useCallback, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { useLocation } from 'react-router-dom';
import { AREAS, Spinner, type AreaName, type AreaRoutesProps } from '@studyhub/shared';
import { AreaBoundary } from './area-boundary';
import { loadArea, reloadArea } from './area-loader';

class AreaLoadError extends Error {}

function lazyArea(area: AreaName): LazyExoticComponent<ComponentType<AreaRoutesProps>> {
  return lazy(async () => {
    const result = await loadArea(area);
    if (result.ok) return { default: result.module.default };
    // Thrown while rendering, so the boundary shows the same fallback as for a crash.
    return {
      default: () => {
        throw new AreaLoadError(result.reason);
      },
    };
  });
}

/** One lazy component per area, so moving between an area's pages does not suspend again. */
const components = Object.fromEntries(AREAS.map((area) => [area, lazyArea(area)])) as Record<
  AreaName,
  LazyExoticComponent<ComponentType<AreaRoutesProps>>
>;

/** Renders one page of a remote area inside its error boundary and Suspense (DESIGN §3). */
export function AreaHost({ area, page }: { area: AreaName; page: string }) {
  const { pathname } = useLocation();
  const [generation, setGeneration] = useState(0);
  const retry = useCallback(async () => {
    await reloadArea(area);
    components[area] = lazyArea(area);
    setGeneration((current) => current + 1);
  }, [area]);

  const Area = components[area];
  return (
    <AreaBoundary key={`${generation}:${pathname}`} area={area} onRetry={retry}>
      <Suspense fallback={<Spinner label={`Loading ${area}`} />}>
        <Area page={page} />
      </Suspense>
    </AreaBoundary>
  );
}
