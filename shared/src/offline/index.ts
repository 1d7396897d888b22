/**
 * `@studyhub/shared/offline`: the copies saved for offline reading (decision 036). A subpath the notes area
 * bundles itself and the shell fetches on a Logout tap, so none of it is in a page's first load; it reaches the
 * session and the API client by the package's name, the one shared instance.
 */
export * from './saved-copies';
export * from './use-saved-copies';
