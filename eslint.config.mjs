// Lint: typescript-eslint with type information for the shipped code, eslint-plugin-regexp
// for regular expressions that can backtrack or mislead. `npm run lint` must report nothing
// (`--max-warnings 0`); it is part of `npm test`.
import tseslint from 'typescript-eslint';
import regexp from 'eslint-plugin-regexp';

export default tseslint.config(
  { ignores: ['dist/**', 'out/**', 'node_modules/**', '.vscode-test/**', 'test-results/**', 'test/editor/workspace/**', 'test/fixtures/**', '**/*.mjs', '**/*.js'] },
  {
    files: ['server/src/**/*.ts', 'client/src/**/*.ts', 'scripts/**/*.ts'],
    extends: [...tseslint.configs.recommendedTypeChecked, regexp.configs['flat/recommended']],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      'regexp/no-super-linear-backtracking': 'error',
      'regexp/no-super-linear-move': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // The scanners compare char codes with `const enum` members on purpose (fast, named).
      '@typescript-eslint/no-unsafe-enum-comparison': 'off',
    },
  },
  {
    files: ['test/**/*.ts'],
    extends: [...tseslint.configs.recommended, regexp.configs['flat/recommended']],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      // Tests match their own trusted output: backtracking there costs nothing.
      'regexp/no-super-linear-backtracking': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
);
