import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const SHARED_IMPORTS_NOTHING = {
  group: ['@bo/*', 'node:*', '@aws-sdk/*', 'react', 'electrodb'],
  message: 'shared imports nothing of ours, nor node or AWS code',
};

/** The web imports only @bo/shared of our packages. */
const WEB_ONLY_SHARED = {
  group: ['@bo/functions*', '@bo/events*', '@bo/infra*', '@aws-sdk/*'],
  message: 'the web imports only @bo/shared',
};

/**
 * Page folders stay apart: what two pages use lives in the common layer (web/src/components, format, access),
 * which imports no page. Only the app (routes, modal registry) brings pages together.
 */
const PAGE_FOLDERS = readdirSync(new URL('./web/src/pages', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const pageFolderRules = PAGE_FOLDERS.map((folder) => ({
  files: [`web/src/pages/${folder}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          WEB_ONLY_SHARED,
          {
            regex: `^(\\.\\./)+(pages/)?(${PAGE_FOLDERS.filter((f) => f !== folder).join('|')})(/|$)`,
            message: `pages/${folder} imports no other page folder: move what both use to web/src/components, format or access`,
          },
        ],
      },
    ],
  },
}));

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/cdk.out/**', '.local/**', 'coverage/**', 'tests/artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['functions/src/**/*.ts', 'events/src/**/*.ts'],
    rules: { 'no-console': 'error' },
  },
  {
    files: ['shared/src/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [SHARED_IMPORTS_NOTHING] }] },
  },
  {
    files: ['shared/src/rules/**/*.ts', 'shared/src/schemas/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            SHARED_IMPORTS_NOTHING,
            {
              regex: '(^|/)routes(/|$)',
              message: 'the route table sits above rules and schemas: roles come from role-matrix.ts',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['shared/src/role-matrix.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^\\.\\.?/(?!roles$)', message: 'the role matrix imports nothing of ours but the role type' },
          ],
        },
      ],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: [WEB_ONLY_SHARED] }],
    },
  },
  {
    files: ['web/src/{access,api,auth,components,format,modals,notifications}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            WEB_ONLY_SHARED,
            { regex: '(^|/)pages/', message: 'the common layer imports no page: pages import it' },
          ],
        },
      ],
    },
  },
  ...pageFolderRules,
  {
    files: ['functions/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['aws-cdk-lib*', '@bo/infra*', '@bo/events*', '@bo/web*'],
              message: 'handlers never import the CDK, events or web',
            },
          ],
        },
      ],
    },
  },
);
