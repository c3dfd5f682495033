import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textPdf } from '../fixtures/ingest/pdf-fixtures.js';

const run = promisify(execFile);
const ROOT = join(import.meta.dirname, '../..');
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const HOOK = pathToFileURL(join(ROOT, 'test/helpers/loaded-packages.mjs')).href;

/** The packages `docrows <args>` loads, as a whole process from source. */
async function packagesLoaded(dir: string, args: string[]): Promise<string[]> {
  const out = join(dir, `loaded-${args[0].replace(/\W/g, '')}.txt`);
  await writeFile(out, '');
  await run(process.execPath, ['--import', HOOK, '--import', TSX, join(ROOT, 'src/main.ts'), ...args], {
    cwd: ROOT,
    env: { ...process.env, DOCROWS_LOADED_PACKAGES: out },
    maxBuffer: 1 << 24,
  });
  return (await readFile(out, 'utf8')).split('\n').filter(Boolean);
}

/** Machinery a command must load only when a file or a setting needs it (issue 29: a CLI that starts at once). */
const DATABASE_AND_STORAGE = ['pg', 'better-sqlite3', '@aws-sdk/client-s3', '@aws-sdk/lib-storage'];
const OCR_AND_EXPORT = ['tesseract.js', 'exceljs'];

describe('docrows start-up', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'docrows-startup-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('--help loads no database driver, storage SDK, image library, OCR or workbook writer', async () => {
    const loaded = await packagesLoaded(dir, ['--help']);
    expect(loaded).toContain('commander');
    for (const pkg of [...DATABASE_AND_STORAGE, ...OCR_AND_EXPORT, 'sharp', 'pdfjs-dist', '@embedpdf/pdfium']) expect(loaded).not.toContain(pkg);
  }, 60_000);

  it('extract of a text PDF as JSON loads no OCR, image library, workbook writer, database, storage, API client, model client or document converters', async () => {
    const file = join(dir, 'page.pdf');
    await writeFile(file, await textPdf({ pages: 1, rows: 6 }));
    const loaded = await packagesLoaded(dir, ['extract', file]);
    expect(loaded).toContain('@embedpdf/pdfium');
    expect(loaded).not.toContain('pdfjs-dist');
    // sharp (libvips), the zip inflater, the API client's webhook verifier and the progress bar are each tens of ms of start-up.
    for (const pkg of [...DATABASE_AND_STORAGE, ...OCR_AND_EXPORT, 'undici', 'pdfkit', '@napi-rs/canvas', 'sharp', 'fflate', 'standardwebhooks', 'cli-progress']) expect(loaded).not.toContain(pkg);
  }, 60_000);
});
