import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeExamples } from '../../scripts/make-examples.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { freePort } from '../helpers/free-port.js';
import { runWorkers } from '../pipeline/helpers.js';
import type { RunningWorkers } from '../../src/workers.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

/** The shell lines of the first ```sh block after `heading` in README.md. */
function readmeBlock(heading: string): string {
  const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf(`## ${heading}\n`));
  return /```sh\n([\s\S]*?)```/.exec(section)![1];
}

/**
 * The tours as written, with three changes only: the line that starts the
 * server is left out (the test runs one on a free port, with the tour's admin
 * token), that port replaces 8080, and `./bin/docrows.js` runs the CLI from
 * source (the build `npm install` makes is not part of the test run).
 */
function asRun(script: string, port: number): string {
  return script
    .split('\n')
    .filter((line) => !line.includes('npm start'))
    .join('\n')
    .replaceAll('127.0.0.1:8080', `127.0.0.1:${port}`)
    .replaceAll('./bin/docrows.js', `node --import ${TSX} ${path.join(ROOT, 'src/main.ts')}`);
}

describe('README tours with the shipped examples', { timeout: 300_000 }, () => {
  let t: TestApp;
  let workers: RunningWorkers;
  let port: number;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docrows-tour-'));

  beforeAll(async () => {
    port = await freePort();
    t = await startTestApp('sqlite', { DOCROWS_ADMIN_TOKEN: 'letmein', DOCROWS_BASE_URL: `http://127.0.0.1:${port}` });
    await t.server.listen({ port, host: '127.0.0.1' });
    workers = runWorkers(t, { workers: 1 });
    // The tours run from a checkout: examples/ beside them.
    fs.symlinkSync(path.join(ROOT, 'examples'), path.join(dir, 'examples'));
  });
  afterAll(async () => {
    await workers?.stop();
    await t?.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('ships the examples the generator writes, byte for byte', async () => {
    const fresh = path.join(dir, 'fresh');
    const names = await makeExamples(fresh);
    expect(names.sort()).toEqual(fs.readdirSync(path.join(ROOT, 'examples')).sort());
    for (const name of names) {
      expect({ name, same: fs.readFileSync(path.join(fresh, name)).equals(fs.readFileSync(path.join(ROOT, 'examples', name))) }).toEqual({ name, same: true });
    }
  });

  it('runs the curl tour, then the client CLI tour, as written', async () => {
    const script = `set -euo pipefail\n${asRun(readmeBlock('60 seconds with curl'), port)}\n${asRun(readmeBlock('60 seconds with the client CLI'), port)}`;
    const { stdout, stderr, code } = await new Promise<{ stdout: string; stderr: string; code: number }>((resolve) => {
      execFile('bash', ['-c', script], { cwd: dir, env: { ...process.env, DOCROWS_LOG_LEVEL: 'silent' }, maxBuffer: 1 << 24 }, (err, out, errOut) =>
        resolve({ stdout: out, stderr: errOut, code: err ? Number(err.code ?? 1) : 0 }));
    });
    expect(code, stderr).toBe(0);
    // The curl tour's results: both invoices' rows, in their languages.
    expect(stdout).toContain('"filename":"invoice-en.pdf"');
    expect(stdout).toContain('Netzwerk-Switch 24 Ports');
    const sheet = async (name: string) => {
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.readFile(path.join(dir, name));
      return wb.worksheets[0];
    };
    expect((await sheet('first.xlsx')).rowCount).toBeGreaterThan(8);
    // The CLI tour: the run over the invoice and the scanned receipt, the step-by-step batch, and extract without a server.
    expect((await sheet('rows.xlsx')).rowCount).toBeGreaterThan(8);
    const csv = fs.readFileSync(path.join(dir, 'march.csv'), 'utf8');
    expect(csv.split('\n')[0]).toBe('document_id,filename,Description,Amount');
    expect(csv).toContain('rechnung-de.pdf');
    expect((await sheet('march.xlsx')).rowCount).toBeGreaterThan(8);
    expect(stdout).toContain('Bürostuhl mit Lordosenstütze');
  });
});
