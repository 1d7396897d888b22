import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/** Marks the module the fallback plugin hands back instead of a failed remote. */
export const UNAVAILABLE = Symbol.for('studyhub.area-unavailable');

export interface UnavailableModule {
  [UNAVAILABLE]: true;
  error: unknown;
}

export function isUnavailable(module: unknown): module is UnavailableModule {
  return typeof module === 'object' && module !== null && UNAVAILABLE in module;
}

/**
 * Turns a remote that cannot load (missing manifest, dead script, broken chunk) into a value the shell can
 * show a fallback for, instead of an exception that would take the page down (architecture §3, §8).
 */
export function fallbackPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'studyhub-area-fallback',
    errorLoadRemote({ id, error, lifecycle }) {
      console.warn(`Area ${id} failed to load (${lifecycle}).`, error);
      // Only at onLoad is the return value taken as the module; earlier stages read it as a manifest.
      if (lifecycle !== 'onLoad') return undefined;
      const unavailable: UnavailableModule = { [UNAVAILABLE]: true, error };
      return unavailable;
    },
  };
}
