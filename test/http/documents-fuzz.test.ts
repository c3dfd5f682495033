import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, DIALECTS, startTestApp, type TestApp } from '../helpers/app.js';
import { bmpFixture, docxFixture, imageFixture } from '../fixtures/ingest/file-fixtures.js';
import { textPdf } from '../fixtures/ingest/pdf-fixtures.js';
import { footprint, upload } from './helpers/uploads.js';
import { rng } from '../helpers/rng.js';


/** Truncation, byte flips, random overwrites and chunk duplication. */
function mutate(seed: Buffer, index: number): Buffer {
  const r = rng(index * 7919 + 17);
  const out = Buffer.from(seed);
  const at = (): number => Math.floor(r() * out.length);
  switch (index % 4) {
    case 0:
      return out.subarray(0, Math.max(1, Math.floor(r() * out.length)));
    case 1:
      for (let i = 0, n = 1 + Math.floor(r() * 20); i < n; i++) out[at()] = Math.floor(r() * 256);
      return out;
    case 2: {
      const start = at();
      for (let i = start; i < Math.min(out.length, start + 1 + Math.floor(r() * 64)); i++) out[i] = Math.floor(r() * 256);
      return out;
    }
    default: {
      const start = at();
      const chunk = out.subarray(start, start + 1 + Math.floor(r() * 256));
      const cut = at();
      return Buffer.concat([out.subarray(0, cut), chunk, chunk, out.subarray(cut)]);
    }
  }
}

const MUTATIONS_PER_SEED = 26;

describe('upload fuzzing with malformed files', () => {
  let t: TestApp;
  let key: string;
  let accountId: number;
  const seeds: Array<[string, Buffer]> = [];

  beforeAll(async () => {
    t = await startTestApp(DIALECTS[0]);
    ({ apiKey: key, accountId } = await t.createAccount());
    await t.inject({ method: 'PATCH', url: `/admin/v1/accounts/${accountId}`, headers: { authorization: `Bearer ${ADMIN_TOKEN}` }, payload: { max_queued_documents: 100_000 } });
    seeds.push(
      ['pdf', await textPdf({ pages: 1, rows: 2 })],
      ['png', await imageFixture('png')],
      ['jpeg', await imageFixture('jpeg')],
      ['gif', await imageFixture('gif')],
      ['webp', await imageFixture('webp')],
      ['tiff', await imageFixture('tiff')],
      ['bmp', bmpFixture(40, 30)],
      ['docx', docxFixture({ rows: 2 })],
    );
  });
  afterAll(() => t.destroy());

  it(`answers ${8 * MUTATIONS_PER_SEED} mutated files with 200 or invalid_parameter file, leaving no orphans`, async () => {
    const outcomes: Record<string, number> = {};
    let accepted = 0;
    for (const [kind, seed] of seeds) {
      for (let i = 0; i < MUTATIONS_PER_SEED; i++) {
        const res = await upload(t, key, { file: { filename: `fuzz.${kind}`, content: mutate(seed, i) } });
        const verdict = res.statusCode === 200 ? 'ok' : `${res.statusCode} ${(res.json() as { error: { code: string; param?: string } }).error.code}`;
        if (verdict === 'ok') accepted++;
        else expect({ kind, i, verdict, param: (res.json() as { error: { param?: string } }).error.param }).toEqual({ kind, i, verdict: '400 invalid_parameter', param: 'file' });
        outcomes[`${kind} ${verdict}`] = (outcomes[`${kind} ${verdict}`] ?? 0) + 1;
      }
    }
    // Both outcomes occur: the mutations are neither all fatal nor all harmless.
    expect(accepted).toBeGreaterThan(10);
    expect(accepted).toBeLessThan(8 * MUTATIONS_PER_SEED - 10);

    // No orphans: every stored blob belongs to an upload row, every upload row has its blobs, and scratch files are gone.
    const db = t.services.db;
    const uploads = await db.selectFrom('uploads').select(['id', 'page_count']).where('account_id', '=', accountId).execute();
    expect(uploads).toHaveLength(accepted);
    const blobUploads = new Set((await t.services.blobs.list(`acct/${accountId}/`)).map((k) => k.split('/')[2]));
    expect([...blobUploads].sort()).toEqual(uploads.map((u) => u.id).sort());
    const docs = await footprint(t, accountId);
    expect(docs.documents).toBe(uploads.reduce((n, u) => n + u.page_count, 0));
    expect(docs.batches).toBe(accepted);
    expect(docs.blobSweeps).toBe(0);
    expect(readdirSync(join(t.dataDir, 'tmp'))).toEqual([]);
  }, 240_000);
});
