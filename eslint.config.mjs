import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import repodesk from './eslint-rules/layers.mjs';

export default tseslint.config(
  { ignores: ['dist/**', 'emulator/dist/**', 'emulator/.stryker-tmp/**', 'emulator/reports/**', 'out/**', 'node_modules/**', '.vscode-test/**', 'test-results/**', '.data/**', '.stryker-tmp/**', 'reports/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Outside src/ (whose layers repodesk/layers checks, each with its reason): only the integration tests run inside VS Code.
      'no-restricted-imports': ['error', { paths: [{ name: 'vscode', message: 'Only code that runs in the extension host imports vscode: the integration tests here, in src/ the layers docs/ARCHITECTURE.md names.' }] }],
    },
  },
  {
    files: ['src/**/*.ts', 'emulator/**/*.ts', 'test/integration/**/*.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // The layers (docs/ARCHITECTURE.md): wiring root, features with their host code, model and webview, the shared
    // floors, pure modules, the language server, the emulator apart — who imports whom, vscode, Node, the DOM — and
    // the emulator package's wall (used by its name from outside emulator/, standing alone inside).
    files: ['src/**/*.ts', 'test/**/*.{ts,mjs}', 'scripts/**/*.mjs', 'emulator/**/*.{ts,mjs}'],
    plugins: { repodesk },
    rules: { 'repodesk/layers': 'error' },
  },
  {
    // One flow or step per function, each named for what it does: a longer one held several.
    files: ['src/**/*.ts', 'emulator/src/**/*.ts'],
    rules: { 'max-lines-per-function': ['error', { max: 150, skipBlankLines: true, skipComments: true }] },
  },
  {
    // CommonJS helpers (the mocha reporter) load their dependencies with require.
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Webview code is browser code.
    files: ['src/features/*/webview/**/*.ts', 'src/features/*/*/webview/**/*.ts', 'src/features/shared/webview/**/*.ts', 'test/e2e/**/*.ts'],
    languageOptions: { globals: { ...globals.browser } },
  },
);
