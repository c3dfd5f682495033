import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createLayoutEngine } from '../../src/extract/index.js';
import type { Box, CellValue, EnginePage, ExtractRequest, ExtractResult, ImageRegionValue, Word } from '../../src/extract/types.js';
import { modelEngine } from './helpers/engine.js';
import { startModelServer, type ModelServer, type Reply, type SeenRequest } from './helpers/model-server.js';

/** A text-layer page: words at known places (normalized), an optional embedded picture. */
async function page(words: Array<[string, number, number]>, images: Box[] = []): Promise<EnginePage> {
  const image = await sharp({ create: { width: 1700, height: 2200, channels: 3, background: '#ffffff' } }).jpeg().toBuffer();
  const placed: Word[] = words.map(([text, x, y]) => ({ text, box: { x1: x, y1: y, x2: x + text.length * 0.01, y2: y + 0.012 } }));
  return { image, textLayer: { words: placed, rules: [], images } };
}

const INVOICE: Array<[string, number, number]> = [
  ['Invoice', 0.1, 0.05], ['No.', 0.18, 0.05], ['INV-001', 0.23, 0.05],
  ['Date:', 0.1, 0.08], ['03/04/2024', 0.16, 0.08],
  ['Total', 0.1, 0.5], ['EUR', 0.2, 0.5], ['1.234,50', 0.25, 0.5],
  ['Item', 0.1, 0.2], ['Qty', 0.5, 0.2],
  ['Blue', 0.1, 0.23], ['widget', 0.15, 0.23], ['2', 0.5, 0.23],
  ['Red', 0.1, 0.26], ['gadget', 0.15, 0.26], ['2', 0.5, 0.26],
];

const fields = (...names: Array<string | [string, string]>): ExtractRequest['fields'] =>
  names.map((n) => (Array.isArray(n) ? { name: n[0], formatRequirement: n[1] } : { name: n, formatRequirement: '' }));
const ask = (f: ExtractRequest['fields'], global = ''): ExtractRequest => ({ fields: f, globalFormatRequirement: global, quality: 'fast' });
const wordBox = (p: EnginePage, text: string, nth = 0) => p.textLayer!.words.filter((w) => w.text === text)[nth].box;
const rows = (r: ExtractResult) => {
  if (!r.ok) throw new Error(`extraction failed: ${r.failure.message}`);
  return r.rows as Array<Record<string, CellValue & ImageRegionValue>>;
};
const near = (a: Box | null, b: Box) => {
  expect(a).not.toBeNull();
  for (const k of ['x1', 'y1', 'x2', 'y2'] as const) expect(a![k]).toBeCloseTo(b[k], 3);
};

