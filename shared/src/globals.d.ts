/** Values webpack's DefinePlugin writes into browser bundles (see build/create-webpack-config.ts). */
declare const __STUDYHUB_BUILD_VERSION__: string;
declare const __STUDYHUB_API_URL__: string;
