import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

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
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'electron', message: 'Only main/index.ts and preload/ may import electron.' }] },
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