describe('openai engine against a scripted chat-completions server', () => {
  let server: ModelServer;
  let invoice: EnginePage;
  const engines: Array<{ close(): Promise<void> }> = [];
  const engine = (env: Record<string, string> = {}, fallback?: Parameters<typeof modelEngine>[2]) => {
    const e = modelEngine(server.url, env, fallback);
    engines.push(e);
    return e;
  };
  const script = (...replies: Array<Reply | ((req: SeenRequest) => Reply)>) => {
    server.script = (req, n) => {
      const r = replies[Math.min(n - 1, replies.length - 1)];
      return typeof r === 'function' ? r(req) : r;
    };
    server.requests.length = 0;
  };

  beforeAll(async () => {
    server = await startModelServer(() => ({ content: {} }));
    invoice = await page(INVOICE);
  });
  afterEach(async () => {
    await Promise.all(engines.splice(0).map((e) => e.close()));
  });
  afterAll(() => server.close());

  it('sends the page image, the words with positions, a strict schema and the configured headers; locates every value on the words', async () => {
    script({ content: { rows: [{ 'Invoice No': 'INV-001', Total: '1234.50', Date: '2024-04-03' }] }, usage: { prompt_tokens: 1234, completion_tokens: 56 } });
    const e = engine({ DOCROWS_OPENAI_API_KEY: 'sk-test', DOCROWS_OPENAI_HEADERS: '{"X-Tenant":"acme"}', DOCROWS_OPENAI_IMAGE_LONG_SIDE: '800' });
    const result = await e.extract(invoice, ask(fields('Invoice No', 'Total', 'Date')));
    const [req] = server.requests;
    expect(req.headers.authorization).toBe('Bearer sk-test');
    expect(req.headers['x-tenant']).toBe('acme');
    expect(req.body.model).toBe('test-vision');
    const meta = await sharp(req.image!).metadata();
    expect(meta.format).toBe('jpeg');
    expect(Math.max(meta.width!, meta.height!)).toBe(800);
    expect(req.words).toContainEqual({ text: 'INV-001', box: [230, 50, 300, 62] });
    expect(req.words).toHaveLength(INVOICE.length);
    expect(req.body.response_format).toMatchObject({ type: 'json_schema', json_schema: { strict: true } });
    const schema = req.body.response_format!.json_schema!.schema as { properties: { rows: { items: { required: string[]; properties: Record<string, unknown> } } } };
    expect(schema.properties.rows.items.required).toEqual(['Invoice No', 'Total', 'Date']);
    expect(schema.properties.rows.items.properties.Total).toEqual({ type: ['string', 'null'] });

    const [row] = rows(result);
    expect(row['Invoice No']).toMatchObject({ value: 'INV-001', confidence: 0.95 });
    near(row['Invoice No'].box, wordBox(invoice, 'INV-001'));
    // The page prints 1.234,50 and 03/04/2024: found by value, boxed on the page's words.
    expect(row.Total).toMatchObject({ value: '1234.50', confidence: 0.8 });
    near(row.Total.box, wordBox(invoice, '1.234,50'));
    expect(row.Date.value).toBe('2024-04-03');
    near(row.Date.box, wordBox(invoice, '03/04/2024'));
    expect(result.usage).toEqual({ engine: 'openai', model: 'test-vision', tokensIn: 1234, tokensOut: 56, requests: 1 });
  });

  it('places repeated values on their own row (line items) and matches case, spacing and OCR look-alikes', async () => {
    script({ content: { rows: [{ Item: 'BLUE  WIDGET', Qty: '2', 'Invoice No': 'INV-0O1' }, { Item: 'Red gadget', Qty: '2', 'Invoice No': 'INV-001' }] } });
    const [first, second] = rows(await engine().extract(invoice, ask(fields('Item', 'Qty', 'Invoice No'))));
    expect(first.Item.confidence).toBe(0.85);
    near(first.Item.box, { ...wordBox(invoice, 'Blue'), x2: wordBox(invoice, 'widget').x2 });
    near(first.Qty.box, wordBox(invoice, '2', 0));
    near(second.Qty.box, wordBox(invoice, '2', 1));
    expect(first['Invoice No']).toMatchObject({ value: 'INV-0O1', confidence: 0.85 });
    near(first['Invoice No'].box, wordBox(invoice, 'INV-001'));
  });

  it('infers the table with no fields requested: columns and rows as the model reads them, boxes from the page', async () => {
    script({ content: { columns: ['Item', 'Qty'], rows: [['Blue widget', 2], ['Red gadget', '2']] } });
    const result = await engine().extract(invoice, ask([]));
    const schema = server.requests[0].body.response_format!.json_schema!.schema as { required: string[] };
    expect(schema.required).toEqual(['columns', 'rows']);
    expect(result.ok && result.fields).toEqual(['Item', 'Qty']);
    const [a, b] = rows(result);
    expect(a.Item.value).toBe('Blue widget');
    expect(a.Qty).toMatchObject({ value: '2', confidence: 0.95 });
    near(b.Qty.box, wordBox(invoice, '2', 1));
  });

  it('applies format requirements (field and global) and asks for them', async () => {
    script({ content: { rows: [{ Date: '03/04/2024', Total: 'EUR 1.234,50' }] } });
    const result = await engine().extract(invoice, ask(fields(['Date', 'YYYY-MM-DD'], ['Total', 'number with 2 decimals, dot decimal separator']), 'no currency symbols'));
    expect(server.requests[0].text).toContain('"Date" (format requirement: YYYY-MM-DD)');
    expect(server.requests[0].text).toContain('Requirement for every field: no currency symbols');
    const [row] = rows(result);
    expect(row.Date.value).toBe('2024-04-03');
    near(row.Date.box, wordBox(invoice, '03/04/2024'));
    expect(row.Total.value).toBe('1234.50');
    near(row.Total.box, { ...wordBox(invoice, 'EUR'), x2: wordBox(invoice, '1.234,50').x2 });
  });

  it('locates a pure-location field by snapping the model region to the picture the page shows', async () => {
    const photo = { x1: 0.6, y1: 0.05, x2: 0.85, y2: 0.3 };
    const withPhoto = await page(INVOICE, [photo]);
    script({ content: { rows: [{ Photo: [590, 60, 840, 280], Signature: [100, 900, 300, 950], 'Invoice No': 'INV-001' }] } });
    const schemaOf = () => (server.requests[0].body.response_format!.json_schema!.schema as { properties: { rows: { items: { properties: Record<string, { type: string[] }> } } } }).properties.rows.items.properties;
    const [row] = rows(await engine().extract(withPhoto, ask(fields('Photo', 'Signature', 'Invoice No'))));
    expect(schemaOf().Photo.type).toEqual(['array', 'null']);
    expect(row.Photo).toEqual({ type: 'image_region', box: photo, confidence: 0.9 });
    // No picture there: the model's region is kept, flagged (or dropped with DOCROWS_OPENAI_UNLOCATED=null).
    expect(row.Signature).toEqual({ type: 'image_region', box: { x1: 0.1, y1: 0.9, x2: 0.3, y2: 0.95 }, confidence: 0.3 });
    script({ content: { rows: [{ Photo: [590, 60, 840, 280], Signature: [100, 900, 300, 950], 'Invoice No': 'INV-001' }] } });
    const [strict] = rows(await engine({ DOCROWS_OPENAI_UNLOCATED: 'null' }).extract(withPhoto, ask(fields('Photo', 'Signature', 'Invoice No'))));
    expect(strict.Signature).toEqual({ type: 'image_region', box: null });
  });

  it('flags a value that is not on the page: kept with low confidence, or null by setting', async () => {
    const reply = { content: { rows: [{ 'Invoice No': 'INV-999', Total: '1234.50' }] } };
    script(reply);
    const [kept] = rows(await engine().extract(invoice, ask(fields('Invoice No', 'Total'))));
    expect(kept['Invoice No']).toEqual({ value: 'INV-999', box: null, confidence: 0.1 });
    script(reply);
    const [dropped] = rows(await engine({ DOCROWS_OPENAI_UNLOCATED: 'null' }).extract(invoice, ask(fields('Invoice No', 'Total'))));
    expect(dropped['Invoice No']).toEqual({ value: null, box: null });
    expect(dropped.Total.value).toBe('1234.50');
  });

  it('reads fenced JSON and numbers where strings were asked without a repair', async () => {
    script({ content: '```json\n{"rows":[{"Qty":2,"Invoice No":"INV-001"}]}\n```' });
    const [row] = rows(await engine().extract(invoice, ask(fields('Qty', 'Invoice No'))));
    expect(server.requests).toHaveLength(1);
    expect(row.Qty.value).toBe('2');
  });

  it('repairs malformed JSON and wrong types once, telling the model why', async () => {
    script({ content: '{"rows":[{"Invoice No":"INV-0' }, { content: { rows: [{ 'Invoice No': 'INV-001' }] } });
    const [row] = rows(await engine().extract(invoice, ask(fields('Invoice No'))));
    expect(row['Invoice No'].value).toBe('INV-001');
    expect(server.requests).toHaveLength(2);
    expect(server.requests[1].repair).toBe(true);
    expect(JSON.stringify(server.requests[1].body.messages.at(-1))).toContain('not valid JSON');

    script({ content: { rows: [{ 'Invoice No': { text: 'INV-001' } }] } }, { content: { rows: [{ 'Invoice No': ['INV-001'] }] } });
    const failed = await engine().extract(invoice, ask(fields('Invoice No')));
    expect(failed).toMatchObject({ ok: false, failure: { code: 'engine_error' }, usage: { requests: 2, tokensIn: 2000 } });
    expect(!failed.ok && failed.failure.message).toMatch(/after one repair request: rows\[0\]\["Invoice No"\] must be a string or null/);
    expect(JSON.stringify(server.requests[1].body.messages.at(-1))).toContain('must be a string or null, not an object');
  });

  it('retries 429 honouring Retry-After, and 500, without failing the page', async () => {
    script({ status: 429, headers: { 'retry-after': '1' } }, { status: 500 }, { content: { rows: [{ 'Invoice No': 'INV-001' }] } });
    const started = Date.now();
    const result = await engine().extract(invoice, ask(fields('Invoice No')));
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(rows(result)[0]['Invoice No'].value).toBe('INV-001');
    expect(result.usage?.requests).toBe(3);
  });

  it('fails the page with engine_error only after the retry budget (timeouts count), or falls back to layout', async () => {
    script({ delayMs: 400, content: { rows: [] } });
    const result = await engine({ DOCROWS_OPENAI_TIMEOUT_MS: '150', DOCROWS_OPENAI_RETRIES: '2' }).extract(invoice, ask(fields('Invoice No')));
    expect(result).toMatchObject({ ok: false, failure: { code: 'engine_error', message: expect.stringMatching(/failed 3 times, last: timed out/) } });
    expect(server.requests).toHaveLength(3);

    script({ status: 503 });
    const layout = createLayoutEngine({ ocrThreads: 1 });
    try {
      const fallback = await engine({ DOCROWS_OPENAI_RETRIES: '1', DOCROWS_OPENAI_FALLBACK: 'layout' }, layout).extract(invoice, ask(fields('Invoice No')));
      expect(fallback.ok).toBe(true);
      expect(fallback.usage).toMatchObject({ engine: 'openai', requests: 2 });
    } finally {
      await layout.close?.();
    }
  });

  it('a request the server refuses as wrong fails at once; a refused json_schema falls back to json_object', async () => {
    script({ status: 401 });
    expect(await engine().extract(invoice, ask(fields('Invoice No')))).toMatchObject({ ok: false, failure: { message: expect.stringMatching(/HTTP 401/) }, usage: { requests: 1 } });

    script((req) => (req.body.response_format?.type === 'json_schema' ? { status: 400 } : { content: { rows: [{ 'Invoice No': 'INV-001' }] } }));
    const e = engine();
    expect(rows(await e.extract(invoice, ask(fields('Invoice No'))))[0]['Invoice No'].value).toBe('INV-001');
    expect(server.requests.map((r) => r.body.response_format?.type)).toEqual(['json_schema', 'json_object']);
    expect(server.requests[1].text).toContain('JSON schema of the reply');
    // The engine remembers: the next page goes straight to json_object.
    await e.extract(invoice, ask(fields('Invoice No')));
    expect(server.requests.map((r) => r.body.response_format?.type)).toEqual(['json_schema', 'json_object', 'json_object']);
  });

  it('waits while the server is down (no retry budget spent) and finishes when it is back', async () => {
    script({ content: { rows: [{ 'Invoice No': 'INV-001' }] } });
    await server.stop();
    const pending = engine({ DOCROWS_OPENAI_RETRIES: '0' }).extract(invoice, ask(fields('Invoice No')));
    await new Promise((r) => setTimeout(r, 400));
    await server.start();
    const result = await pending;
    expect(rows(result)[0]['Invoice No'].value).toBe('INV-001');
    expect(result.usage?.requests).toBe(1);
  });

  it('shutting down while the server is down abandons the page without failing it (the job is retried, never refunded here)', async () => {
    await server.stop();
    const e = modelEngine(server.url);
    const pending = e.extract(invoice, ask(fields('Invoice No')));
    await new Promise((r) => setTimeout(r, 200));
    await e.close();
    await expect(pending).rejects.toThrow('the model engine is shutting down');
    await server.start();
  });

  it('asks the high-quality model and reasoning effort for quality=high', async () => {
    script({ content: { rows: [{ 'Invoice No': 'INV-001' }] } });
    const result = await engine({ DOCROWS_OPENAI_MODEL_HIGH: 'test-vision-large', DOCROWS_OPENAI_REASONING_EFFORT_HIGH: 'high' })
      .extract(invoice, { ...ask(fields('Invoice No')), quality: 'high' });
    expect(server.requests[0].body).toMatchObject({ model: 'test-vision-large', reasoning_effort: 'high' });
    expect(result.usage?.model).toBe('test-vision-large');
  });
});
