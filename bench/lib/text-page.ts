/**
 * A text-layer page as a user of a table library meets it: open the PDF,
 * read the page's words, find its table. docrows (the ingest code's PDF open
 * and PDFium text layer, then the layout engine inferring columns) beside
 * pdfplumber and camelot stream on the same icdar2013-dev pages, each page
 * opened afresh, in one warm process per side.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Engine } from '../../src/extract/types.js';
import { PdfiumDocument } from '../../src/ingest/pdf-pdfium.js';
import { renderPages } from '../../src/ingest/pdf-render.js';
import { listIcdarDocuments, loadIcdarDocument } from '../../test/extract/helpers/icdar.js';
import { pdfNameFor } from '../../test/extract/helpers/icdar-eval.js';
import { ensurePythonPeer, timePythonPages, type PythonPeer } from './peers.js';
import { percentiles } from './percentiles.js';

/** Every page of the set that holds a ground-truth table, as [pdf path, 1-based page]. */
export async function icdarTablePages(dir: string): Promise<Array<[string, number]>> {
  const pages = new Map<string, [string, number]>();
  for (const doc of await listIcdarDocuments(dir)) {
    const file = join(dir, `${await pdfNameFor(dir, doc)}.pdf`);
    for (const t of await loadIcdarDocument(dir, doc)) pages.set(`${file}#${t.page}`, [file, t.page]);
  }
  return [...pages.values()];
}

/** The other pages of the same files (no ground-truth table): what each side reads first, untimed. */
async function otherPages(tablePages: Array<[string, number]>): Promise<Array<[string, number]>> {
  const timed = new Set(tablePages.map(([file, page]) => `${file}#${page}`));
  const out: Array<[string, number]> = [];
  for (const file of new Set(tablePages.map(([f]) => f))) {
    const doc = await PdfiumDocument.open(new Uint8Array(await readFile(file)), undefined);
    const count = doc.pageCount;
    doc.close();
    for (let page = 1; page <= count; page++) if (!timed.has(`${file}#${page}`)) out.push([file, page]);
  }
  return out;
}

/**
 * ms per page: read the file, open it, read the page's text layer and size, run the engine (inferred columns); wall,
 * and the process's CPU for the whole page. The page reaches the engine as `docrows extract` and the service hand it
 * over (src/cli/extract.ts, paintLater): its size and words, no raster, which a text page's read never needs.
 */
async function timeDocrows(engine: Engine, pages: Array<[string, number]>): Promise<{ total: number[]; read: number[]; engine: number[]; cpu: number[] }> {
  const out = { total: [] as number[], read: [] as number[], engine: [] as number[], cpu: [] as number[] };
  for (const [path, n] of pages) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    const doc = await PdfiumDocument.open(new Uint8Array(await readFile(path)), undefined);
    const [{ width, height, textLayer }] = await renderPages(doc, n, n, false);
    doc.close();
    const t1 = performance.now();
    await engine.extract({ image: null, size: { width, height }, textLayer }, { fields: [], globalFormatRequirement: '', quality: 'fast' });
    const t2 = performance.now();
    const cpu = process.cpuUsage(c0);
    out.read.push(t1 - t0);
    out.engine.push(t2 - t1);
    out.total.push(t2 - t0);
    out.cpu.push((cpu.user + cpu.system) / 1000);
  }
  return out;
}

async function timePeer(peer: PythonPeer, pages: Array<[string, number]>, warm: Array<[string, number]>) {
  const status = ensurePythonPeer(peer);
  if (!status.available) return { skipped: true as const, reason: status.reason };
  const { wall, cpu } = await timePythonPages(peer, pages, warm);
  return { version: status.version, ...percentiles(wall), cpu_p50: percentiles(cpu).p50 };
}

export async function textPageComparison(engine: Engine, icdarDir: string): Promise<Record<string, unknown>> {
  const pages = await icdarTablePages(icdarDir);
  // Each side first reads the files' other pages in the process it is timed in, as a running service or script has
  // read other documents before: imports loaded, files in the page cache, and docrows' JavaScript and PDFium code
  // compiled by V8's optimizing tiers (a cold process spends about half a page's CPU on that; Python compiles nothing).
  // No timed page is read before it is timed: the engine remembers cell texts it judged.
  const warm = await otherPages(pages);
  await timeDocrows(engine, warm);
  const ours = await timeDocrows(engine, pages);
  const docrows = { ...percentiles(ours.total), read_p50: percentiles(ours.read).p50, engine_p50: percentiles(ours.engine).p50, cpu_p50: percentiles(ours.cpu).p50 };
  const pdfplumber = await timePeer('pdfplumber', pages, warm);
  const camelot = await timePeer('camelot', pages, warm);
  const faster = (peer: Awaited<ReturnType<typeof timePeer>>, q: 'p50' | 'cpu_p50') => (q in peer ? +((peer as Record<typeof q, number>)[q] / docrows[q]).toFixed(2) : null);
  return {
    pages: pages.length,
    read_first_untimed: `${warm.length} other pages of the same files, by each side in its timed process`,
    docrows: { ...docrows, reads: 'file read + PDF open + text layer of the page + layout engine (inferred columns)' },
    pdfplumber: { ...pdfplumber, reads: 'pdfplumber.open + extract_words + extract_tables' },
    camelot_stream: camelot,
    times_faster_p50: { than_pdfplumber: faster(pdfplumber, 'p50'), than_camelot_stream: faster(camelot, 'p50') },
    // On a machine shared with other work wall times swing with the load (the Python peers' more than ours); CPU time much less.
    times_faster_cpu_p50: { than_pdfplumber: faster(pdfplumber, 'cpu_p50'), than_camelot_stream: faster(camelot, 'cpu_p50') },
    target: 'docrows ≥ 5× faster than camelot stream at p50 (camelot where it installs; otherwise pdfplumber stands in)',
  };
}
