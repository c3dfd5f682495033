import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/**
 * Core decides what to read and write and opens the transactions; the queries
 * themselves live in src/db/queries/, one module per table (docs/CONVENTIONS.md).
 * test/lint/queries-in-db.test.ts proves each of these fails on a violation.
 */
const QUERIES_IN_DB = 'core calls the named functions of src/db/queries/<table>.ts; queries are written there.';
const QUERY_STARTS = '/^(selectFrom|selectNoFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto)$/';
const queriesStayInDb = {
  files: ['src/core/**/*.ts'],
  rules: {
    'no-restricted-imports': ['error', {
      paths: [{ name: 'kysely', message: `No query builder or sql tag in core: ${QUERIES_IN_DB}` }],
      patterns: [{
        group: ['**/db/connect.js'],
        importNames: ['isPostgres'],
        message: `Dialect differences (row locks, SKIP LOCKED) are the query's business: ${QUERIES_IN_DB}`,
      }],
    }],
    'no-restricted-syntax': ['error',
      {
        // Every Kysely query starts at one of these (a CTE's `with(...)` is followed by one of them too).
        selector: `MemberExpression[property.name=${QUERY_STARTS}], ObjectPattern > Property[key.name=${QUERY_STARTS}]`,
        message: `Core builds no query: ${QUERIES_IN_DB}`,
      },
      {
        selector: 'TaggedTemplateExpression[tag.name="sql"], TaggedTemplateExpression[tag.object.name="sql"]',
        message: `Core writes no SQL: ${QUERIES_IN_DB}`,
      },
    ],
  },
};

export default tseslint.config(
  { ignores: ['dist/', '.bench-dist/', 'node_modules/', 'data/', 'coverage/', '.tmp/', '.cache/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-constant-condition': ['error', { checkLoops: false }],
    },
  },
  queriesStayInDb,
  { files: ['bin/**/*.js'], languageOptions: { globals: { process: 'readonly' } } },
  { files: ['**/*.cjs'], languageOptions: { sourceType: 'commonjs', globals: { module: 'writable', require: 'readonly' } } },
);
