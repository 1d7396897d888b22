// One lint setup for the whole repo. The boundaries rule keeps dependencies one way (architecture §2):
// @studyhub/shared → areas → shell; no area imports another area or the shell; the shell reaches areas only
// through Module Federation at run time.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const AREAS = ['mfe-auth', 'mfe-notes', 'mfe-syllabus', 'mfe-admin'];
const zone = (target, from, message) => ({ target, from, message });
// react-toastify loads with the first toast (decision 014); a direct import would pull it into the first load.
const TOASTIFY_ONLY_THROUGH_NOTIFY = {
  name: 'react-toastify',
  allowTypeImports: true,
  message: 'Use notify and <Toasts> from @studyhub/shared.',
};

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'deploy/**', '.dev-deploy/**', 'data/**', 'coverage/**'] },
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
              './shared',
              ['./shell', './api', './scripts', './e2e', ...AREAS],
              'shared depends on nothing of ours.',
            ),
            ...AREAS.map((area) =>
              zone(
                `./${area}`,
                ['./shell', './api', './scripts', './e2e', ...AREAS.filter((a) => a !== area)],
                'An area builds only against @studyhub/shared.',
              ),
            ),
            zone(
              './shell',
              ['./api', './scripts', './e2e', ...AREAS],
              'The shell loads areas at run time only.',
            ),
            zone('./api', ['./shell', ...AREAS, './e2e'], 'The server knows areas only as deployed files.'),
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
    // Browser code reaches shared only through its package name, never by relative paths into it.
    files: ['shell/src/**', 'mfe-*/src/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [TOASTIFY_ONLY_THROUGH_NOTIFY],
          patterns: [
            { group: ['**/shared/src/**'], message: 'Import @studyhub/shared instead.' },
            { group: ['shell', 'shell/*', 'mfe-*'], message: 'Areas and the shell are never imported.' },
          ],
        },
      ],
    },
  },
  { files: ['**/*.{js,mjs}'], languageOptions: { globals: globals.node } },
  prettier,
);
