import sharp from 'sharp';
import { access } from 'node:fs/promises';
import { join } from 'node:path';
import { readFile } from 'node:fs/promises';
import { PdfiumDocument } from '../../../src/ingest/pdf-pdfium.js';
import type { Engine, ExtractRequest, ExtractResult, TextLayer } from '../../../src/extract/types.js';
import { isImageRegion } from '../../../src/extract/types.js';
import { addCounts, alignColumns, scoreAligned, type CellCounts } from './cell-score.js';
import { listIcdarDocuments, loadIcdarDocument, type GroundTruthTable } from './icdar.js';
import { openPdf } from './open-pdf.js';

export interface TableOutcome {
  table: GroundTruthTable;
  doc: string;
  page: number;
  given: CellCounts;
  /** Fields given, words limited to the table's region (structure and naming without table finding). */
  givenInRegion: CellCounts;
  inferred: CellCounts;
}

export interface IcdarRun {
  tables: TableOutcome[];
  given: CellCounts;
  /**
   * Fields given, one request per page and header set: tables of one page
   * under identical headers are all rows that request asks for, so they are
   * scored together (per table, the rows of the others count as wrong).
   */
  givenPerRequest: CellCounts;
  givenInRegion: CellCounts;
  inferred: CellCounts;
  engineMs: number[];
  textLayerMs: number[];
}

/** Result rows as columns of strings, in field order. */
export function resultColumns(result: ExtractResult): { names: string[]; columns: string[][] } {
  if (!result.ok) return { names: [], columns: [] };
  const columns = result.fields.map((f) => result.rows.map((r) => {
    const c = r[f];
    return c && !isImageRegion(c) ? c.value ?? '' : '';
  }));
  return { names: result.fields, columns };
}

function uniqueNames(names: string[]): string[] {
  const seen = new Map<string, number>();
  return names.map((n) => {
    const k = n.toLowerCase();
    const c = (seen.get(k) ?? 0) + 1;
    seen.set(k, c);
    return c > 1 ? `${n} (${c})` : n;
  });
}

function transpose(rows: string[][], width: number): string[][] {
  return Array.from({ length: width }, (_, c) => rows.map((r) => r[c] ?? ''));
}

/** Words of the text layer inside a ground-truth region (normalized page box), for structure recognition. */
function cropLayer(layer: TextLayer, box: { x1: number; y1: number; x2: number; y2: number }): TextLayer {
  const inside = (x: number, y: number) => x >= box.x1 && x <= box.x2 && y >= box.y1 && y <= box.y2;
  return {
    words: layer.words.filter((w) => inside((w.box.x1 + w.box.x2) / 2, (w.box.y1 + w.box.y2) / 2)),
    rules: layer.rules.filter((r) => inside((r.x1 + r.x2) / 2, (r.y1 + r.y2) / 2)),
    images: [],
  };
}

/**
 * Runs the engine on every ground-truth table: with the expected header names
 * as fields on the whole page (the engine must find the table), and with
 * inferred columns on the table's region (the table-structure task), since a
 * page with several tables has no single "inferred" answer.
 */
export async function runIcdar(engine: Engine, dir: string, onlyDocs?: string[]): Promise<IcdarRun> {
  const docs = onlyDocs ?? (await listIcdarDocuments(dir));
  const run: IcdarRun = { tables: [], given: zero(), givenPerRequest: zero(), givenInRegion: zero(), inferred: zero(), engineMs: [], textLayerMs: [] };
  for (const doc of docs) {
    const truth = await loadIcdarDocument(dir, doc);
    const file = join(dir, `${await pdfNameFor(dir, doc)}.pdf`);
    // pdfjs gives the crop box the ground truth's coordinates refer to; PDFium reads the text layer, as ingestion does.
    const pdf = await openPdf(file);
    const text = await PdfiumDocument.open(new Uint8Array(await readFile(file)), undefined);
    const layers = new Map<number, { layer: TextLayer; image: Buffer; view: number[] }>();
    const firstOfDoc = run.tables.length;
    for (const t of truth) {
      if (t.page > pdf.numPages) continue;
      if (!layers.has(t.page)) {
        const page = await pdf.getPage(t.page);
        const t0 = performance.now();
        const layer = text.textLayer(t.page - 1).textLayer;
        run.textLayerMs.push(performance.now() - t0);
        const vp = page.getViewport({ scale: 200 / 72 });
        const image = await sharp({ create: { width: Math.round(vp.width), height: Math.round(vp.height), channels: 3, background: '#fff' } }).jpeg().toBuffer();
        layers.set(t.page, { layer, image, view: page.view });
      }
      const { layer, image, view } = layers.get(t.page) as { layer: TextLayer; image: Buffer; view: number[] };
      run.tables.push(await scoreTable(engine, t, layer, image, view, run));
    }
    const outcomes = run.tables.slice(firstOfDoc);
    for (const group of sameRequestGroups(outcomes.map((o) => o.table))) {
      run.givenPerRequest = addCounts(run.givenPerRequest, group.length === 1
        ? outcomes.find((o) => o.table === group[0])!.given
        : await scoreTogether(engine, group, layers.get(group[0].page)!));
    }
    await pdf.destroy();
    text.close();
  }
  for (const t of run.tables) {
    run.given = addCounts(run.given, t.given);
    run.givenInRegion = addCounts(run.givenInRegion, t.givenInRegion);
    run.inferred = addCounts(run.inferred, t.inferred);
  }
  return run;
}

