/** What `studyhub-webpack build` writes next to a bundle, and what the release tooling reads. */
export const BUILD_INFO_FILE = 'build-info.json';

/**
 * The shell's two pages (decision 014): `/` gets Home prerendered; every other client-side route gets the same
 * page with an empty root, which the browser renders (a static host may serve either; the shell copes).
 */
export const SHELL_PAGES = { home: 'index.html', app: 'app.html' } as const;

export interface BuildInfo {
  name: string;
  kind: 'host' | 'remote';
  version: string;
  /** The contract an area implements; for the shell, the one it was built against. */
  contractVersion: number;
  /** The shell only: the area contract versions it can render (release checks compare areas with it). */
  supportedContractVersions?: number[];
}

/**
 * What a build needs of the shared package and what its own copy provides (decision 020), written by the
 * config factory next to build-info.json. The shared package is one singleton at run time and the shell's copy
 * is the one that runs (`loaded-first`), so a release compares an area's `needs` with the shell's `provides`.
 */
export const SHARED_USAGE_FILE = 'shared-usage.json';

export interface SharedUsage {
  /** The shared package's name (`@studyhub/shared`). */
  package: string;
  /** The version this build was made with: `<package version>-<hash of its sources>`, its federation version. */
  version: string;
  /** Every export of the copy in this build (the shell's copy is what every area runs against). */
  provides: string[];
  /** The exports this build's own code uses, as webpack's module graph records them. */
  needs: string[];
}
