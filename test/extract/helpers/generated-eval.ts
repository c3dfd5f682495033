import sharp from 'sharp';
import type { Engine, EnginePage, Quality } from '../../../src/extract/types.js';
import type { GeneratedDoc } from '../../fixtures/extract/documents.js';
import { addCounts, alignColumns, scoreAligned, type CellCounts } from './cell-score.js';
import { resultColumns } from './icdar-eval.js';
import { withPdfText } from './pdf-text.js';

export interface GeneratedRun {
  given: CellCounts;
  inferred: CellCounts;
  ms: number[];
  perDoc: Array<{ id: string; given: CellCounts; inferred: CellCounts }>;
}

/** The page as ingestion would hand it over: a page image and the PDF's text layer. */
export async function digitalPage(doc: GeneratedDoc): Promise<EnginePage> {
  const { textLayer, width, height } = await withPdfText(doc.pdf, (pdf) => pdf.textLayer(0));
  const image = await sharp({ create: { width: Math.round((width * 200) / 72), height: Math.round((height * 200) / 72), channels: 3, background: '#fff' } }).jpeg().toBuffer();
  return { image, textLayer };
}

function transpose(rows: string[][], width: number): string[][] {
  return Array.from({ length: width }, (_, c) => rows.map((r) => r[c] ?? ''));
}

/** Scores the engine on generated documents: printed headers as fields, and inferred columns. */
export async function runGenerated(engine: Engine, docs: GeneratedDoc[], pages: EnginePage[], quality: Quality): Promise<GeneratedRun> {
  const run: GeneratedRun = { given: zero(), inferred: zero(), ms: [], perDoc: [] };
  for (let i = 0; i < docs.length; i++) {
    const doc = docs[i];
    const expected = transpose(doc.rows, doc.columns.length);
    const t0 = performance.now();
    const given = await engine.extract(pages[i], { fields: doc.columns.map((name) => ({ name, formatRequirement: '' })), globalFormatRequirement: '', quality });
    run.ms.push(performance.now() - t0);
    const g = resultColumns(given);
    const givenCounts = scoreAligned(doc.columns.map((_, k) => g.columns[k] ?? []), expected, doc.columns.map((_, k) => k));
    const inferred = resultColumns(await engine.extract(pages[i], { fields: [], globalFormatRequirement: '', quality }));
    const inferredCounts = scoreAligned(inferred.columns, expected, alignColumns(inferred.columns, expected));
    run.given = addCounts(run.given, givenCounts);
    run.inferred = addCounts(run.inferred, inferredCounts);
    run.perDoc.push({ id: doc.id, given: givenCounts, inferred: inferredCounts });
  }
  return run;
}

function zero(): CellCounts {
  return { tp: 0, predicted: 0, expected: 0 };
}
