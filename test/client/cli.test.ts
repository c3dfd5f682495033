import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textPdf } from '../fixtures/ingest/pdf-fixtures.js';
import { startServedApp, type ServedApp } from './served-app.js';

const ROOT = path.resolve(import.meta.dirname, '../..');

interface Run { code: number; stdout: string; stderr: string }

/** The real CLI as a child process (tsx, no build step), its output captured: not a terminal. */
function docrows(args: string[], env: Record<string, string | undefined>): Promise<Run> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', 'src/main.ts', ...args], { cwd: ROOT, env: { ...process.env, ...env } }, (err, stdout, stderr) => {
      resolve({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0, stdout, stderr });
    });
  });
}

/** The same under a pseudo-terminal (`script`), as a person at a shell runs it. */
function docrowsOnTerminal(args: string[], env: Record<string, string>): Promise<Run> {
  const command = [process.execPath, '--import', 'tsx', 'src/main.ts', ...args].map((a) => `'${a}'`).join(' ');
  return new Promise((resolve) => {
    execFile('script', ['-qec', command, '/dev/null'], { cwd: ROOT, env: { ...process.env, ...env } }, (err, stdout, stderr) => {
      resolve({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0, stdout, stderr });
    });
  });
}

async function readXlsx(file: string): Promise<ExcelJS.Worksheet> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(file);
  return wb.worksheets[0];
}