/** A `Xb` ground truth describes tables inside `Xa.pdf` (dataset README). */
export async function pdfNameFor(dir: string, doc: string): Promise<string> {
  const exists = await access(join(dir, `${doc}.pdf`)).then(() => true, () => false);
  return exists ? doc : doc.replace(/b$/, 'a');
}

function zero(): CellCounts {
  return { tp: 0, predicted: 0, expected: 0 };
}

/** The named columns of a table: the request that asks for them, and their ground truth in field order. */
function requestOf(t: GroundTruthTable): { fieldNames: string[]; request: ExtractRequest; expected: string[][] } {
  const columns = transpose(t.body, t.columns.length);
  const named = t.columns.map((n, i) => ({ n, i })).filter((c) => c.n.trim());
  const fieldNames = uniqueNames(named.map((c) => c.n));
  return {
    fieldNames,
    request: { fields: fieldNames.map((name) => ({ name, formatRequirement: '' })), globalFormatRequirement: '', quality: 'fast' },
    expected: named.map((c) => columns[c.i]),
  };
}

/** Result columns scored against expected columns, both in field order. */
function scoreInFieldOrder(result: ExtractResult, expected: string[][]): CellCounts {
  const got = resultColumns(result);
  return scoreAligned(expected.map((_, k) => got.columns[k] ?? []), expected, expected.map((_, k) => k));
}

/** Tables of one page whose headers make the same request. */
function sameRequestGroups(tables: GroundTruthTable[]): GroundTruthTable[][] {
  const groups = new Map<string, GroundTruthTable[]>();
  for (const t of tables) {
    const key = `${t.page}\u0001${requestOf(t).fieldNames.join('\u0001')}`;
    groups.set(key, [...(groups.get(key) ?? []), t]);
  }
  return [...groups.values()];
}

/** One request for several same-header tables of a page, scored against all of their rows. */
async function scoreTogether(engine: Engine, group: GroundTruthTable[], page: { layer: TextLayer; image: Buffer }): Promise<CellCounts> {
  const { request, fieldNames } = requestOf(group[0]);
  const result = await engine.extract({ image: page.image, textLayer: page.layer }, request);
  const expected = fieldNames.map((_, k) => group.flatMap((t) => requestOf(t).expected[k]));
  return scoreInFieldOrder(result, expected);
}

async function scoreTable(engine: Engine, t: GroundTruthTable, layer: TextLayer, image: Buffer, view: number[], run: IcdarRun): Promise<TableOutcome> {
  const expected = transpose(t.body, t.columns.length);
  const { request, expected: expectedByField } = requestOf(t);
  const t0 = performance.now();
  const given = await engine.extract({ image, textLayer: layer }, request);
  run.engineMs.push(performance.now() - t0);
  const givenCounts = scoreInFieldOrder(given, expectedByField);
  let givenInRegion = givenCounts;

  let inferredCounts = { tp: 0, predicted: 0, expected: expected.reduce((n, col) => n + col.filter((v) => v.trim()).length, 0) };
  if (t.region) {
    const [vx1, vy1, vx2, vy2] = view;
    const w = vx2 - vx1;
    const h = vy2 - vy1;
    const pad = 2;
    const box = {
      x1: (t.region.x1 - pad - vx1) / w,
      x2: (t.region.x2 + pad - vx1) / w,
      y1: (vy2 - t.region.y2 - pad) / h,
      y2: (vy2 - t.region.y1 + pad) / h,
    };
    const cropped = cropLayer(layer, box);
    givenInRegion = scoreInFieldOrder(await engine.extract({ image, textLayer: cropped }, request), expectedByField);
    const inferred = await engine.extract({ image, textLayer: cropped }, { fields: [], globalFormatRequirement: '', quality: 'fast' });
    const inf = resultColumns(inferred);
    inferredCounts = scoreAligned(inf.columns, expected, alignColumns(inf.columns, expected));
  }
  return { table: t, doc: t.doc, page: t.page, given: givenCounts, givenInRegion, inferred: inferredCounts };
}
