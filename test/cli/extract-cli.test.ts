import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runExtractCommand } from '../../src/cli/extract.js';
import { generateInvoice, type GeneratedDoc } from '../fixtures/extract/documents.js';
import { textPdf } from '../fixtures/ingest/pdf-fixtures.js';

async function capture(file: string, opts: { fields?: string; quality?: string; format?: string; output?: string }, isTTY = false): Promise<{ code: number; out: Buffer }> {
  const stream = Object.assign(new PassThrough(), { isTTY });
  const chunks: Buffer[] = [];
  stream.on('data', (c: Buffer) => chunks.push(c));
  const code = await runExtractCommand(file, opts, stream);
  return { code, out: Buffer.concat(chunks) };
}

describe('docrows extract', () => {
  let dir: string;
  let invoice: GeneratedDoc;
  let file: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'docrows-extract-'));
    invoice = await generateInvoice(11);
    file = join(dir, 'invoice.pdf');
    await writeFile(file, invoice.pdf);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const descIndex = () => invoice.columns.findIndex((c) => ['Description', 'Item', 'Product', 'Details'].includes(c));

  it('prints JSON rows with boxes for requested fields, record values on every row', async () => {
    const { code, out } = await capture(file, { fields: 'Description,Amount,Invoice No' });
    expect(code).toBe(0);
    const body = JSON.parse(out.toString('utf8'));
    expect(body.pages).toHaveLength(1);
    const page = body.pages[0];
    expect(page.fields).toEqual(['Description', 'Amount', 'Invoice No']);
    expect(page.rows.map((r: Record<string, { value: string }>) => r.Description.value)).toEqual(invoice.rows.map((r) => r[descIndex()]));
    expect(page.rows.map((r: Record<string, { value: string }>) => r.Amount.value)).toEqual(invoice.rows.map((r) => r[r.length - 1]));
    expect(new Set(page.rows.map((r: Record<string, { value: string }>) => r['Invoice No'].value))).toEqual(new Set([invoice.record['Invoice No']]));
    // Every value carries the engine's confidence: a labelled invoice number and amounts under an "Amount" header are sure.
    for (const r of page.rows as Array<Record<string, { confidence: number }>>) {
      expect(r['Invoice No'].confidence).toBeGreaterThan(0.8);
      expect(r.Amount.confidence).toBeGreaterThan(0.8);
      expect(r.Amount.confidence).toBeLessThanOrEqual(1);
    }
    const box = page.rows[0].Amount.bbox;
    expect(box.unit).toBe('normalized');
    expect(box.x1).toBeLessThan(box.x2);
    expect(box.y1).toBeGreaterThan(0.2);
  });

  it('writes CSV with inferred columns', async () => {
    const { code, out } = await capture(file, { format: 'csv' });
    expect(code).toBe(0);
    const lines = out.toString('utf8').trim().split('\n');
    expect(lines[0]).toBe(['page', ...invoice.columns].join(','));
    expect(lines).toHaveLength(invoice.rows.length + 1);
  });

  it('writes an xlsx workbook', async () => {
    const { code, out } = await capture(file, { fields: 'Qty,Amount', format: 'xlsx' });
    expect(code).toBe(0);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(out as unknown as ArrayBuffer);
    const sheet = wb.getWorksheet('rows');
    expect(sheet?.getRow(1).values).toEqual([undefined, 'page', 'Qty', 'Amount']);
    expect(sheet?.rowCount).toBe(invoice.rows.length + 1);
  });

  it('rejects bad options and unreadable files with exit codes', async () => {
    expect((await capture(file, { quality: 'best' })).code).toBe(2);
    expect((await capture(file, { format: 'pdf' })).code).toBe(2);
    // A file that does not exist is a bad argument (2); one that exists but cannot be parsed is a failure (1).
    expect((await capture(join(dir, 'missing.pdf'), {})).code).toBe(2);
    const garbled = join(dir, 'garbled.pdf');
    await writeFile(garbled, '%PDF-1.7 not really');
    expect((await capture(garbled, {})).code).toBe(1);
  });

  it('runs as `docrows extract` through the CLI entry point', { timeout: 120_000 }, async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', 'extract', file, '--fields', 'Amount', '--format', 'csv'], { cwd: process.cwd() });
    let stdout = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code).toBe(0);
    expect(stdout.trim().split('\n')).toEqual(['page,Amount', ...invoice.rows.map((r) => `1,"${r[r.length - 1]}"`.replace(/^1,"([^,]*)"$/, '1,$1'))]);
  });

  it('writes to -o FILE, and refuses binary xlsx to a terminal', async () => {
    const target = join(dir, 'out.xlsx');
    const written = await capture(file, { fields: 'Amount', format: 'xlsx', output: target });
    expect(written).toEqual({ code: 0, out: Buffer.alloc(0) });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(target);
    expect(wb.getWorksheet('rows')?.rowCount).toBe(invoice.rows.length + 1);

    const refused = await capture(file, { format: 'xlsx' }, true);
    expect(refused).toEqual({ code: 2, out: Buffer.alloc(0) });
    // Text formats still go to a terminal.
    expect((await capture(file, { fields: 'Amount', format: 'csv' }, true)).code).toBe(0);
  });

  it('reports page progress on standard error for a multi-page file', { timeout: 120_000 }, async () => {
    const twoPages = join(dir, 'two.pdf');
    await writeFile(twoPages, await textPdf({ pages: 2, rows: 3 }));
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', 'extract', twoPages, '--format', 'csv', '-o', join(dir, 'two.csv')], { cwd: process.cwd() });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code).toBe(0);
    expect(stderr.split('\n').filter((l) => l.startsWith('docrows extract: pages'))).toEqual(['docrows extract: pages: 0/2', 'docrows extract: pages: 1/2', 'docrows extract: pages: 2/2']);
  });
});
