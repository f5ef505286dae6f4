// ESLint flat config: TypeScript rules plus the architecture's import boundaries.
// The boundaries (docs/architecture.md, "Parts and allowed arrows") are the point of this file:
//   domain  → nothing of ours (pure rules, no DOM, no Node; libraries: proj4, typebox for the API's shapes)
//   worker  → domain; never src, React or OpenLayers' rendering modules
//   src     → domain; worker only with `import type` (the data core is reached through Comlink)
//   src/state → no OpenLayers (state is plain data)
//   mapscene → domain; worker only with `import type`; never src, server or React
//   src     → mapscene only with `import type` (the scene is reached through MapProxy)
//   server  → domain; never src or worker
// tests/unit/lint/boundaries.test.ts plants a violation of each and checks that this file refuses it.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';

/** OpenLayers modules the worker may use: pure geometry maths, no canvas, no DOM. */
const OL_PURE = ['ol/tilegrid', 'ol/tilegrid.js', 'ol/extent', 'ol/extent.js', 'ol/proj', 'ol/proj.js'];

/**
 * The folders that use OpenLayers' map and layers: the map scene (mapscene/, the one OpenLayers
 * map, run by the map worker or on the page) and, in the UI, only the coordinate conversions
 * (src/map/coords/, which register the national grid's projection with OpenLayers).
 */
const MAP_FOLDERS = ['mapscene/**', 'src/map/coords/**'];

const zone = (target, from, message) => ({ target, from, message });

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'dist/',
      'data/',
      '.data-*/',
      'coverage/',
      'bench/results/',
      'tests/e2e/screenshots/',
      'public/',
      '**/*.d.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: {
        console: 'readonly',
        process: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        fetch: 'readonly',
        Buffer: 'readonly',
        TextEncoder: 'readonly',
        TextDecoder: 'readonly',
        structuredClone: 'readonly',
        AbortController: 'readonly',
        performance: 'readonly',
      },
    },
    settings: {
      'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] })],
    },
    rules: {
      // TypeScript checks these better than ESLint can (undefined names, redeclared overloads).
      'no-undef': 'off',
      'no-redeclare': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      // `any` needs a comment saying why: the disable comment is that place.
      '@typescript-eslint/no-explicit-any': 'error',
      // `import('…').T` annotations stay allowed: they keep a lazily loaded module out of a chunk's imports.
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false },
      ],
      'no-empty': ['error', { allowEmptyCatch: true }],
      'import-x/no-cycle': 'off',
      'import-x/no-self-import': 'error',
    },
  },
  {
    files: ['src/**/*.tsx', 'src/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  // domain/ imports nothing of ours and no library but proj4.
  {
    files: ['domain/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            zone(
              './domain',
              ['./src', './worker', './server', './tests', './bench', './scripts', './build'],
              'domain/ holds the shared rules and imports nothing of the app, the worker or the server.',
            ),
          ],
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // typebox: the API's shapes (domain/shapes/) are JSON Schemas that server, worker and UI share.
              regex: '^(?!\\.|proj4$|typebox$)',
              message: 'domain/ is pure TypeScript: no library except proj4 and typebox, no Node or DOM modules.',
            },
          ],
        },
      ],
    },
  },
  // The worker knows no screen: no src, no React, no OpenLayers rendering.
  {
    files: ['worker/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            zone(
              './worker',
              ['./src', './server'],
              'The data core knows no screen and no server code; shared rules live in domain/.',
            ),
          ],
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^react(-dom)?(/|$)', message: 'The worker renders nothing: no React.' },
            {
              regex: `^ol(?!/(${OL_PURE.map((m) => m.slice(3).replace('.', '\\.')).join('|')})$)(/|$)`,
              message: "The worker may use only OpenLayers' pure tilegrid, extent and proj modules.",
            },
          ],
        },
      ],
    },
  },
  // The UI reaches the data core through Comlink: worker/ only as types.
  {
    files: ['src/**/*.{ts,tsx}'],
    // The service worker is worker code that lives beside the app's entry: it runs the sync engine.
    ignores: ['src/sw.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { zones: [zone('./src', ['./server'], 'The UI never imports server code.')] },
      ],
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)worker/',
              allowTypeImports: true,
              message: 'The UI imports the data core only as types (import type); shared rules live in domain/.',
            },
            {
              regex: '(^|/)mapscene/',
              allowTypeImports: true,
              message:
                'The map scene runs in the map worker (started by its URL) or is loaded by createMap.ts; the UI calls it through MapProxy and imports only its types.',
            },
          ],
        },
      ],
    },
  },
  // Only the map scene touches OpenLayers' map, layers and features; the UI asks the map through
  // MapPort (src/map/port/mapPort.ts) in plain data, whichever thread runs the scene.
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/sw.ts', 'src/state/**', ...MAP_FOLDERS],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // ol.css: the map's stylesheet, loaded with the app's.
              regex: `^ol(?!/(${[...OL_PURE, 'ol/ol.css'].map((m) => m.slice(3).replace('.', '\\.')).join('|')})$)(/|$)`,
              message:
                "Ask the map through MapPort (src/map/port/mapPort.ts); only mapscene/ uses OpenLayers' map and layers.",
            },
          ],
        },
      ],
    },
  },
  // The map scene runs in a worker or on the page alike: no UI, no server; the data core only as types.
  {
    files: ['mapscene/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            zone(
              './mapscene',
              ['./src', './server'],
              'The map scene knows no UI and no server: the UI calls it through MapProxy; shared rules live in domain/.',
            ),
          ],
        },
      ],
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^react(-dom)?(/|$)', message: 'The map scene renders with OpenLayers: no React.' },
            {
              regex: '(^|/)worker/',
              allowTypeImports: true,
              message: 'The map scene takes its data from the data core over its channel: worker/ only as types.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/state/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^ol(/|$)', message: 'src/state is plain data: no OpenLayers.' }] },
      ],
    },
  },
  // The server shares rules with the app only through domain/.
  {
    files: ['server/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            zone('./server', ['./src', './worker'], 'The server shares rules with the app only through domain/.'),
          ],
        },
      ],
    },
  },
  // Tests may break rules the product may not: test doubles need `any`-free but loose shapes.
  {
    files: ['tests/**/*.{ts,tsx}', 'bench/**/*.ts'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  prettier,
);
