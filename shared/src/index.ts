/**
 * @studyhub/shared for the browser: one singleton instance at run time, shared by the shell and every area.
 * Node code (the API, scripts) imports the pure subpaths instead: ./catalog, ./constants, ./paths, ./build.
 * What the first screen never needs is a subpath an area bundles itself (decision 014): ./catalog, ./modal, and
 * ./standalone (an area's development page).
 */
export * from './constants';
export * from './messages';
export * from './paths';
export * from './routes';
export * from './contract';
export * from './canary';
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
export * from './api/client';
export * from './api/get-syllabus';
export * from './data/use-api-query';
export * from './data/use-mutation';
export * from './site-config/site-config-provider';
export * from './providers';
