/** What `studyhub-webpack build` writes next to a bundle, and what the release tooling reads. */
export const BUILD_INFO_FILE = 'build-info.json';

export interface BuildInfo {
  name: string;
  kind: 'host' | 'remote';
  version: string;
  /** The contract an area implements; for the shell, the one it was built against. */
  contractVersion: number;
  /** The shell only: the area contract versions it can render (release checks compare areas with it). */
  supportedContractVersions?: number[];
}

// What a build needs of the shared package and provides of it (decision 020): part of the run-time contract,
// since the shell reads it in the browser too.
export { SHARED_USAGE_FILE, type SharedUsage } from '@studyhub/contract';
