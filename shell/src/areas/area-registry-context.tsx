/**
 * The page's one area registry, given to React by a provider rather than kept in a module: start-site.tsx creates
 * it at start-up, the prerender makes one that never starts, and each test makes a fresh one with fake ports.
 */
import { createContext, useContext, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import type { AreaName, RemoteModule } from '@studyhub/contract';
import type { AreaRegistry, LoadedVersions, ModuleLoadResult } from './area-registry';

const AreaRegistryContext = createContext<AreaRegistry | null>(null);

export function AreaRegistryProvider({
  registry,
  children,
}: {
  registry: AreaRegistry;
  children: ReactNode;
}) {
  return <AreaRegistryContext.Provider value={registry}>{children}</AreaRegistryContext.Provider>;
}

export function useAreaRegistry(): AreaRegistry {
  const registry = useContext(AreaRegistryContext);
  if (!registry) throw new Error('No AreaRegistryProvider above this component');
  return registry;
}

/**
 * An area's module once loaded, for both render paths (an area's pages, another area's widget on a shell page).
 * Not Suspense: React keeps a Suspense fallback on screen for at least 300 ms, so an area that loads in 30 ms
 * would still open in a third of a second (decision 014). A loaded module renders at once; until one has
 * finished this is undefined, and the load is started (or joined).
 */
export function useAreaModule<P = object>(
  area: AreaName,
  expose: string,
): ModuleLoadResult<RemoteModule<P>> | undefined {
  const registry = useAreaRegistry();
  const result = useSyncExternalStore(registry.subscribe, () => registry.result<P>(area, expose));
  useEffect(() => {
    if (!result) void registry.load(area, expose);
  }, [registry, area, expose, result]);
  return result;
}

const NONE_LOADED: LoadedVersions = {};

export function useLoadedVersions(): LoadedVersions {
  const registry = useAreaRegistry();
  // A prerendered page (decision 014) is made before any area has loaded.
  return useSyncExternalStore(registry.subscribe, registry.loadedVersions, () => NONE_LOADED);
}
