/**
 * The business section of `npm run bench:extract`: a generated set of one
 * split, digital (through ingestion: page raster + text layer) and scanned
 * (the same pages damaged, no text layer), scored per kind × language
 * (evaluate.ts), with the confidence calibration and engine time per page.
 */
import type { Engine } from '../../../src/extract/types.js';
import { percentiles } from '../percentiles.js';
import { calibration, calibrationChecks, scoreDocument, summarize, type DocScore, type Summary } from './evaluate.js';
import { generateBusinessSet, KINDS, LANGS, type BusinessDoc, type BusinessKind, type Lang, type Split } from './index.js';
import { mix } from './random.js';
import { ingestPages, randomScanOptions, scanPages, thermalPaper, type ScanKind } from './scan.js';

export interface BusinessBenchOptions {
  split: Split;
  /** Digital documents per kind × language. */
  perPair: number;
  /** The first seed of the split to take (default 1). */
  start?: number;
  /** Of those, how many are also scanned. */
  scansPerPair: number;
  kinds: readonly BusinessKind[];
  langs: readonly Lang[];
  /** Only scans of these kinds are made and read (default: both). */
  scanKinds?: readonly ScanKind[];
  /** Whether the digital pages are read too (default: yes; `--modalities scanned` leaves them out). */
  digital?: boolean;
}

type Modality = 'digital' | 'scanned';

interface Entry {
  kind: string;
  lang: string;
  /** Scanned pages: flatbed or phone. */
  scan?: string;
  /** The document's layout draws (bench/lib/business/commercial.ts, receipt.ts). */
  layout: BusinessDoc['layout'];
  score: DocScore;
}

function groupBy(scores: Entry[], key: (x: Entry) => string) {
  const groups = new Map<string, DocScore[]>();
  for (const s of scores) groups.set(key(s), [...(groups.get(key(s)) ?? []), s.score]);
  return Object.fromEntries([...groups].map(([k, v]) => [k, summarize(v)]));
}

/** Which fields fail most (on dev with examples, to tune on; on test counts only). */
function failures(scores: DocScore[], withExamples: boolean) {
  const byKey = new Map<string, { wrong: number; examples: Array<[string, string, string]> }>();
  for (const s of scores) {
    for (const [k, [expected, got]] of Object.entries(s.wrong)) {
      const f = byKey.get(k) ?? { wrong: 0, examples: [] };
      f.wrong++;
      if (withExamples && f.examples.length < 3) f.examples.push([s.id, expected, got]);
      byKey.set(k, f);
    }
  }
  return Object.fromEntries([...byKey].sort((a, b) => b[1].wrong - a[1].wrong).slice(0, 20).map(([k, v]) => [k, withExamples ? v : v.wrong]));
}

/** Line F1 with the columns named against inferred (`0.91/0.88`). */
const namedInferred = (s: Summary) => `${s.line_items.f1.toFixed(2)}/${s.line_items_inferred.f1.toFixed(2)}`;

