import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The layering rules of .dependency-cruiser.cjs (run by `npm run lint`) fail
 * on a violation: each case writes one offending file into a copy of src and
 * the same command the lint runs must name that rule for that file.
 */

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');
const DEPCRUISE = path.join(ROOT, 'node_modules/.bin/depcruise');

interface Violation {
  rule: { name: string; severity: string };
  from: string;
  to: string;
}

interface Cruise {
  /** What `npm run lint:deps` exits with: its reporter (dependency-cruiser's err) exits with the cruise's count of errors. */
  errors: number;
  violations: Violation[];
}

/** The lint's own cruise, read as JSON (which rule fired where): one run of dependency-cruiser, not one for the exit code and one for the rules. */
async function cruise(cwd: string, targets: string[]): Promise<Cruise> {
  const { stdout } = await run(DEPCRUISE, [...targets, '--config', '.dependency-cruiser.cjs', '--output-type', 'json'], { cwd, maxBuffer: 64 << 20 });
  const { summary } = JSON.parse(stdout) as { summary: { error: number; violations: Violation[] } };
  return { errors: summary.error, violations: summary.violations };
}

/** One offending file (or two, for a cycle) per rule, as they would be written in src. */
const CASES: Array<{ rule: string; files: Record<string, string> }> = [
  {
    rule: 'no-circular',
    files: {
      'src/core/billing/cycle-a.ts': "import { b } from './cycle-b.js';\nexport const a = () => b;\n",
      'src/core/billing/cycle-b.ts': "import { a } from './cycle-a.js';\nexport const b = () => a;\n",
    },
  },
  { rule: 'http-through-core', files: { 'src/http/bad-db.ts': "export { isPostgres } from '../db/connect.js';\n" } },
  { rule: 'http-through-core', files: { 'src/http/bad-queue.ts': "export { enqueueJob } from '../jobs/queue.js';\n" } },
  { rule: 'core-below-http', files: { 'src/core/billing/bad-http.ts': "export { limitParam } from '../../http/pagination.js';\n" } },
  { rule: 'feature-through-its-face', files: { 'src/core/billing/bad-face.ts': "export { poolOf } from '../accounts/accounts.js';\n" } },
  { rule: 'core-through-its-faces', files: { 'src/http/bad-face.ts': "export { poolOf } from '../core/accounts/accounts.js';\n" } },
  { rule: 'export-below-http', files: { 'src/export/bad-http.ts': "export { limitParam } from '../http/pagination.js';\n" } },
  { rule: 'db-at-the-bottom', files: { 'src/db/bad-core.ts': "export { getAccount } from '../core/accounts/index.js';\n" } },
  { rule: 'storage-at-the-bottom', files: { 'src/storage/bad-db.ts': "export { isPostgres } from '../db/connect.js';\n" } },
  { rule: 'jobs-know-no-feature', files: { 'src/jobs/bad-core.ts': "export { getAccount } from '../core/accounts/index.js';\n" } },
  { rule: 'engine-knows-no-service', files: { 'src/extract/bad-core.ts': "export { getAccount } from '../core/accounts/index.js';\n" } },
  { rule: 'engine-knows-no-service', files: { 'src/ingest/bad-http.ts': "export { limitParam } from '../http/pagination.js';\n" } },
  { rule: 'engine-knows-no-service', files: { 'src/einvoice/bad-db.ts': "export { migrateToLatest } from '../db/migrate.js';\n" } },
  { rule: 'engine-through-its-entries', files: { 'src/core/billing/bad-engine.ts': "export { detectTables } from '../../extract/layout/tables/table-detect.js';\n" } },
  { rule: 'engine-through-its-entries', files: { 'src/http/bad-engine.ts': "export { TesseractPool } from '../extract/read/tesseract-pool.js';\n" } },
  { rule: 'languages-through-the-registry', files: { 'src/extract/read/bad-language.ts': "export { de } from '../lang/de/index.js';\n" } },
  { rule: 'languages-are-data', files: { 'src/extract/lang/bad-engine.ts': "export { CONCEPTS } from '../concepts/index.js';\n" } },
  { rule: 'cli-under-src-cli', files: { 'src/http/bad-cli.ts': "export { Command } from 'commander';\n" } },
  { rule: 'cli-is-an-entry', files: { 'src/core/billing/bad-cli.ts': "export { registerAdminCommands } from '../../cli/admin.js';\n" } },
];

describe('layering lint (dependency-cruiser)', { timeout: 120_000 }, () => {
  let copy: string;

  beforeAll(() => {
    copy = fs.mkdtempSync(path.join(os.tmpdir(), 'docrows-layering-'));
    fs.cpSync(path.join(ROOT, 'src'), path.join(copy, 'src'), { recursive: true });
    for (const file of ['tsconfig.json', '.dependency-cruiser.cjs', 'package.json']) fs.copyFileSync(path.join(ROOT, file), path.join(copy, file));
    fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(copy, 'node_modules'), 'dir');
    for (const { files } of CASES) {
      for (const [file, text] of Object.entries(files)) fs.writeFileSync(path.join(copy, file), text);
    }
  });
  afterAll(() => fs.rmSync(copy, { recursive: true, force: true }));

  it('passes on the tree as it is', async () => {
    const result = await cruise(ROOT, ['src']);
    expect(result.violations).toEqual([]);
    expect(result.errors).toBe(0);
  });

  it('fails with the right rule for each kind of violation', async () => {
    const result = await cruise(copy, CASES.flatMap((c) => Object.keys(c.files)));
    // Every violation is an error, so each rule fails the lint (a rule set to warn would pass it).
    expect(result.errors).toBe(result.violations.length);
    for (const { rule, files } of CASES) {
      const named = result.violations.filter((v) => v.rule.name === rule && Object.keys(files).includes(v.from));
      expect(named, `${rule} on ${Object.keys(files).join(', ')}`).not.toEqual([]);
    }
    // Nothing but the planted files is reported: the rules do not fire on the real code around them.
    const planted = new Set(CASES.flatMap((c) => Object.keys(c.files)));
    expect(result.violations.filter((v) => !planted.has(v.from))).toEqual([]);
  });
});
