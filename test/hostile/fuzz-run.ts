/**
 * The seeded fuzz run: fast-check generates mutations of valid PDFs, images,
 * .docx (its zip bytes or its document XML) and .txt files, uploads each to a
 * real `docrows serve` and checks every answer is 200 or the contract's error
 * body. Accepted uploads are processed in batches by the server's own
 * workers; at the end every processed document must be terminal and the
 * credits exact (initial + Σ ledger = available). `npm run fuzz -- --cases N`
 * runs it long (bench/fuzz.ts); test/hostile/fuzz.test.ts runs 300 cases.
 */
import path from 'node:path';
import fc from 'fast-check';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { connectDb } from '../../src/db/connect.js';
import { ledgerSum } from '../../src/core/billing/index.js';
import { bmpFixture, docxFixture, imageFixture, longText } from '../fixtures/ingest/file-fixtures.js';
import { textPdf } from '../fixtures/ingest/pdf-fixtures.js';
import { isContractError } from './contract.js';
import { fileForm, memory, startHostileServer, withPeaks, type HostileServer } from './server.js';

export interface FuzzSummary {
  seed: number;
  cases_requested: number;
  cases_run: number;
  accepted_uploads: number;
  refused_uploads: number;
  answers_by_status: Record<string, number>;
  process_deaths: number;
  non_contract_bodies: number;
  /** Largest RSS the server process reached during one upload (MiB). */
  peak_rss_mib_max: number;
  /** Largest RSS one ingest child reached (MiB; capped by DOCROWS_INGEST_MEMORY_MB). */
  peak_child_rss_mib_max: number;
  server_rss_mib_start: number;
  server_rss_mib_end: number;
  documents_processed: number;
  documents_terminal: boolean;
  documents_by_status: Record<string, number>;
  credits_exact: boolean;
  failure: string | null;
  duration_s: number;
}

type Mutation =
  | { op: 'flip'; at: number; bit: number }
  | { op: 'set'; at: number; value: number }
  | { op: 'insert'; at: number; bytes: Uint8Array }
  | { op: 'delete'; at: number; length: number }
  | { op: 'truncate'; at: number }
  | { op: 'repeat'; at: number; length: number; times: number }
  | { op: 'number'; at: number; value: string };

interface FuzzCase {
  seed: number;
  /** docx only: mutate the inflated document.xml and zip it again, instead of the zip bytes. */
  inner: boolean;
  mutations: Mutation[];
}

const position = fc.nat({ max: 1 << 30 });
const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ op: fc.constant('flip' as const), at: position, bit: fc.integer({ min: 0, max: 7 }) }),
  fc.record({ op: fc.constant('set' as const), at: position, value: fc.integer({ min: 0, max: 255 }) }),
  fc.record({ op: fc.constant('insert' as const), at: position, bytes: fc.uint8Array({ minLength: 1, maxLength: 64 }) }),
  fc.record({ op: fc.constant('delete' as const), at: position, length: fc.integer({ min: 1, max: 512 }) }),
  fc.record({ op: fc.constant('truncate' as const), at: position }),
  fc.record({ op: fc.constant('repeat' as const), at: position, length: fc.integer({ min: 1, max: 64 }), times: fc.integer({ min: 2, max: 2000 }) }),
  // Numbers are where sizes, counts, offsets and dimensions live in PDF dictionaries and XML attributes.
  fc.record({ op: fc.constant('number' as const), at: position, value: fc.constantFrom('0', '-1', '1', '65535', '99999999', '4294967296', '1e308', '-0.0', 'NaN', '999999999999') }),
);

function applyMutation(input: Buffer, m: Mutation): Buffer {
  if (input.length === 0) return input;
  const at = m.at % input.length;
  switch (m.op) {
    case 'flip': {
      const out = Buffer.from(input);
      out[at] ^= 1 << m.bit;
      return out;
    }
    case 'set': {
      const out = Buffer.from(input);
      out[at] = m.value;
      return out;
    }
    case 'insert':
      return Buffer.concat([input.subarray(0, at), m.bytes, input.subarray(at)]);
    case 'delete':
      return Buffer.concat([input.subarray(0, at), input.subarray(at + m.length)]);
    case 'truncate':
      return input.subarray(0, Math.max(1, at));
    case 'repeat': {
      const piece = input.subarray(at, at + m.length);
      return Buffer.concat([input.subarray(0, at), ...Array<Buffer>(m.times).fill(piece), input.subarray(at)]);
    }
    case 'number': {
      // The first run of digits at or after `at`, replaced whole.
      const text = input.toString('latin1');
      const found = /\d+/g;
      found.lastIndex = at;
      const hit = found.exec(text);
      if (!hit) return input;
      return Buffer.concat([input.subarray(0, hit.index), Buffer.from(m.value), input.subarray(hit.index + hit[0].length)]);
    }
  }
}

