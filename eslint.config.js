import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';

/** Everything of src/ a folder may not import: the folders above it, the features beside it. */
const LAYERS = [
  'src/ui',
  'src/platform',
  'src/system',
  'src/auth',
  'src/commerce',
  'src/catalog',
  'src/account',
  'src/shell',
  'src/app',
  'src/routes',
  'src/devtools',
  'src/replay',
  'src/main.tsx',
  'src/router.tsx',
  'src/routeTree.gen.ts',
];
/** The feature folders of machines/ (all but the root, app/, and the contract, system/), found on disk. */
const MACHINE_FEATURES = readdirSync(new URL('./machines', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !['app', 'system'].includes(entry.name))
  .map((entry) => entry.name);
const BASE = ['src/ui', 'src/platform', 'src/system'];
const zones = (rules) =>
  rules.map(([target, may]) => ({
    target: `./${target}`,
    from: LAYERS.filter(
      (f) => f !== target && !may.includes(f) && !(BASE.includes(target) ? [] : BASE).includes(f),
    ).map((f) => `./${f}`),
    message: `${target} imports only what sits below it (eslint.config.js, feature folders).`,
  }));

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-ssr',
      'data',
      'node_modules',
      '.tmp',
      'src/routeTree.gen.ts',
      '**/*.gen.ts',
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
    // Feature folders (issue 16, docs/decisions/009-one-actor-system.md): one-way imports between the
    // layers of src/ and between its features. Each may import only what sits below it:
    //   src/platform  <  src/system  <  src/ui  <  auth  <  commerce  <  catalog  <  account  <  shell
    //   <  src/app (starts the actor system)  <  src/routes, src/main.tsx
    // A card on a catalog page holds commerce's buttons; the header (shell) shows every feature.
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: zones([
            ['src/platform', []],
            ['src/system', ['src/platform']],
            ['src/ui', ['src/platform', 'src/system']],
            ['src/auth', []],
            ['src/commerce', ['src/auth']],
            ['src/catalog', ['src/auth', 'src/commerce']],
            ['src/account', ['src/auth', 'src/commerce', 'src/catalog']],
            ['src/shell', ['src/auth', 'src/commerce', 'src/catalog', 'src/account']],
          ]),
        },
      ],
    },
  },
  {
    // A view contract per machine (issue 16): views and their hooks read a machine only through the
    // selectors beside it (machines/<feature>/<machine>.selectors.ts, machines/system/selectors.ts),
    // never its state paths, tags or context.
    files: [
      'src/{ui,auth,commerce,catalog,account,shell}/**/*.tsx',
      'src/{ui,auth,commerce,catalog,account,shell}/**/use-*.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...['matches', 'hasTag', 'getSnapshot'].map((name) => ({
          selector: `CallExpression[callee.property.name='${name}']`,
          message: `Views read machines through selectors (machines/**/*.selectors.ts), not .${name}().`,
        })),
        {
          selector: "MemberExpression[property.name='context']",
          message:
            'Views read machines through selectors (machines/**/*.selectors.ts), not snapshot.context.',
        },
      ],
    },
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
        'crypto',
      ],
      // ids and clocks are effects too: src/ provides them (a request id, the time of a sign-in)
      'no-restricted-properties': [
        'error',
        { object: 'Math', property: 'random', message: 'Machines stay pure: src/ provides ids.' },
        { object: 'Date', property: 'now', message: 'Machines stay pure: the time comes with the event.' },
        { object: 'globalThis', property: 'crypto', message: 'Machines stay pure: src/ provides ids.' },
      ],
    },
  },
  {
    // machines/ is split as src/ is: a feature's machines never import another feature's. What they
    // share is machines/system (the registry, `tell`, the session's announcements) and domain/; the
    // root machine that spawns them (machines/app) sits above them all, as src/app does.
    files: ['machines/**/*.ts'],
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            ...MACHINE_FEATURES.map((feature) => ({
              target: `./machines/${feature}`,
              from: [
                ...MACHINE_FEATURES.filter((f) => f !== feature).map((f) => `./machines/${f}`),
                './machines/app',
              ],
              message:
                "A feature's machines talk to another feature's through machines/system (tell, emit); the root, machines/app, sits above them all.",
            })),
            {
              target: './machines/system',
              from: './machines/app',
              message: 'machines/system is the contract every machine builds on; the root sits above it.',
            },
          ],
        },
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
