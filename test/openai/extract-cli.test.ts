import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runExtractCommand } from '../../src/cli/extract.js';
import { textPdf } from '../fixtures/ingest/pdf-fixtures.js';
import { startModelServer, textPdfRows, type ModelServer } from './helpers/model-server.js';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');

describe('docrows extract --engine openai', { timeout: 120_000 }, () => {
  let dir: string;
  let file: string;
  let server: ModelServer;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'docrows-extract-model-'));
    file = path.join(dir, 'invoice.pdf');
    await writeFile(file, await textPdf({ pages: 2, rows: 3 }));
    server = await startModelServer((req) => ({ content: { rows: textPdfRows(req.page, 3) }, usage: { prompt_tokens: 900, completion_tokens: 40 } }));
  });
  afterAll(async () => {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('asks the configured model server for every page and prints rows with boxes from the page', async () => {
    const env = { ...process.env, DOCROWS_OPENAI_BASE_URL: server.url, DOCROWS_OPENAI_MODEL: 'cli-vision', DOCROWS_OPENAI_API_KEY: 'sk-cli' };
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'src/main.ts', 'extract', file, '--engine', 'openai', '--fields', 'Item,Qty,Total'], { cwd: ROOT, env });
    const body = JSON.parse(stdout) as { pages: Array<{ page: number; fields: string[]; rows: Array<Record<string, { value: string; bbox: { x1: number } | null }>>; usage: unknown }> };
    expect(body.pages.map((p) => p.fields)).toEqual([['Item', 'Qty', 'Total'], ['Item', 'Qty', 'Total']]);
    expect(body.pages[1].rows.map((r) => r.Item.value)).toEqual(textPdfRows(2, 3).map((r) => r.Item));
    expect(body.pages[1].rows[0].Item.bbox).toMatchObject({ x1: expect.closeTo(54 / 612, 2), unit: 'normalized' });
    expect(body.pages[0].usage).toEqual({ model: 'cli-vision', tokens_in: 900, tokens_out: 40, requests: 1 });
    expect(server.requests.map((r) => r.headers.authorization)).toEqual(['Bearer sk-cli', 'Bearer sk-cli']);
  });

  it('refuses to start without a model server, naming the variable', async () => {
    const out = new PassThrough();
    const errors: string[] = [];
    const write = process.stderr.write.bind(process.stderr);
    process.stderr.write = ((chunk: string) => errors.push(String(chunk)) > 0) as typeof process.stderr.write;
    try {
      expect(await runExtractCommand(file, { engine: 'openai' }, out, {})).toBe(2);
    } finally {
      process.stderr.write = write;
    }
    expect(errors.join('')).toContain('needs DOCROWS_OPENAI_BASE_URL');
  });
});
