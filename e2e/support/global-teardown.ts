/**
 * Jest globalTeardown: stops the server global-setup started and removes its temporary deploy folder.
 */
import { rmSync } from 'node:fs';
import { STATE_KEY, type SuiteState } from './global-setup';
import { stopSite } from './server';

export default async function globalTeardown(): Promise<void> {
  const state = (globalThis as Record<string, unknown>)[STATE_KEY] as SuiteState | undefined;
  if (state?.site) await stopSite(state.site.child);
  if (state?.deployDir) rmSync(state.deployDir, { recursive: true, force: true });
}