interface Seed {
  filename: string;
  bytes: Buffer;
}

async function seeds(): Promise<Seed[]> {
  return [
    { filename: 'a.pdf', bytes: await textPdf({ pages: 2, rows: 4 }) },
    { filename: 'locked.pdf', bytes: await textPdf({ pages: 1, rows: 2, userPassword: 'pw' }) },
    { filename: 'a.png', bytes: await imageFixture('png') },
    { filename: 'a.jpg', bytes: await imageFixture('jpeg') },
    { filename: 'a.tif', bytes: await imageFixture('tiff') },
    { filename: 'a.gif', bytes: await imageFixture('gif') },
    { filename: 'a.webp', bytes: await imageFixture('webp') },
    { filename: 'a.bmp', bytes: bmpFixture() },
    { filename: 'a.docx', bytes: docxFixture({ rows: 4, paragraphs: 2 }) },
    { filename: 'a.txt', bytes: Buffer.from(longText(40)) },
  ];
}

function mutateDocxXml(docx: Buffer, mutations: Mutation[]): Buffer {
  const entries = unzipSync(docx);
  const xml = Buffer.from(entries['word/document.xml']);
  const mutated = mutations.reduce(applyMutation, xml);
  entries['word/document.xml'] = strToU8(strFromU8(mutated, true), true);
  return Buffer.from(zipSync(entries));
}

export interface FuzzOptions {
  cases: number;
  seed: number;
  /** Accepted uploads per processed batch. */
  batchSize?: number;
  /** Only the first N accepted uploads are processed (CI keeps OCR time small); all by default. */
  processAtMost?: number;
  /** Stop starting new cases after this long (the summary then says how many ran). */
  minutes?: number;
  log?: (line: string) => void;
}

