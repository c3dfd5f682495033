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

/**
 * The engine writes no threshold or weight inline: each is a setting of
 * src/extract/settings.ts, with its reason, passed in as `settings`; units
 * and fixed facts (grey levels, degrees, percent, calendar and HTTP facts,
 * thousandths) are named in src/extract/units.ts. Everywhere else in
 * src/extract only 0 and 1 are written (and -1, which is 1 negated);
 * test/lint/settings-not-literals.test.ts proves the rule fires.
 */
const SETTINGS_NOT_LITERALS = 'A number in an engine stage is a setting: add it to src/extract/settings.ts (with why it has its value) and pass `settings` in, or name a unit in src/extract/units.ts.';
const settingsNotLiterals = {
  files: ['src/extract/**/*.ts'],
  ignores: ['src/extract/settings.ts', 'src/extract/units.ts'],
  rules: {
    'no-restricted-syntax': ['error', {
      selector: 'Literal[raw=/^(?!(?:0|1)$)\\.?\\d/]',
      message: SETTINGS_NOT_LITERALS,
    }],
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
  settingsNotLiterals,
  { files: ['bin/**/*.js'], languageOptions: { globals: { process: 'readonly' } } },
  { files: ['**/*.cjs'], languageOptions: { sourceType: 'commonjs', globals: { module: 'writable', require: 'readonly' } } },
);
