// Lint: typescript-eslint with type information for the shipped code, eslint-plugin-regexp
// for regular expressions that can backtrack or mislead. `npm run lint` must report nothing
// (`--max-warnings 0`); it is part of `npm test`.
import tseslint from 'typescript-eslint';
import regexp from 'eslint-plugin-regexp';

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'out/**',
      'node_modules/**',
      '.vscode-test/**',
      'test-results/**',
      '.test-build/**',
      'test/editor/workspace/**',
      'test/fixtures/**',
    ],
  },
  {
    // Line width, for every source file: 140 characters. URLs, regular expression literals and
    // import/export lines may run longer; strings, template literals and comments may not.
    // The JavaScript files (build script, this config, the preview page) get only this rule.
    files: ['**/*.ts', '**/*.mjs', '**/*.js'],
    rules: {
      'max-len': ['error', {
        code: 140,
        ignoreUrls: true,
        ignoreRegExpLiterals: true,
        ignorePattern: '^\\s*(import|export) .* from ',
      }],
    },
  },
  {
    // TypeScript outside the groups below (the examples) is parsed as TypeScript too.
    files: ['**/*.ts'],
    languageOptions: { parser: tseslint.parser },
  },
  {
    // The preview page is a classic script, not a module.
    files: ['media/**/*.js'],
    languageOptions: { sourceType: 'script' },
  },
  {
    files: ['server/src/**/*.ts', 'client/src/**/*.ts'],
    extends: [...tseslint.configs.recommendedTypeChecked, regexp.configs['flat/recommended']],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      'regexp/no-super-linear-backtracking': 'error',
      'regexp/no-super-linear-move': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // The parse tree (core/syntax/jsonTree.ts) does not fill jsonc-parser's optional
      // `colonOffset`, to keep nodes small: reading it would silently give undefined.
      'no-restricted-properties': ['error', {
        property: 'colonOffset',
        message: "umsg's parse tree does not fill colonOffset: find the colon from the key's end (see jsonTree.ts).",
      }],
      // A getter or setter in an object literal made per request kept each request's version
      // of a long document alive through V8's young collections (lsp/versionTokens.ts): a
      // class's getter does not.
      'no-restricted-syntax': ['error', {
        selector: 'ObjectExpression > Property[kind=/^[gs]et$/]',
        message: 'No getter or setter in an object literal: V8 keeps what it closes over through young collections; '
          + 'use a class (see lsp/versionTokens.ts).',
      }],
      // The scanners compare char codes with `const enum` members on purpose (fast, named).
      '@typescript-eslint/no-unsafe-enum-comparison': 'off',
      // Escaping control characters means naming them in a character class.
      'no-control-regex': 'off',
      // Our interfaces of functions (rules, runtimes, features) are object literals, never
      // class instances whose methods could lose their `this`.
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    // Development scripts (benchmark, fuzzer, generators): the rules without type information,
    // plus the regular expression checks.
    files: ['scripts/**/*.ts'],
    extends: [...tseslint.configs.recommended, regexp.configs['flat/recommended']],
  },
  {
    // Request params arrive untyped from the wire: these files check them at run time with
    // guards (requests.ts) before use; the browser entries hand the worker's global to the
    // protocol library, whose types expect a Worker.
    files: [
      'server/src/lsp/server.ts',
      'server/src/lsp/requests.ts',
      'server/src/browser/serverMain.ts',
      'client/src/browser/extension.ts',
    ],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
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
      'no-control-regex': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
);
