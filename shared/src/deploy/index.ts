/** `@studyhub/shared/deploy`: the deploy folder and the release operations on it (Node only). */
export { areaEntryUrl, VERSION_PATTERN } from '../contract';
export {
  APP_NAMES,
  isReleasePath,
  isSourceMap,
  PRECOMPRESSED,
  publishBuild,
  releaseDir,
  sourceMapDir,
  type AppName,
} from './layout';
export { readRemotes, readShellVersion, writeRemotes, writeShellPointer } from './pointers';
export { ReleaseRefusedError } from './release-checks';
export {
  abortCanary,
  liveVersion,
  pointArea,
  pointShell,
  promoteCanary,
  releaseBuild,
  releaseTogether,
  releaseStatus,
  rollbackApp,
  type ReleaseOutcome,
} from './release';
export { SHELL_PAGES } from '../build/build-info';
