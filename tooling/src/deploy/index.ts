/** `@studyhub/tooling/deploy`: the deploy folder and the release operations on it (Node only). */
export { areaEntryUrl, VERSION_PATTERN } from '@studyhub/contract';
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
export { type HistoryEvent } from './history';
export { readRemotes, readShellVersion, writeRemotes, writeShellPointer } from './pointers';
export { isAlive } from './lock';
export { ReleaseRefusedError } from './release-checks';
export {
  abortCanary,
  abortCanaryVersion,
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
