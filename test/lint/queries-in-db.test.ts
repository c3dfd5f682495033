import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The lint rule that keeps queries in src/db/queries/ (eslint.config.js,
 * `queriesStayInDb`, run by `npm run lint`) fails on a violation: each case is
 * linted as a file of src/core, where it must be reported by the named rule,
 * and as a repository module in src/db/queries, where the same code is fine.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: ROOT });

const CASES: Array<{ what: string; rule: string; code: string }> = [
  {
    what: 'a select',
    rule: 'no-restricted-syntax',
    code: "import type { Db } from '../../db/connect.js';\nexport const f = (db: Db) => db.selectFrom('accounts').selectAll().execute();\n",
  },
  {
    what: 'an insert',
    rule: 'no-restricted-syntax',
    code: "import type { Trx } from '../../db/connect.js';\nexport const f = (trx: Trx) => trx.insertInto('settings').values({ key: 'k', value: '1', updated_at: '' }).execute();\n",
  },
  {
    what: 'an update',
    rule: 'no-restricted-syntax',
    code: "import type { Trx } from '../../db/connect.js';\nexport const f = (trx: Trx) => trx.updateTable('documents').set({ charged_amount: 0 }).execute();\n",
  },
  {
    what: 'a delete',
    rule: 'no-restricted-syntax',
    code: "import type { Trx } from '../../db/connect.js';\nexport const f = (trx: Trx) => trx.deleteFrom('events').execute();\n",
  },
  {
    what: 'a query start taken apart',
    rule: 'no-restricted-syntax',
    code: "import type { Db } from '../../db/connect.js';\nexport const f = ({ selectFrom }: Db) => selectFrom;\n",
  },
  {
    what: 'an sql tag',
    rule: 'no-restricted-syntax',
    code: "declare const sql: (s: TemplateStringsArray) => unknown;\nexport const q = sql`SELECT 1`;\n",
  },
  {
    what: 'an sql.raw-style tag',
    rule: 'no-restricted-syntax',
    code: "declare const sql: { ref: (s: TemplateStringsArray) => unknown };\nexport const q = sql.ref`credits`;\n",
  },
  {
    what: 'kysely itself',
    rule: 'no-restricted-imports',
    code: "import { sql } from 'kysely';\nexport const one = sql<number>`1`;\n",
  },
  {
    what: 'a dialect switch',
    rule: 'no-restricted-imports',
    code: "import { isPostgres, type Db } from '../../db/connect.js';\nexport const f = (db: Db) => isPostgres(db);\n",
  },
];

async function rulesFired(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, filePath) });
  return result.messages.map((m) => m.ruleId ?? `fatal: ${m.message}`);
}

describe('queries stay in src/db/queries (eslint)', { timeout: 60_000 }, () => {
  it.each(CASES)('refuses $what in src/core', async ({ rule, code }) => {
    expect(await rulesFired(code, 'src/core/billing/planted.ts')).toContain(rule);
  });

  it.each(CASES)('allows $what in src/db/queries', async ({ code }) => {
    const fired = await rulesFired(code, 'src/db/queries/planted.ts');
    expect(fired.filter((r) => r === 'no-restricted-syntax' || r === 'no-restricted-imports' || r.startsWith('fatal'))).toEqual([]);
  });

  it('passes on src/core as it is', async () => {
    const results = await eslint.lintFiles(['src/core']);
    expect(results.length).toBeGreaterThan(40);
    expect(results.flatMap((r) => r.messages.map((m) => `${path.relative(ROOT, r.filePath)}: ${m.ruleId} ${m.message}`))).toEqual([]);
  });
});
