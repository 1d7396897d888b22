// One lint setup for the whole repo. The boundaries rule keeps dependencies one way (architecture §2, decision
// 027): @studyhub/contract (pure, no React) ← @studyhub/shared (the browser platform) ← areas and the shell;
// @studyhub/deploy-folder (the deploy folder at run time, Node only) ← the API and the tooling; @studyhub/tooling
// (build and release, Node only) ← apps' webpack configs, the API's tests and scripts. The API's server code
// never imports the tooling, and production code never imports test support. No area imports another area or
// the shell; the shell reaches areas only through Module Federation at run time; no browser code imports the
// tooling or the deploy folder, and no Node code imports the browser platform.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const AREAS = ['mfe-auth', 'mfe-notes', 'mfe-syllabus', 'mfe-admin'];
const APPS = ['./shell', ...AREAS.map((area) => `./${area}`)];
const zone = (target, from, message, except) => ({ target, from, message, ...(except && { except }) });
const AREAS_AND_SHELL = {
  group: ['shell', 'shell/*', 'mfe-*'],
  message: 'Areas and the shell are never imported.',
};
const API_BY_NAME = {
  group: ['**/api/src/**'],
  message: 'Import @studyhub/api/… (api/package.json exports) instead.',
};
// react-toastify loads with the first toast (decision 014); a direct import would pull it into the first load.
const TOASTIFY_ONLY_THROUGH_NOTIFY = {
  name: 'react-toastify',
  allowTypeImports: true,
  message: 'Use notify and <Toasts> from @studyhub/shared.',
};

// The build-time switch of the typed API calls' reply checks (shared/src/api/client.ts).
const CHECK_REPLIES = '__STUDYHUB_CHECK_REPLIES__';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'deploy/**',
      '.dev-deploy/**',
      'data/**',
      'coverage/**',
      '**/test-results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    settings: {
      'import-x/resolver': {
        typescript: { project: ['*/tsconfig.json'], noWarnOnMultipleProjects: true },
        node: true,
      },
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import-x/no-cycle': 'error',
      'import-x/no-self-import': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            zone(
              './contract',
              ['./shared', './deploy-folder', './tooling', './api', './scripts', './e2e', ...APPS],
              'The contract depends on nothing of ours.',
            ),
            zone(
              './shared',
              ['./deploy-folder', './tooling', './api', './scripts', './e2e', ...APPS],
              'The browser platform builds on the contract only.',
            ),
            zone(
              './deploy-folder',
              ['./shared', './tooling', './api', './scripts', './e2e', ...APPS],
              'The deploy folder builds on the contract only.',
            ),
            zone(
              './tooling',
              ['./shared', './scripts', './e2e', ...APPS],
              'The tooling builds apps; it never imports them or the browser platform.',
            ),
            zone(
              './tooling',
              './api',
              'Of the API, the tooling imports only what its nginx configuration repeats: the headers and the prefix rule.',
              ['./src/config.ts', './src/plugins/security-headers.ts'],
            ),
            zone(
              './api/src',
              ['./tooling'],
              'The server runs without the build and release tooling; the deploy folder is @studyhub/deploy-folder.',
            ),
            ...AREAS.map((area) =>
              zone(
                `./${area}`,
                ['./shell', './api', './scripts', './e2e', ...AREAS.filter((a) => a !== area)],
                'An area builds only against @studyhub/shared and @studyhub/contract.',
              ),
            ),
            zone(
              './shell',
              ['./api', './scripts', './e2e', ...AREAS],
              'The shell loads areas at run time only.',
            ),
            ...APPS.map((app) =>
              zone(
                `${app}/src`,
                ['./tooling', './deploy-folder'],
                'Browser code never imports the build and release tooling or the deploy folder.',
              ),
            ),
            zone('./api', [...APPS, './e2e'], 'The server knows areas only as deployed files.'),
            zone(
              ['./api', './scripts', './e2e'],
              ['./shared'],
              'Node code uses @studyhub/contract and @studyhub/tooling, never the browser platform.',
            ),
          ],
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          paths: [TOASTIFY_ONLY_THROUGH_NOTIFY],
          patterns: [AREAS_AND_SHELL],
        },
      ],
    },
  },
  {
    // Scripts and the tooling reach the server through the names api/package.json exports, not into its sources
    // (production code of the tooling: the next block, which adds the test-support rule).
    files: ['scripts/**', 'tooling/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [TOASTIFY_ONLY_THROUGH_NOTIFY],
          patterns: [AREAS_AND_SHELL, API_BY_NAME],
        },
      ],
    },
  },
  {
    // Production code never runs test code (fixtures, fake servers, launchers).
    files: ['api/src/**', 'deploy-folder/src/**', 'tooling/src/**'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [TOASTIFY_ONLY_THROUGH_NOTIFY],
          patterns: [
            AREAS_AND_SHELL,
            { group: ['**/test-support/**'], message: 'Test support is imported by tests only.' },
            API_BY_NAME,
          ],
        },
      ],
    },
  },
  {
    // The contract has no React, styled-components or browser libraries at run time (types may be named).
    files: ['contract/src/**'],
    ignores: ['contract/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            'react',
            'react-dom',
            'react-router-dom',
            'styled-components',
            'axios',
            'react-toastify',
          ].map((name) => ({
            name,
            allowTypeImports: true,
            message: 'The contract is pure (decision 027).',
          })),
        },
      ],
    },
  },
  {
    // Browser code reaches the packages only through their names, never by relative paths into them.
    files: ['shell/src/**', 'mfe-*/src/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [TOASTIFY_ONLY_THROUGH_NOTIFY],
          patterns: [
            {
              group: ['**/shared/src/**', '**/contract/src/**', '**/tooling/src/**'],
              message: 'Import @studyhub/shared or @studyhub/contract by name instead.',
            },
            AREAS_AND_SHELL,
          ],
        },
      ],
    },
  },
  {
    // Every API call is typed and checked by its reply schema; production builds leave the schema out (decision 022).
    files: ['shell/src/**', 'mfe-*/src/**', 'shared/src/**'],
    ignores: ['shared/src/api/client.ts', '**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression > MemberExpression.callee[object.name='apiClient']",
          message: 'Call apiGet, apiPost, apiPut or apiDelete with the reply schema.',
        },
        {
          selector: `CallExpression[callee.name=/^api(Get|Delete)$/]:not([arguments.1.left.name='${CHECK_REPLIES}'])`,
          message: `Pass the reply schema as \`${CHECK_REPLIES} && schema\`, so production builds leave it out.`,
        },
        {
          selector: `CallExpression[callee.name=/^api(Post|Put)$/]:not([arguments.2.left.name='${CHECK_REPLIES}'])`,
          message: `Pass the reply schema as \`${CHECK_REPLIES} && schema\`, so production builds leave it out.`,
        },
      ],
    },
  },
  { files: ['**/*.{js,mjs}'], languageOptions: { globals: globals.node } },
  prettier,
);
