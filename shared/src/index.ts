/**
 * @studyhub/shared, the browser platform: one singleton instance at run time, shared by the shell and every area
 * (session, API client, theme, UI primitives, data hooks). Pure contract code (paths, routes, schemas, constants)
 * is @studyhub/contract, which every app bundles itself; build and release code is @studyhub/tooling (decision 027).
 * What the first screen never needs is a subpath an area bundles itself (decision 014): ./modal, ./search and
 * ./standalone (an area's development page).
 */
export * from './listeners';
export * from './session/session-store';
export * from './session/session-provider';
export * from './session/use-logout';
export * from './session/return-target';
export * from './theme/theme';
export * from './theme/theme-provider';
export * from './ui/layout';
export * from './ui/visually-hidden';
export * from './ui/button';
export * from './ui/breadcrumb';
export * from './ui/spinner';
export * from './ui/chip';
export * from './ui/toasts';
export * from './ui/select-field';
export * from './ui/count-badge';
export * from './ui/skeleton';
export * from './format/sizes';
export * from './api/client';
export * from './api/get-syllabus';
export * from './api/get-review-queue';
export * from './api/get-notes-availability';
export * from './notes/notes-availability';
export * from './data/use-api-query';
export * from './data/use-mutation';
export * from './site-config/site-config-provider';
export * from './providers';
