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
      // Layering (DESIGN.md): only src/extension.ts, src/wiring.ts and src/features/** may import vscode.
      'no-restricted-imports': ['error', { paths: [{ name: 'vscode', message: 'Only src/extension.ts, src/wiring.ts and src/features/** import vscode.' }] }],
    },
  },
  {
    files: ['src/extension.ts', 'src/wiring.ts', 'src/features/**/*.ts', 'test/integration/**/*.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // The other walls (top / features / shared floor / pure core, clients through their index) and the
    // emulator package's (used by its name from outside emulator/, standing alone inside): eslint-rules/layers.mjs.
    files: ['src/**/*.ts', 'test/**/*.{ts,mjs}', 'scripts/**/*.mjs', 'emulator/**/*.{ts,mjs}'],
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
    files: ['src/webview/**/*.ts', 'test/e2e/**/*.ts'],
    languageOptions: { globals: { ...globals.browser } },
  },
);
