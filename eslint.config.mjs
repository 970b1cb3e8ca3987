import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import repodesk from './eslint-rules/layers.mjs';

export default tseslint.config(
  { ignores: ['dist/**', 'out/**', 'node_modules/**', '.vscode-test/**', 'test-results/**', '.data/**', '.stryker-tmp/**', 'reports/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Layering (DESIGN.md): only src/extension.ts, src/wiring.ts and src/features/** may import vscode.
      'no-restricted-imports': ['error', { paths: [{ name: 'vscode', message: 'Only src/extension.ts, src/wiring.ts and src/features/** import vscode.' }] }],
    },
  },
  {
    files: ['src/extension.ts', 'src/wiring.ts', 'src/features/**/*.ts', 'test/integration/**/*.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // The other walls (top / features / shared floor / pure core, clients through their index, the emulator): eslint-rules/layers.mjs.
    files: ['src/**/*.ts'],
    plugins: { repodesk },
    rules: { 'repodesk/layers': 'error' },
  },
  {
    // CommonJS helpers (the mocha reporter) load their dependencies with require.
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['src/features/*/webview/**/*.ts', 'test/e2e/**/*.ts'],
    languageOptions: { globals: { ...globals.browser } },
  },
);