describe('docrows client CLI against a running server', { timeout: 180_000 }, () => {
  let app: ServedApp;
  let env: Record<string, string>;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docrows-cli-client-'));
  const file = (name: string) => path.join(dir, name);

  beforeAll(async () => {
    app = await startServedApp();
    const { apiKey } = await app.t.createAccount({ credits: 20 });
    env = { DOCROWS_URL: app.baseUrl, DOCROWS_API_KEY: apiKey };
    fs.writeFileSync(file('two.pdf'), await textPdf({ pages: 2, rows: 3 }));
    fs.writeFileSync(file('one.pdf'), await textPdf({ pages: 1, rows: 3 }));
    fs.writeFileSync(file('three.pdf'), await textPdf({ pages: 3, rows: 3 }));
  });
  afterAll(async () => {
    await app.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('uploads, processes with --wait and writes results as CSV and xlsx, with plain progress lines off a terminal', async () => {
    const up = await docrows(['upload', file('two.pdf'), file('one.pdf'), '--batch', 'cli'], env);
    expect(up.code, up.stderr).toBe(0);
    const uploaded = JSON.parse(up.stdout) as { batch_name: string; uploaded: Array<{ file: string; document_ids: string[] }> };
    expect(uploaded.batch_name).toBe('cli');
    expect(uploaded.uploaded.map((u) => u.document_ids.length).sort()).toEqual([1, 2]);
    expect(up.stderr).toContain('uploading: 2/2');

    const processed = await docrows(['process', 'cli', '--fields', 'Item,Amount', '--quality', 'fast', '--wait'], env);
    expect(processed.code, processed.stderr).toBe(0);
    expect(JSON.parse(processed.stdout)).toMatchObject({ batch_name: 'cli', all_done: true, status_counts: { succeeded: 3 } });
    expect(processed.stderr).toContain('processing cli: 3/3');

    const csv = await docrows(['results', 'cli', '--format', 'csv'], env);
    expect(csv.code, csv.stderr).toBe(0);
    const lines = csv.stdout.trim().split('\n');
    expect(lines[0]).toBe('document_id,filename,Item,Amount');
    expect(lines).toHaveLength(7);
    expect(lines.slice(1).map((l) => l.split(',')[2])).toEqual(expect.arrayContaining(['Item 1a', 'Item 2b']));

    const xlsx = await docrows(['results', 'cli', '-o', file('cli.xlsx')], env);
    expect(xlsx.code, xlsx.stderr).toBe(0);
    const sheet = await readXlsx(file('cli.xlsx'));
    expect(sheet.getRow(1).values).toEqual([undefined, 'document_id', 'filename', 'Item', 'Amount']);
    expect(sheet.getRow(2).getCell(4).value).toBe(1250);
  });

  it('corrects a document from a JSON file or standard input, lists its revisions and reprocesses with --reprocess', async () => {
    const docId = (JSON.parse((await docrows(['results', 'cli'], env)).stdout) as { documents: Array<{ document_id: string }> }).documents[0].document_id;
    fs.writeFileSync(file('rows.json'), JSON.stringify([{ Item: 'Item 1a', Amount: '99.00' }]));
    const corrected = await docrows(['correct', docId, file('rows.json')], env);
    expect(corrected.code, corrected.stderr).toBe(0);
    expect(JSON.parse(corrected.stdout)).toMatchObject({ document_id: docId, line_items: [{ Item: 'Item 1a', Amount: '99.00' }] });
    fs.writeFileSync(file('bad.json'), JSON.stringify({ line_items: [{ Colour: 'red' }] }));
    const refused = await docrows(['correct', docId, file('bad.json')], env);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('param line_items');
    expect((await docrows(['correct', docId, file('missing.json')], env)).code).toBe(2);
    const revisions = await docrows(['revisions', docId], env);
    expect(revisions.code, revisions.stderr).toBe(0);
    expect((JSON.parse(revisions.stdout) as Array<{ source: string }>).map((r) => r.source)).toEqual(['correction', 'engine']);
    expect((await docrows(['process', 'cli', '--fields', 'Item'], env)).code).toBe(2);
    const again = await docrows(['process', 'cli', '--fields', 'Item', '--reprocess', '--wait'], env);
    expect(again.code, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ all_done: true, status_counts: { succeeded: 3 } });
  });

  it('runs upload, process and results in one command, exiting 6 when a page failed', async () => {
    const run = await docrows(['run', file('three.pdf'), '--fields', 'Item,Amount', '-o', file('run.xlsx')], env);
    expect(run.code, run.stderr).toBe(6);
    expect(run.stderr).toContain('(1 failed)');
    expect(run.stderr).toMatch(/wrote .*run\.xlsx \(batch batch_/);
    expect((await readXlsx(file('run.xlsx'))).rowCount).toBe(5);
  });

  it('answers errors with the documented exit codes', async () => {
    expect((await docrows(['results', 'cli'], { ...env, DOCROWS_API_KEY: 'dr_live_wrong' })).code).toBe(3);
    const missing = await docrows(['results', 'no-such-batch'], env);
    expect(missing.code).toBe(4);
    expect(missing.stderr).toContain('batch_not_found');
    expect((await docrows(['results', 'cli'], { ...env, DOCROWS_API_KEY: '' })).code).toBe(2);
    expect((await docrows(['process', 'cli', '--template', '1', '--fields', 'A'], env)).code).toBe(2);

    const poor = await app.t.createAccount({ credits: 0 });
    const poorEnv = { ...env, DOCROWS_API_KEY: poor.apiKey };
    expect((await docrows(['upload', file('one.pdf'), '--batch', 'poor'], poorEnv)).code).toBe(0);
    const credits = await docrows(['process', 'poor', '--fields', 'Item'], poorEnv);
    expect(credits.code).toBe(5);
    expect(credits.stderr).toContain('insufficient_credits');
  });

  it('refuses to write xlsx to a terminal, and draws a bar there', async () => {
    const refused = await docrowsOnTerminal(['results', 'cli', '--format', 'xlsx'], env);
    expect(refused.code).toBe(2);
    expect(refused.stdout).toContain('xlsx is binary');
    const up = await docrowsOnTerminal(['upload', file('one.pdf'), '--batch', 'tty'], env);
    expect(up.code).toBe(0);
    expect(up.stdout).toMatch(/uploading \[[█░]+\] 1\/1/);
  });
});
