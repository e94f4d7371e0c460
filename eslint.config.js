import js from '@eslint/js';
import globals from 'globals';
import i18next from 'eslint-plugin-i18next';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const onlyMainImportsElectron = { name: 'electron', message: 'Only main/index.ts and preload/ may import electron.' };

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
    files: ['main/services/**/*.ts', 'main/store/**/*.ts', 'main/gateway/**/*.ts', 'main/sandbox/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [onlyMainImportsElectron],
          patterns: [
            {
              regex: '^(\\.\\./)+ipc/',
              message:
                'Services, the store, the gateway client and the sandbox must not import main/ipc/; move what both need below it (e.g. main/services/roles.ts).',
            },
          ],
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
    // Hooks called conditionally or with missing dependencies are bugs React cannot report at run time.
    plugins: { 'react-hooks': reactHooks },
    // The classic two; the plugin's React Compiler rules are left out, since the app does not use the compiler.
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
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
