/**
 * @studyhub/contract: what the server, the shell and every area agree on, pure and without React at run time
 * (decision 027). Every app bundles the parts it uses; ./schemas, ./catalog and ./page-boot are subpaths so
 * the zod schemas and the curriculum stay out of bundles that do not need them.
 */
export * from './constants';
export * from './messages';
export * from './paths';
export * from './routes';
export * from './search-links';
export * from './remotes';
export * from './canary';