export async function runFuzz(options: FuzzOptions): Promise<FuzzSummary> {
  const started = Date.now();
  const seedFiles = await seeds();
  const server = await startHostileServer({ DOCROWS_WORKERS: '1' }, { max_queued_documents: 1_000_000, max_batch_size: 100_000 });
  const pid = server.child.proc.pid!;
  const summary: FuzzSummary = {
    seed: options.seed, cases_requested: options.cases, cases_run: 0, accepted_uploads: 0, refused_uploads: 0, answers_by_status: {},
    process_deaths: 0, non_contract_bodies: 0, peak_rss_mib_max: 0, peak_child_rss_mib_max: 0,
    server_rss_mib_start: Math.round(memory(pid).server), server_rss_mib_end: 0,
    documents_processed: 0, documents_terminal: false, documents_by_status: {}, credits_exact: false, failure: null, duration_s: 0,
  };
  const batchSize = options.batchSize ?? 50;
  let pending: string[] = [];
  let batchNo = 0;
  const processPending = async (): Promise<void> => {
    if (pending.length === 0) return;
    const name = `fuzz-${batchNo++}`;
    const res = await fetch(`${server.base}/api/v1/batches/${name}/process`, {
      method: 'POST', headers: { authorization: `Bearer ${server.apiKey}`, 'content-type': 'application/json' }, body: JSON.stringify({}),
    });
    if (res.status !== 200) throw new Error(`processing ${name}: ${res.status} ${await res.text()}`);
    summary.documents_processed += pending.length;
    pending = [];
  };
  const caseArb: fc.Arbitrary<FuzzCase> = fc.record({
    seed: fc.nat({ max: seedFiles.length - 1 }),
    inner: fc.boolean(),
    mutations: fc.array(mutation, { minLength: 1, maxLength: 6 }),
  });

  const property = fc.asyncProperty(caseArb, async (c) => {
    const seed = seedFiles[c.seed];
    const bytes = seed.filename.endsWith('.docx') && c.inner ? mutateDocxXml(seed.bytes, c.mutations) : c.mutations.reduce(applyMutation, seed.bytes);
    const processing = options.processAtMost === undefined || summary.accepted_uploads < options.processAtMost;
    const batch = processing ? `fuzz-${batchNo}` : 'fuzz-kept';
    const { value: res, peak } = await withPeaks(pid, () => server.upload(fileForm(batch, seed.filename, bytes)).catch((err: Error) => ({ status: 0, text: err.message })));
    summary.cases_run++;
    summary.peak_rss_mib_max = Math.max(summary.peak_rss_mib_max, Math.round(peak.server));
    summary.peak_child_rss_mib_max = Math.max(summary.peak_child_rss_mib_max, Math.round(peak.child_max));
    summary.answers_by_status[res.status] = (summary.answers_by_status[res.status] ?? 0) + 1;
    if (!(await server.alive())) {
      summary.process_deaths++;
      throw new Error(`the server died on ${seed.filename}: ${server.child.output().slice(-2000)}`);
    }
    if (res.status === 200) {
      summary.accepted_uploads++;
      if (processing) {
        const ids = (JSON.parse(res.text) as { document_id: string | string[] }).document_id;
        pending.push(...(Array.isArray(ids) ? ids : [ids]));
        if (pending.length >= batchSize) await processPending();
      }
      return;
    }
    summary.refused_uploads++;
    let body: unknown = null;
    try {
      body = JSON.parse(res.text);
    } catch { /* counted below */ }
    if (res.status < 400 || res.status >= 500 || !isContractError(body)) {
      summary.non_contract_bodies++;
      throw new Error(`non-contract answer ${res.status} ${res.text.slice(0, 500)} for ${seed.filename}`);
    }
    if (summary.cases_run % 100 === 0) options.log?.(`${summary.cases_run} cases, ${summary.accepted_uploads} accepted, server ${Math.round(memory(pid).server)} MiB`);
  });

  try {
    const result = await fc.check(property, {
      seed: options.seed, numRuns: options.cases, endOnFailure: true,
      ...(options.minutes !== undefined ? { interruptAfterTimeLimit: options.minutes * 60_000 } : {}),
    });
    if (result.failed) summary.failure = `${String(result.errorInstance ?? 'property failed')} (counterexample: ${JSON.stringify(result.counterexample, (_k, v: unknown) => v instanceof Uint8Array ? `<${v.length} bytes>` : v)})`;
    await processPending();
    await waitTerminal(server, summary);
  } finally {
    summary.server_rss_mib_end = Math.round(memory(pid).server);
    summary.duration_s = Math.round((Date.now() - started) / 1000);
    await server.stop();
  }
  return summary;
}

/** Documents of processed batches not yet succeeded or failed ('uploaded' would mean a batch never queued). */
const unfinished = (c: Record<string, number>): number => (c.uploaded ?? 0) + (c.queued ?? 0) + (c.processing ?? 0);

/** Waits for every processed document to be terminal, then checks the credits against the ledger. */
async function waitTerminal(server: HostileServer, summary: FuzzSummary): Promise<void> {
  const handle = await connectDb(`sqlite://${path.join(server.dataDir, 'docrows.sqlite')}`);
  try {
    const { db } = handle;
    const counts = async (): Promise<Record<string, number>> => {
      const rows = await db.selectFrom('documents').innerJoin('batches', 'batches.id', 'documents.batch_id')
        .select('documents.status').where('batches.name', 'like', 'fuzz-%').where('batches.name', '!=', 'fuzz-kept').execute();
      return rows.reduce<Record<string, number>>((acc, r) => ({ ...acc, [r.status]: (acc[r.status] ?? 0) + 1 }), {});
    };
    const deadline = Date.now() + 20 * 60_000;
    let now = await counts();
    while (unfinished(now) > 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 1000));
      now = await counts();
    }
    summary.documents_by_status = now;
    summary.documents_terminal = unfinished(now) === 0;
    const pools = await db.selectFrom('accounts').select(['id', 'credits']).where('owner_id', 'is', null).execute();
    const exact = await Promise.all(pools.map(async (p) => p.credits === await ledgerSum(db, p.id)));
    summary.credits_exact = exact.every(Boolean);
  } finally {
    await handle.close();
  }
}
