// @ts-check
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * A line or block comment among JSX children is text, drawn on the page (a hover card showed
 * one): comments there go in braces. One rule, so not a whole plugin for it.
 */
const noCommentText = {
  meta: { type: 'problem', schema: [] },
  /** @param {import('eslint').Rule.RuleContext} context */
  create: (context) => ({
    /** @param {import('estree').Node & { value: string }} node */
    JSXText(node) {
      if (/^\s*(\/\/|\/\*)/m.test(node.value)) context.report({ node, message: 'This comment is text on the page: write {/* … */} instead.' });
    },
  }),
};

/** Modules that hold or use the API key: only the background (and tests) may import them. */
const KEY_HOLDERS = ['**/lib/background/**', '**/lib/api/client*', '**/lib/api/http*', '**/lib/api/contact-finder*', '**/lib/api/connection-test*', '**/storage/vault'];

export default tseslint.config(
  { ignores: ['.output/**', '.wxt/**', 'node_modules/**', 'coverage/**', 'test-results/**', 'playwright-report/**', 'test/artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: { allowDefaultProject: ['*.js'] }, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { 'react-hooks': reactHooks, primer: { rules: { 'no-comment-text': noCommentText } } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'primer/no-comment-text': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    // The key boundary: everything a page-facing context loads must not reach the key's modules.
    files: ['entrypoints/**', 'components/**', 'lib/**'],
    // The signer of what is kept in storage.local (the side panel verifies its saved cache) keeps its own key in the vault,
    // and the counters of which signed write is the latest beside it.
    ignores: ['entrypoints/background/**', 'lib/background/**', 'lib/api/**', 'lib/storage/stored-signature.ts', 'lib/storage/write-generation.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: KEY_HOLDERS, message: 'Only the background may use the API key: send a message (lib/messaging/send.ts) instead.' }] }],
    },
  },
  { files: ['**/*.js'], ...tseslint.configs.disableTypeChecked },
  {
    files: ['test/**', '*.config.*'],
    rules: {
      'no-console': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/unbound-method': 'off',
      // vitest's asymmetric matchers (expect.any, objectContaining) are typed `any`.
      '@typescript-eslint/no-unsafe-assignment': 'off',
    },
  },
);
