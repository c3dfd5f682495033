import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textPdf } from '../fixtures/ingest/pdf-fixtures.js';
import { docxFixture, imageFixture } from '../fixtures/ingest/file-fixtures.js';
import { isContractError } from './contract.js';
import { buildPdf, hostileUploads, pdfStream, type HostileCase } from './generate.js';
import { startHostileOrigin, type HostileOrigin } from './origins.js';
import { fileForm, memory, startHostileServer, withPeaks, type HostileServer } from './server.js';

/**
 * After an upload the server must be back near where it started: the
 * parsing happened in children, so only page JPEGs passed through it. The
 * margin covers allocator slack and V8's lazily returned heap.
 */
const SERVER_SLACK_MIB = 120;
/** A child above this after its task is retired (ingest-process-pool.ts), so none may be left larger. */
const CHILD_MAX_MIB = 300;
/** The bar for any single upload. */
const PEAK_MAX_MIB = 1536;

/** 50 pages of 14,400 × 14,400 pt (PDF's largest page), each with a line of text: the page-heavy upload. */
function pageHeavyPdf(): Buffer {
  const pages = 50;
  const objs: Array<string | Buffer> = ['<< /Type /Catalog /Pages 2 0 R >>', ''];
  const kids: string[] = [];
  objs.push('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  for (let i = 0; i < pages; i++) {
    const page = objs.length + 1;
    kids.push(`${page} 0 R`);
    objs.push(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 14400 14400] /Resources << /Font << /F1 3 0 R >> >> /Contents ${page + 1} 0 R >>`);
    objs.push(pdfStream('', Buffer.from(`BT /F1 400 Tf 400 13000 Td (Page ${i + 1} total 42.00) Tj ET 0 0 m 14400 14400 l S`)));
  }
  objs[1] = `<< /Type /Pages /Kids [${kids.join(' ')}] /Count ${pages} >>`;
  return buildPdf(objs);
}

describe('hostile uploads against a real docrows serve (child process)', () => {
  let server: HostileServer;
  let origin: HostileOrigin;
  let cases: HostileCase[];
  let baseline: ReturnType<typeof memory>;
  const pid = () => server.child.proc.pid!;
  const figures: Array<Record<string, unknown>> = [];

  beforeAll(async () => {
    // Tighter parser limits than the defaults (1024 MB, 60 s) only so the bombs are cut off sooner: the mechanism is the same.
    [server, origin, cases] = await Promise.all([
      startHostileServer({ DOCROWS_INGEST_MEMORY_MB: '512', DOCROWS_INGEST_TIMEOUT_S: '30' }), startHostileOrigin(), hostileUploads(),
    ]);
    // Warm-up: every parser loaded once, so the baseline is a working server's, not a cold one's.
    for (const [name, bytes] of [['warm.pdf', await textPdf({ pages: 2 })], ['warm.png', await imageFixture('png')], ['warm.docx', docxFixture()]] as const) {
      expect((await server.upload(fileForm('warm', name, bytes))).status).toBe(200);
    }
    baseline = memory(pid());
  }, 300_000);
  afterAll(async () => {
    for (const f of figures) console.log(JSON.stringify(f));
    await Promise.all([server?.stop(), origin?.close()]);
  }, 120_000);

  /** Waits (up to 5 s) for the server to settle, then asserts it is alive and back near its baseline. */
  async function expectRecovered(name: string, peak: ReturnType<typeof memory>, ms: number): Promise<void> {
    expect(await server.alive(), `${name}: server alive`).toBe(true);
    let after = memory(pid());
    // A retired child is killed as its answer is sent: give it (and the server's GC) a moment.
    for (let i = 0; i < 50 && (after.server > baseline.server + SERVER_SLACK_MIB || after.child_max >= CHILD_MAX_MIB); i++) {
      await new Promise((r) => setTimeout(r, 100));
      after = memory(pid());
    }
    figures.push({ case: name, ms, baseline_server_mib: Math.round(baseline.server), peak_server_mib: Math.round(peak.server), peak_child_mib: Math.round(peak.child_max), after_server_mib: Math.round(after.server), after_child_max_mib: Math.round(after.child_max) });
    expect(after.server, `${name}: server RSS back near its start`).toBeLessThan(baseline.server + SERVER_SLACK_MIB);
    expect(after.child_max, `${name}: no child left large`).toBeLessThan(CHILD_MAX_MIB);
    expect(peak.server, `${name}: server peak`).toBeLessThan(PEAK_MAX_MIB);
  }

  it('answers every hostile file with 200 or invalid_parameter on file, and stays alive and small', async () => {
    for (const c of cases) {
      const started = Date.now();
      const { value: res, peak } = await withPeaks(pid(), () => server.upload(fileForm('hostile', c.filename, c.bytes)));
      const ms = Date.now() - started;
      if (res.status !== 200) {
        expect(res.status, `${c.name}: ${res.text}`).toBe(400);
        const body = JSON.parse(res.text) as { error: { code: string; param: string } };
        expect(isContractError(body), `${c.name}: ${res.text}`).toBe(true);
        expect(body.error, c.name).toMatchObject({ code: 'invalid_parameter', param: 'file' });
      } else {
        expect(c.expect, `${c.name} must be refused`).toBe('either');
      }
      await expectRecovered(c.name, peak, ms);
    }
  }, 600_000);

  it('takes 50 pages of 14,400 pt and goes back near its starting memory', async () => {
    const started = Date.now();
    const { value: res, peak } = await withPeaks(pid(), () => server.upload(fileForm('heavy', 'heavy.pdf', pageHeavyPdf())));
    expect(res.status, res.text).toBe(200);
    expect((JSON.parse(res.text) as { page_count: number }).page_count).toBe(50);
    await expectRecovered('50 pages of 14,400 pt', peak, Date.now() - started);
  }, 300_000);

  it.each([
    ['/short', 'declares 20 MiB, closes after 3 MiB (undici#5360)'],
    ['/short?mib=30', 'declares 30 MiB, closes after 3 MiB'],
    ['/endless', 'an endless chunked body'],
    ['/loop', 'a redirect loop'],
  ])('a URL origin that %s (%s) fails only that upload', async (path) => {
    const form = new FormData();
    form.set('batch_name', 'urls');
    form.set('url', origin.url(path));
    const started = Date.now();
    const { value: res, peak } = await withPeaks(pid(), () => server.upload(form));
    expect(res.status, res.text).toBe(400);
    expect(isContractError(JSON.parse(res.text)), res.text).toBe(true);
    expect(JSON.parse(res.text).error).toMatchObject({ code: 'invalid_parameter', param: 'url' });
    await expectRecovered(`url ${path}`, peak, Date.now() - started);
  }, 60_000);
});
