/** What `studyhub-webpack build` writes next to a bundle, and what the release tooling reads. */
export const BUILD_INFO_FILE = 'build-info.json';

export interface BuildInfo {
  name: string;
  kind: 'host' | 'remote';
  version: string;
  contractVersion: number;
}