export async function runBusinessBench(engine: Engine, o: BusinessBenchOptions): Promise<{ json: Record<string, unknown>; table: string }> {
  const docs = await generateBusinessSet({ split: o.split, perPair: o.perPair, start: o.start, kinds: o.kinds, langs: o.langs });
  const results: Record<Modality, Entry[]> = { digital: [], scanned: [] };
  const seen = new Map<string, number>();
  for (const doc of docs) {
    if (o.digital ?? true) results.digital.push({ kind: doc.kind, lang: doc.lang, layout: doc.layout, score: await scoreDocument(engine, doc, await ingestPages(doc.pdf), 'fast') });
    const pair = `${doc.kind}/${doc.lang}`;
    const n = seen.get(pair) ?? 0;
    seen.set(pair, n + 1);
    if (n < o.scansPerPair) {
      // Seeds repeat across kinds and languages; the scan draw must not.
      const scanSeed = mix(doc.seed, KINDS.indexOf(doc.kind) * 16 + LANGS.indexOf(doc.lang) + 0x5ca7);
      const drawn = randomScanOptions(scanSeed);
      const paper = doc.kind === 'receipt' && drawn.kind === 'flatbed' ? thermalPaper(scanSeed) : undefined;
      const scan = paper ? { ...drawn, paper } : drawn;
      if (o.scanKinds && !o.scanKinds.includes(scan.kind)) continue;
      const pages = await scanPages(doc.pdf, scan, scanSeed);
      results.scanned.push({ kind: doc.kind, lang: doc.lang, scan: scan.kind, layout: doc.layout, score: await scoreDocument(engine, doc, pages, 'fast') });
    }
  }
  const json: Record<string, unknown> = {
    split: o.split,
    documents_per_pair: o.perPair,
    scanned_per_pair: o.scansPerPair,
    protocol:
      'generated documents (bench/lib/business), all pages; document fields: one request with every document-level name in the document naming style (snake_case mostly, some camelCase or printed labels), first non-empty value over pages and rows, right when equal to the printed truth after whitespace collapse and case folding (amounts without a currency mark; numbers as printed); line items: one request with the line columns, rows of all pages, cell F1 per requested column (line_items_inferred: the same tables asked with no fields, each page\'s columns aligned to the truth\'s by content, cells of unaligned columns left out); one_row_share: document requests answered with at most one row per page',
  };
  const lines: string[] = [`business documents (${o.split}) line-item F1 / field accuracy`];
  for (const m of ['digital', 'scanned'] as const) {
    const all = results[m];
    if (!all.length) continue;
    const scores = all.map((x) => x.score);
    json[m] = {
      overall: summarize(scores),
      by_lang: groupBy(all, (x) => x.lang),
      by_kind: groupBy(all, (x) => x.kind),
      by_kind_lang: groupBy(all, (x) => `${x.kind}/${x.lang}`),
      ...(m === 'scanned' ? { by_scan: groupBy(all, (x) => x.scan ?? '') } : {}),
      // Which arrangement fails: labelled values (kv_right, colon, boxes, stacked, kv_table), table rules, totals, receipt quantity lines.
      by_layout: {
        meta: groupBy(all.filter((x) => x.layout.meta), (x) => String(x.layout.meta)),
        rules: groupBy(all.filter((x) => x.layout.rules), (x) => String(x.layout.rules)),
        totals: groupBy(all.filter((x) => x.layout.totals), (x) => String(x.layout.totals)),
        receipt_till: groupBy(all.filter((x) => x.layout.till), (x) => `${x.layout.till}${x.layout.qtyLine ? `/${x.layout.qtyLine}` : ''}${x.layout.order ? `/${x.layout.order}` : ''}/${x.layout.widthMm}mm`),
        receipt_header: groupBy(all.filter((x) => x.layout.till), (x) => String(x.layout.header)),
        // The fourth widening (issue 28): the header's arrangement, the totals' form, the header dates' printed form.
        header: groupBy(all.filter((x) => x.layout.totalsForm), (x) => String(x.layout.header)),
        totals_form: groupBy(all.filter((x) => x.layout.totalsForm), (x) => String(x.layout.totalsForm)),
        date_form: groupBy(all.filter((x) => x.layout.totalsForm), (x) => String(x.layout.dateForm ?? 'locale')),
        multi_page: groupBy(all, (x) => (x.score.pages > 1 ? 'several pages' : 'one page')),
      },
      ms_per_page: percentiles(scores.flatMap((s) => s.ms)),
      failed_pages: scores.reduce((n, s) => n + s.failed.length, 0),
      most_wrong_fields: failures(scores, o.split === 'tuning'),
    };
    lines.push(`\n${m}`.padEnd(16) + o.langs.map((l) => l.padStart(12)).join('') + '         all' + '  lines named/inferred');
    for (const kind of o.kinds) {
      const cells = o.langs.map((lang) => {
        const g = all.filter((x) => x.kind === kind && x.lang === lang).map((x) => x.score);
        if (!g.length) return ''.padStart(12);
        const s = summarize(g);
        return `${s.line_items.f1.toFixed(2)}/${s.fields.accuracy.toFixed(2)}`.padStart(12);
      });
      const s = summarize(all.filter((x) => x.kind === kind).map((x) => x.score));
      lines.push(kind.padEnd(15) + cells.join('') + `${s.line_items.f1.toFixed(2)}/${s.fields.accuracy.toFixed(2)}`.padStart(12) + namedInferred(s).padStart(22));
    }
    const total = summarize(scores);
    lines.push('all'.padEnd(15) + o.langs.map((lang) => {
      const s = summarize(all.filter((x) => x.lang === lang).map((x) => x.score));
      return `${s.line_items.f1.toFixed(2)}/${s.fields.accuracy.toFixed(2)}`.padStart(12);
    }).join('') + `${total.line_items.f1.toFixed(2)}/${total.fields.accuracy.toFixed(2)}`.padStart(12) + namedInferred(total).padStart(22));
  }
  const tables = {
    digital: calibration(results.digital.flatMap((x) => x.score.confidence)),
    scanned: calibration(results.scanned.flatMap((x) => x.score.confidence)),
  };
  json.calibration = tables;
  json.calibration_checks = { digital: calibrationChecks(tables.digital), scanned: calibrationChecks(tables.scanned) };
  return { json, table: `${lines.join('\n')}\n\n` };
}
