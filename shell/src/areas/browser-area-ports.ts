import type { AreaRegistryPorts } from './area-registry';
import { versionEntry } from './area-choice';
import { sendAreaReport } from './area-reports';
import { prefetchArea } from './area-warming';
import { canaryId } from './canary-id';
import { loadExposedModule, registerChosen } from './federated-modules';
import { mayOverride, NO_OVERRIDES } from './override-request';
import { fetchRemotesFile, isReleasedManifest } from './remotes-file';

/** The registry's ports in a browser: Module Federation's runtime, this page's fetch, DOM and storage. */
export function browserAreaPorts(): AreaRegistryPorts {
  return {
    fetchRemotesFile,
    // The overrides' code is loaded only by a page load that may have some (decision 014).
    resolveOverrides: async (file) =>
      mayOverride()
        ? (await import('./area-overrides')).resolveOverrides((area, version) =>
            isReleasedManifest(area, versionEntry(area, file[area], version)),
          )
        : NO_OVERRIDES,
    canaryId: () => canaryId(),
    register: registerChosen,
    loadModule: loadExposedModule,
    prefetchArea,
    // The comparison is a chunk of its own, fetched only after a failure.
    explainFailure: async (area, remote) => (await import('./shared-mismatch')).sharedMismatch(area, remote),
    sendReport: sendAreaReport,
  };
}
