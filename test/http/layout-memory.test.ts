import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startTestApp, type TestApp } from '../helpers/app.js';
import { expectError, upload } from './helpers/uploads.js';
import { api, runWorkers, waitForBatch, waitUntil } from '../pipeline/helpers.js';
import type { RunningWorkers } from '../../src/workers.js';
import { fieldTruth, LINE_FIELDS, lineTruth, monthValues, NORDLICHT, SENDER_FIELDS, senderPdf, SUEDWIND, type Sender } from '../fixtures/sender-pages.js';

/**
 * Layout memory through HTTP (docs/decisions.md, "Corrections, reprocessing,
 * layout memory"), on the real layout engine: a correction teaches the
 * sender's layout; the next page of that sender and layout is read with it;
 * another layout of the sender, another sender and another account read as
 * before, to the last digit; a deleted memory stops counting.
 */

const FIELDS = [...SENDER_FIELDS, ...LINE_FIELDS];

type Call = ReturnType<typeof api>;
type Cells = Array<Record<string, { value: string | null; bbox: unknown; confidence: number | null }>>;

interface Account {
  id: number;
  call: Call;
  key: string;
}

describe.each(DIALECTS)('layout memory (%s)', (dialect) => {
  let t: TestApp;
  let workers: RunningWorkers;
  let a: Account;
  let b: Account;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    const open = async (): Promise<Account> => {
      const { accountId, apiKey } = await t.createAccount({ credits: 100 });
      return { id: accountId, key: apiKey, call: api(t, apiKey) };
    };
    [a, b] = [await open(), await open()];
    workers = runWorkers(t, { workers: 1 });
  }, 120_000);
  afterAll(async () => {
    await workers?.stop();
    await t.destroy();
  });

  /** Uploads one page into `batch`, reads it with every field, and returns its id. */
  async function read(who: Account, batch: string, sender: Sender, layout: 'a' | 'b', month: number, { fields = FIELDS as readonly string[], priceLast = false } = {}): Promise<string> {
    const res = await upload(t, who.key, { fields: { batch_name: batch }, file: { filename: `${batch}.pdf`, content: await senderPdf(sender, layout, monthValues(month), { priceLast }), contentType: 'application/pdf' } });
    expect(res.statusCode, res.body).toBe(200);
    expect((await who.call('POST', `/batches/${batch}/process`, { fields })).statusCode).toBe(200);
    await waitForBatch(t, who.id, batch);
    return (res.json() as { document_id: string[] }).document_id[0];
  }
  const cells = async (who: Account, batch: string): Promise<Cells> =>
    (await who.call('GET', `/batches/${batch}/results?include=bbox,confidence`)).json().documents[0].line_items as Cells;
  const values = (rows: Cells) => rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, c]) => [k, c.value])));
  const truth = (month: number) => lineTruth(monthValues(month)).map((row) => ({ ...fieldTruth(monthValues(month)), ...row }));
  const memories = async (who: Account) => (await who.call('GET', '/layout_memories')).json().data as Array<{ id: string; sender: Record<string, string | null>; fields: string[]; documents: number }>;

  let coldA2: Cells;
  let coldB1: Cells;
  let coldOther: Cells;
  let coldSwapped: Cells;
  let memoryId: string;

  it('a page read without memory: the reference reading, in another account', async () => {
    await read(b, 'cold-a2', NORDLICHT, 'a', 2);
    await read(b, 'cold-b1', NORDLICHT, 'b', 1);
    await read(b, 'cold-other', SUEDWIND, 'a', 2);
    await read(b, 'cold-swapped', NORDLICHT, 'a', 2, { fields: LINE_FIELDS, priceLast: true });
    [coldA2, coldB1, coldOther, coldSwapped] = [await cells(b, 'cold-a2'), await cells(b, 'cold-b1'), await cells(b, 'cold-other'), await cells(b, 'cold-swapped')];
    // The general rules cannot tell that the page prints "Kundenreferenz" as "Vorgang": that is what a correction has to teach.
    expect(values(coldA2)).not.toEqual(truth(2));
    expect(await memories(b)).toEqual([]);
  }, 120_000);

  it('a correction teaches the sender and layout; the memory is listed with its sender and fields', async () => {
    const doc = await read(a, 'first', NORDLICHT, 'a', 1);
    const res = await a.call('PUT', `/documents/${doc}/line_items`, { line_items: truth(1) });
    expect(res.statusCode, res.body).toBe(200);
    await waitUntil(async () => (await memories(a)).length > 0, 60_000, 'a memory');
    const [memory] = await memories(a);
    expect(memory.id).toMatch(/^mem_/);
    expect(memory.sender).toEqual({ name: NORDLICHT.name, tax_id: 'DE287456193', iban: null });
    expect([...memory.fields].sort()).toEqual([...FIELDS].sort());
    expect(memory.documents).toBe(1);
    memoryId = memory.id;
  }, 120_000);

  it('the next page of that sender and layout is read with the memory, every value right, confidence under 1', async () => {
    await read(a, 'second', NORDLICHT, 'a', 2);
    const rows = await cells(a, 'second');
    expect(values(rows)).toEqual(truth(2));
    for (const row of rows) {
      for (const c of Object.values(row)) {
        expect(c.confidence).toBeGreaterThan(0.8);
        expect(c.confidence).toBeLessThan(1);
      }
    }
  }, 120_000);

  it('another layout of the same sender, and another sender, read exactly as without memory', async () => {
    await read(a, 'layout-b', NORDLICHT, 'b', 1);
    await read(a, 'other', SUEDWIND, 'a', 2);
    expect(await cells(a, 'layout-b')).toEqual(coldB1);
    expect(await cells(a, 'other')).toEqual(coldOther);
  }, 120_000);

  it('rows the memory reads that fail quantity × price = amount leave the general rules\' rows, which hold', async () => {
    // The sender's template swapped its price and amount columns: the learned bands now read each price as the amount.
    await read(a, 'swapped', NORDLICHT, 'a', 2, { fields: LINE_FIELDS, priceLast: true });
    const rows = await cells(a, 'swapped');
    expect(values(rows)).toEqual(lineTruth(monthValues(2)));
    expect(rows).toEqual(coldSwapped);
  }, 120_000);

  it('one account\'s memory never reads another\'s pages, and cannot be deleted by it', async () => {
    await read(b, 'b-second', NORDLICHT, 'a', 2);
    expect(await cells(b, 'b-second')).toEqual(coldA2);
    expect(await memories(b)).toEqual([]);
    expectError(await b.call('DELETE', `/layout_memories/${memoryId}`), 404, 'layout_memory_not_found');
    expect((await memories(a)).map((m) => m.id)).toEqual([memoryId]);
  }, 120_000);

  it('a deleted memory has no effect from then on: reprocessing reads as without memory', async () => {
    const res = await a.call('DELETE', `/layout_memories/${memoryId}`);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await memories(a)).toEqual([]);
    expectError(await a.call('DELETE', `/layout_memories/${memoryId}`), 404, 'layout_memory_not_found');
    expect((await a.call('POST', '/batches/second/process', { fields: FIELDS, reprocess: true })).statusCode).toBe(200);
    await waitForBatch(t, a.id, 'second');
    expect(await cells(a, 'second')).toEqual(coldA2);
  }, 120_000);
});
