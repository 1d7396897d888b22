/** Values webpack's DefinePlugin writes into browser bundles (see build/create-webpack-config.ts). */
declare const __STUDYHUB_BUILD_VERSION__: string;
declare const __STUDYHUB_API_URL__: string;
/** Whether the typed API calls parse replies with their schema: development and test builds (shared/src/api/client.ts). */
declare const __STUDYHUB_CHECK_REPLIES__: boolean;
/** Where the shell's service worker is served, in production builds of the shell; empty elsewhere (decision 035). */
declare const __STUDYHUB_SERVICE_WORKER_URL__: string;
