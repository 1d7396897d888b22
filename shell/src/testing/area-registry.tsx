/** A fresh area registry per test, with ports that reach no federation runtime and no network. */
import type { ReactElement } from 'react';
import type { RenderResult } from '@testing-library/react';
import type { RemotesFile } from '@studyhub/contract';
import { renderWithProviders, type RenderOptions } from '@studyhub/shared/testing';
import { createAreaRegistry, type AreaRegistry, type AreaRegistryPorts } from '../areas/area-registry';
import { AreaRegistryProvider } from '../areas/area-registry-context';
import { NO_OVERRIDES } from '../areas/override-request';

/** No area deployed, no override, loads that never finish, nothing fetched or sent; a test replaces what it uses. */
export function fakeAreaPorts(ports: Partial<AreaRegistryPorts> = {}): AreaRegistryPorts {
  return {
    fetchRemotesFile: () => Promise.resolve({ file: {}, reportToken: null }),
    resolveOverrides: () => Promise.resolve(NO_OVERRIDES),
    canaryId: () => 'test-browser',
    register: () => undefined,
    loadModule: () => new Promise(() => undefined),
    prefetchArea: () => Promise.resolve(),
    explainFailure: () => Promise.resolve(null),
    sendReport: () => Promise.resolve(),
    ...ports,
  };
}

/** A registry started on `file` (what remotes.json says), as at the end of a page's start-up. */
export async function startedAreaRegistry(
  file: RemotesFile,
  ports: Partial<AreaRegistryPorts> = {},
): Promise<AreaRegistry> {
  const registry = createAreaRegistry(
    fakeAreaPorts({ fetchRemotesFile: () => Promise.resolve({ file, reportToken: null }), ...ports }),
  );
  await registry.start();
  return registry;
}

/** renderWithProviders with the area registry the shell's components read (an empty one unless given). */
export function renderWithAreas(
  ui: ReactElement,
  { areas = createAreaRegistry(fakeAreaPorts()), ...options }: RenderOptions & { areas?: AreaRegistry } = {},
): RenderResult {
  return renderWithProviders(<AreaRegistryProvider registry={areas}>{ui}</AreaRegistryProvider>, options);
}
