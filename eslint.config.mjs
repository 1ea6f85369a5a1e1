// @ts-check
import js from '@eslint/js';
import nextPlugin from '@next/eslint-plugin-next';
import { defineConfig } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const CORE_FENCE_MESSAGE = 'lib/core is pure: no I/O, no Node, no React';

const nodeBuiltins = ['fs', 'path', 'child_process', 'http', 'https', 'net', 'os', 'process', 'crypto', 'url'];

export default defineConfig(
  {
    ignores: [
      '.next/**',
      'node_modules/**',
      'dist/**',
      'next-env.d.ts',
      'test-results/**',
      'playwright-report/**',
      'coverage/**',
    ],
  },

  // TypeScript: type-checked strict + stylistic.
  {
    files: ['**/*.ts', '**/*.tsx'],
    extends: [...tseslint.configs.strictTypeChecked, ...tseslint.configs.stylisticTypeChecked],
    languageOptions: {
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
        },
      ],
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true, allowBoolean: true }],
    },
  },

  // Next.js rules for the app.
  {
    files: ['app/**/*.{ts,tsx}', 'components/**/*.{ts,tsx}'],
    plugins: { '@next/next': nextPlugin },
    rules: {
      ...nextPlugin.configs.recommended.rules,
      ...nextPlugin.configs['core-web-vitals'].rules,
    },
  },

  // Plain JS (configs, build scripts, CLI shims): JS recommended, Node globals,
  // no type information.
  {
    files: ['**/*.mjs', '**/*.js'],
    extends: [js.configs.recommended, tseslint.configs.disableTypeChecked],
    languageOptions: {
      ecmaVersion: 'latest',
      sourceType: 'module',
      globals: { ...globals.node },
    },
    rules: {
      'no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
        },
      ],
    },
  },

  // The pure core: no I/O, no Node, no React, no clock.
  {
    files: ['lib/core/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            ...nodeBuiltins.map((name) => ({
              name,
              message: CORE_FENCE_MESSAGE,
            })),
            { name: 'next', message: CORE_FENCE_MESSAGE },
            { name: 'react', message: CORE_FENCE_MESSAGE },
            { name: 'react-dom', message: CORE_FENCE_MESSAGE },
          ],
          patterns: [
            {
              group: ['node:*', ...nodeBuiltins.map((name) => `${name}/*`), 'next/*', 'react/*', 'react-dom/*'],
              message: CORE_FENCE_MESSAGE,
            },
            // Out of lib/core from any depth: relative (`../server/x` from the root files,
            // `../../server/x` or `../../../lib/server/x` from a subfolder) or through the `@/` alias.
            { regex: '^(\\.\\./)+(lib/)?(server|cli|components|app)(/|$)', message: CORE_FENCE_MESSAGE },
            { regex: '^@/(lib/server|lib/cli|components|app)(/|$)', message: CORE_FENCE_MESSAGE },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: CORE_FENCE_MESSAGE },
        { name: 'process', message: CORE_FENCE_MESSAGE },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.type='MemberExpression'][callee.object.name='Date'][callee.property.name='now']",
          message: `${CORE_FENCE_MESSAGE} (pass the clock in; Date.now() is forbidden)`,
        },
      ],
    },
  },
);
