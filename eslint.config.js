import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';

export default tseslint.config(
  {
    ignores: [
      'dist',
      'data',
      'node_modules',
      '.tmp',
      'src/routeTree.gen.ts',
      'bench/results',
      'test-results',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // No import cycles in the app, the machines or the server (issue 16): a file never imports,
    // through any chain, a file that imports it.
    files: ['src/**/*.{ts,tsx}', 'machines/**/*.ts', 'domain/**/*.ts', 'server/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver()],
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/ignore': ['node_modules'],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'tests/views/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // One-way imports (ARCHITECTURE.md): machines are pure; they never reach into the browser,
    // React, HTTP or the server.
    files: ['machines/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react-dom', '@xstate/react', 'ky', '@tanstack/*'],
              message: 'Machines stay pure: effects are provided from src/.',
            },
            {
              group: ['**/src/**', '**/server/**', '../src/*', '../server/*'],
              message: 'Machines import only xstate, machines/ and domain/.',
            },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        'window',
        'document',
        'localStorage',
        'sessionStorage',
        'fetch',
        'setTimeout',
        'setInterval',
      ],
    },
  },
  {
    // The shop's rules and types, shared by the machines and the server: they import nothing but
    // each other.
    files: ['domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!\\./)',
              message: 'domain/ imports only its own files: the machines and the server build on it.',
            },
          ],
        },
      ],
      'no-restricted-globals': ['error', 'window', 'document', 'localStorage', 'sessionStorage', 'fetch'],
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/src/**', '../src/*', 'react', 'react-dom'],
              message: 'The server does not import the SPA.',
            },
          ],
        },
      ],
    },
  },
);
