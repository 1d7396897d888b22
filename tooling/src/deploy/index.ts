/**
 * `@studyhub/tooling/deploy`: the release operations on a deploy folder (Node only). The folder itself (layout,
 * pointers, history, lock) is `@studyhub/deploy-folder`.
 */
export { publishBuild } from './publish';
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
