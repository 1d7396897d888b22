/**
 * `@studyhub/deploy-folder`: the deploy folder as the server and the release engine both read it at run time
 * (Node only): its layout, the live pointers, the history, the deploy lock and dropping a canary.
 */
export { SHELL_PAGES, VERSION_PATTERN } from '@studyhub/contract';
export { abortCanaryVersion, dropCanary } from './canary-abort';
export {
  appendHistory,
  HISTORY_FILE,
  historyEvent,
  previousVersion,
  readHistory,
  type HistoryEvent,
  type ReleaseAction,
} from './history';
export {
  APP_NAMES,
  isCompressedCopy,
  isReleasePath,
  isSourceMap,
  listReleases,
  PRECOMPRESSED,
  releaseDir,
  REMOTES_FILE,
  SHELL_POINTER_FILE,
  sourceMapDir,
  SOURCEMAPS_DIR,
  type AppName,
} from './layout';
export { isAlive, LOCK_FILE, withDeployLock } from './lock';
export {
  readRemotes,
  readRemotesStrict,
  readShellVersion,
  writeRemotes,
  writeShellPointer,
} from './pointers';
