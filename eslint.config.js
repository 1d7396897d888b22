// One lint setup for the whole repo. The boundaries rule keeps dependencies one way (architecture §2, decision
// 027): @studyhub/contract (pure, no React) ← @studyhub/shared (the browser platform) ← areas and the shell;
// @studyhub/tooling (build and release, Node only) ← apps' webpack configs, the API and scripts. No area imports
// another area or the shell; the shell reaches areas only through Module Federation at run time; no browser code
// imports the tooling and no Node code imports the browser platform.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const AREAS = ['mfe-auth', 'mfe-notes', 'mfe-syllabus', 'mfe-admin'];
const APPS = ['./shell', ...AREAS.map((area) => `./${area}`)];
const zone = (target, from, message) => ({ target, from, message });
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
              ['./shared', './tooling', './api', './scripts', './e2e', ...APPS],
              'The contract depends on nothing of ours.',
            ),
            zone(
              './shared',
              ['./tooling', './api', './scripts', './e2e', ...APPS],
              'The browser platform builds on the contract only.',
            ),
            zone(
              './tooling',
              ['./shared', './api', './scripts', './e2e', ...APPS],
              'The tooling builds apps; it never imports them or the browser platform.',
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
              zone(`${app}/src`, ['./tooling'], 'Browser code never imports the build and release tooling.'),
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
          patterns: [
            { group: ['shell', 'shell/*', 'mfe-*'], message: 'Areas and the shell are never imported.' },
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
            { group: ['shell', 'shell/*', 'mfe-*'], message: 'Areas and the shell are never imported.' },
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
