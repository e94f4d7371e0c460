import js from '@eslint/js';
import globals from 'globals';
import i18next from 'eslint-plugin-i18next';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const onlyMainImportsElectron = { name: 'electron', message: 'Only main/index.ts and preload/ may import electron.' };

/** What sits under main/ipc never imports it (docs/architecture.md, "The layers"). */
const belowIpc = {
  regex: '^(\\.\\./)+ipc/',
  message: 'Services, the store, the gateway client and the sandbox must not import main/ipc/; move what both need below it (main/domain).',
};

/** A layer of main/ importing one above it or beside it (docs/architecture.md, "The layers"). */
const layerAbove = (layer, above) => ({
  regex: `^(\\.\\./)+(${above})`,
  message: `main/${layer} imports main/domain, main/protocol and main/phrases only; move what it needs there.`,
});

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'coverage/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-restricted-imports': ['error', { paths: [onlyMainImportsElectron] }],
    },
  },
  {
    // The layers under the IPC layer never import it: main/ipc (the contract, the dispatcher, the handlers)
    // depends on them, never the reverse, so what a service does cannot hinge on how the renderer asks.
    files: ['main/services/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [onlyMainImportsElectron], patterns: [belowIpc] }] },
  },
  {
    // The store keeps rows: it knows the domain and main's words (phrases: codes and values), nothing that
    // uses it. The gateway client and the sandbox speak the wire protocol over the same domain; the sandbox
    // writes its state file as the store writes private files (store/privateFiles.ts), and nothing else of it.
    files: ['main/store/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [onlyMainImportsElectron], patterns: [belowIpc, layerAbove('store', 'services|vault|gateway|sandbox')] },
      ],
    },
  },
  {
    files: ['main/gateway/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [onlyMainImportsElectron], patterns: [belowIpc, layerAbove('gateway', 'services|vault|store|sandbox')] },
      ],
    },
  },
  {
    files: ['main/sandbox/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [onlyMainImportsElectron],
          patterns: [belowIpc, layerAbove('sandbox', 'services|vault|gateway|store/(?!privateFiles)')],
        },
      ],
    },
  },
  {
    // The shared domain (main/domain: card numbers, bidirectional controls) is the bottom of main/: the store, the services, the
    // gateway client, the IPC layer and the sandbox all import it, and it imports nothing of theirs.
    files: ['main/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [onlyMainImportsElectron],
          patterns: [
            {
              regex: '^\\.\\./',
              message: 'main/domain is the bottom of main/ and imports nothing above it; move what it needs into main/domain.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['main/index.ts', 'preload/**/*.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // The shell's decisions take Electron objects as parameters: they may name Electron's types, never load it.
    files: ['main/shell/**/*.ts', 'test/shell/**/*.ts'],
    rules: {
      'no-restricted-imports': 'off',
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'electron', allowTypeImports: true, message: 'Only main/index.ts and preload/ may import electron at run time.' },
          ],
        },
      ],
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      // The screens know main by its contract (main/ipc/contract), the shared domain and main's words only.
      'no-restricted-imports': [
        'error',
        {
          paths: [onlyMainImportsElectron],
          patterns: [
            {
              regex: '^(\\.\\./)+main/(?!ipc/contract|domain/|phrases/)',
              message: 'The renderer imports main/ipc/contract, main/domain and main/phrases only.',
            },
          ],
        },
      ],
      // Hooks called conditionally or with missing dependencies are bugs React cannot report at run time; the
      // classic two, the plugin's React Compiler rules left out, since the app does not use the compiler.
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
    plugins: { 'react-hooks': reactHooks },
  },
  {
    // Every screen reads its words from the catalogues (renderer/src/i18n): no bare text in JSX.
    files: ['renderer/src/**/*.{ts,tsx}'],
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': [
        'error',
        {
          mode: 'jsx-only',
          // The plugin's defaults (options replace them, not add to them), with the technical attributes of the
          // app's components and inputs, and React state setters (setMode('single')): none of them is shown text.
          'jsx-attributes': {
            exclude: [
              'className',
              'styleName',
              'style',
              'type',
              'key',
              'id',
              'width',
              'height',
              'variant',
              'value',
              'inputMode',
              'autoComplete',
              // Event handlers are code, not words.
              'on[A-Z]\\w*',
              'aria-describedby',
            ],
          },
          callees: {
            exclude: [
              'i18n(ext)?',
              't',
              'require',
              'addEventListener',
              'removeEventListener',
              'postMessage',
              'getElementById',
              'dispatch',
              'commit',
              'includes',
              'indexOf',
              'endsWith',
              'startsWith',
              'set[A-Z]\\w*',
              'mutate',
              // Field paths and states, not words.
              'fieldMessage',
              'fieldError',
            ],
          },
        },
      ],
    },
  },
  {
    // The browser-mode bridge runs in the page; the host prepends the channel list and contract version.
    files: ['resources/browser-bridge.js'],
    languageOptions: { globals: { ...globals.browser, CHANNELS: 'readonly', CONTRACT_VERSION: 'readonly' } },
  },
  {
    // The sandbox's developer console: plain ES modules served to a browser by the sandbox.
    files: ['resources/sandbox-console/**/*.js'],
    languageOptions: { globals: { ...globals.browser } },
  },
);
