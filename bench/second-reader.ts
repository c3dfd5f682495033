/**
 * PP-OCR's recognizer as a second reader of tesseract's number-bearing words
 * (src/extract/read/line-recognizer.ts), measured on the scanned receipts of
 * kie-dev and kie-dev-more before it goes into the engine.
 *
 * Each scan is read as the engine reads it (ocrPage, `fast`); every word
 * holding a digit is cropped from the raster tesseract read, at its box with
 * the engine's margin (second-reading.ts, wordCrop), and read again by the
 * recognizer. Scored against the truth's total and
 * date: whether a page's words hold the total well formed (`1,234.50`,
 * `19,90`: an amount with its decimals, no stray marks) and the date as
 * printed, with tesseract's words, with the recognizer's in their place, and
 * with each combining rule; and, on the word nearest each truth value, its
 * characters right per class (digits, letters, punctuation).
 *
 * The tuning split is printed per rule; the held-out split as totals only.
 *
 *   npx tsx bench/second-reader.ts [--datasets DIR] [--cache FILE] [--limit N] [--rules 'A;B']
 *
 * `--cost on|off --limit N`: instead, the engine (createLayoutEngine, `fast`)
 * with the second reader on or off extracts the first N scans of each set,
 * and the process's CPU seconds per page and peak RSS are printed (run each
 * in its own process, under the bench lock).
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { createLayoutEngine, extractFromContent, type PageContent } from '../src/extract/layout/index.js';
import { applyLayoutMemory } from '../src/extract/memory/apply.js';
import { ocrPage } from '../src/extract/read/ocr-page.js';
import { defaultOcrThreads, TesseractPool } from '../src/extract/read/tesseract-pool.js';
import { createLineRecognizer } from '../src/extract/read/line-recognizer.js';
import { acceptsSecondReading, asWordText, wantsSecondReading, wordCrop } from '../src/extract/read/second-reading.js';
import { DEFAULT_SETTINGS, withSettings } from '../src/extract/settings.js';
import { pageImage, type Engine } from '../src/extract/types.js';
import { runKie, scanCalibration, summarizeKie } from './lib/kie-dev.js';
import { realSplit, type Split } from './lib/splits.js';

interface Case {
  id: string;
  source: string;
  doc: string;
  lang: string;
  modality: string;
  file: string;
  fields: Record<string, string>;
}

interface WordRecord {
  tess: string;
  /** Tesseract's confidence, 0..1. */
  conf: number;
  pp: string;
  ppScores: number[];
  /** Recognizer ms for this crop. */
  ms: number;
}

interface CaseRecord {
  id: string;
  set: string;
  split: Split;
  source: string;
  fields: Record<string, string>;
  /** The image's sha1: the key its content is found by when the layout stages run. */
  digest: string;
  content: PageContent;
  /** All words in reading order (content.words' order); number-bearing ones carry the recognizer's reading. */
  words: Array<{ tess: string; conf: number; reread?: WordRecord }>;
  readMs: number;
  rereadMs: number;
}

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};

const datasets = resolve(arg('datasets') ?? [resolve('../shared/datasets'), resolve('../../shared/datasets')].find((d) => existsSync(d)) ?? '../shared/datasets');
const cacheFile = arg('cache') ?? '/tmp/second-reader-cache.json';
const limit = Number(arg('limit') ?? Infinity);

async function collect(): Promise<CaseRecord[]> {
  if (existsSync(cacheFile)) return JSON.parse(await readFile(cacheFile, 'utf8')) as CaseRecord[];
  // As createPageReader reads a scan, with the raster its words are boxed on kept for the crops.
  const settings = DEFAULT_SETTINGS;
  const pool = new TesseractPool(defaultOcrThreads(settings), settings);
  const recognizer = createLineRecognizer(settings.read.secondReader.threads);
  const out: CaseRecord[] = [];
  for (const set of ['kie-dev', 'kie-dev-more']) {
    const { cases } = JSON.parse(await readFile(join(datasets, set, 'cases.json'), 'utf8')) as { cases: Case[] };
    const scans = cases.filter((c) => c.modality === 'image').slice(0, limit);
    for (const c of scans) {
      const bytes = await readFile(join(datasets, set, c.file));
      const t0 = performance.now();
      const { raster, ...ocr } = await ocrPage(bytes, 'fast', pool, settings);
      const readMs = performance.now() - t0;
      const words: CaseRecord['words'] = [];
      let rereadMs = 0;
      for (const w of ocr.words) {
        const entry: CaseRecord['words'][number] = { tess: w.text, conf: w.confidence ?? 1 };
        const crop = /\d/.test(w.text) ? wordCrop(raster, w, settings) : undefined;
        if (crop) {
          const t1 = performance.now();
          const r = await recognizer.recognize(crop);
          const ms = performance.now() - t1;
          rereadMs += ms;
          entry.reread = { tess: w.text, conf: w.confidence ?? 1, pp: r.text, ppScores: r.scores.map((x) => Math.round(x * 1000) / 1000), ms: Math.round(ms) };
        }
        words.push(entry);
      }
      const digest = createHash('sha1').update(bytes).digest('hex');
      const content: PageContent = { words: ocr.words, rules: ocr.rules, pictures: [], aspect: ocr.aspect };
      out.push({ id: c.id, set, split: realSplit(c, cases), source: c.source, fields: c.fields, digest, content, words, readMs: Math.round(readMs), rereadMs: Math.round(rereadMs) });
      process.stderr.write(`${out.length} ${c.id} read ${Math.round(readMs)} ms, reread ${Math.round(rereadMs)} ms\n`);
    }
  }
  await pool.close();
  await recognizer.close();
  await writeFile(cacheFile, JSON.stringify(out));
  return out;
}

/** Well-formed amounts in a token, as numbers: digits with grouping, one decimal mark, two decimals, nothing numeric around. */
function amounts(token: string): number[] {
  const out: number[] = [];
  for (const m of token.matchAll(/(?<![\d.,])(\d{1,3}(?:[.,]\d{3})+|\d+)([.,])(\d{2})(?![\d.,:]|[.,]\d)/g)) {
    out.push(Number(`${m[1].replace(/[.,]/g, '')}.${m[3]}`));
  }
  return out;
}

/** The printed forms a truth date may take (SROIE's are as printed; ISO ones as German tills print them). */
function dateForms(truth: string): string[] {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(truth);
  if (!iso) return [truth.replace(/\s+/g, '').toLowerCase()];
  const [, y, m, d] = iso;
  return [`${d}.${m}.${y}`, `${d}.${m}.${y.slice(2)}`, `${d}/${m}/${y}`, `${d}-${m}-${y}`];
}

type Rule = (w: WordRecord) => boolean;

/** PP-OCR's reading after the fixes any Latin reader needs: full-width marks as ASCII. */
const ppText = (w: WordRecord) => w.pp.normalize('NFKC').replace(/\s+/g, '');
const hasCjk = (s: string) => /[\p{Script=Han}]/u.test(s);
const minScore = (w: WordRecord) => (w.ppScores.length ? Math.min(...w.ppScores) : 0);

/** For the engine's rules: which words it reads again (what its recognizer costs). */
const wanted = new Map<Rule, Rule>();

/** The engine's rule (src/extract/read/second-reading.ts) with the given thresholds. */
function engineRule(maxConfidence: number): Rule {
  const settings = withSettings({ read: { secondReader: { maxConfidence } } });
  const wants: Rule = (w) => wantsSecondReading({ text: w.tess, box: { x1: 0, y1: 0, x2: 1, y2: 1 }, confidence: w.conf }, settings);
  const rule: Rule = (w) => {
    const reading = { text: w.pp, scores: w.ppScores };
    return wants(w) && acceptsSecondReading(asWordText(reading), reading, w.conf);
  };
  wanted.set(rule, wants);
  return rule;
}

/** Combining rules: when the recognizer's reading takes the word's place. */
const RULES: Record<string, Rule> = {
  tesseract: () => false,
  'ppocr (every figure, unchecked)': (w) => !hasCjk(ppText(w)),
  'engine (0.9)': engineRule(0.9),
  'engine 0.8': engineRule(0.8),
  'engine 1.01 (every figure)': engineRule(1.01),
};

function textUnder(c: CaseRecord, rule: Rule): string[] {
  return c.words.map((w) => (w.reread && rule(w.reread) ? ppText(w.reread) : w.tess));
}

/** Character classes of the truth, right in a reading aligned to it by edit distance. */
type ClassCounts = Record<'digit' | 'letter' | 'punct', { right: number; total: number }>;
const emptyCounts = (): ClassCounts => ({ digit: { right: 0, total: 0 }, letter: { right: 0, total: 0 }, punct: { right: 0, total: 0 } });
const classOf = (ch: string): keyof ClassCounts => (/\d/.test(ch) ? 'digit' : /\p{L}/u.test(ch) ? 'letter' : 'punct');

function alignRight(truth: string, got: string): boolean[] {
  const n = truth.length;
  const m = got.length;
  const d: number[][] = Array.from({ length: n + 1 }, (_, i) => Array.from({ length: m + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= n; i++) for (let j = 1; j <= m; j++) d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (truth[i - 1] === got[j - 1] ? 0 : 1));
  const right = Array<boolean>(n).fill(false);
  let i = n;
  let j = m;
  while (i > 0 && j > 0) {
    if (d[i][j] === d[i - 1][j - 1] + (truth[i - 1] === got[j - 1] ? 0 : 1)) {
      right[i - 1] = truth[i - 1] === got[j - 1];
      i--;
      j--;
    } else if (d[i][j] === d[i - 1][j] + 1) i--;
    else j--;
  }
  return right;
}

function distance(a: string, b: string): number {
  return alignRight(a, b).filter((r) => !r).length + Math.max(0, b.length - a.length);
}

const printedTotal = (t: string) => {
  const [whole, dec = '00'] = t.split('.');
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${dec.padEnd(2, '0')}`;
};

interface Score {
  cases: number;
  totalFound: number;
  dateFound: number;
  chars: { total: ClassCounts; date: ClassCounts };
  replaced: number;
  /** Recognizer ms over the words the rule reads again (all number words for rules that are not the engine's). */
  recognizerMs: number;
}

function score(cases: CaseRecord[], rule: Rule): Score {
  const s: Score = { cases: cases.length, totalFound: 0, dateFound: 0, chars: { total: emptyCounts(), date: emptyCounts() }, replaced: 0, recognizerMs: 0 };
  for (const c of cases) {
    s.recognizerMs += c.words.reduce((n, w) => n + (w.reread && (!wanted.has(rule) || wanted.get(rule)!(w.reread)) ? w.reread.ms : 0), 0);
    const text = textUnder(c, rule);
    s.replaced += c.words.filter((w) => w.reread && rule(w.reread) && ppText(w.reread) !== w.tess).length;
    const total = Number(c.fields.total);
    if (c.fields.total !== undefined && text.some((t) => amounts(t).includes(total))) s.totalFound++;
    const joined = text.join('').replace(/\s+/g, '').toLowerCase();
    if (c.fields.date !== undefined && dateForms(c.fields.date).some((f) => joined.includes(f.toLowerCase()))) s.dateFound++;
    // Characters: the word location nearest the truth under either reading, compared per reading.
    for (const [field, truth] of [['total', c.fields.total !== undefined ? printedTotal(c.fields.total) : undefined], ['date', c.fields.date !== undefined ? dateForms(c.fields.date)[0] : undefined]] as const) {
      if (!truth) continue;
      let best = -1;
      let bestD = Infinity;
      c.words.forEach((w, k) => {
        if (!w.reread) return;
        const d = Math.min(distance(truth, w.tess.replace(/^RM/i, '')), distance(truth, ppText(w.reread).replace(/^RM/i, '')));
        if (d < bestD) {
          bestD = d;
          best = k;
        }
      });
      const counts = s.chars[field];
      const got = best >= 0 ? text[best].replace(/^RM/i, '') : '';
      alignRight(truth, got).forEach((ok, i) => {
        const cls = counts[classOf(truth[i])];
        cls.total++;
        if (ok) cls.right++;
      });
    }
  }
  return s;
}

const r3 = (v: number) => Math.round(v * 1000) / 1000;
const share = (c: { right: number; total: number }) => (c.total ? r3(c.right / c.total) : null);

function summary(s: Score) {
  return {
    cases: s.cases,
    total_found: r3(s.totalFound / s.cases),
    date_found: r3(s.dateFound / s.cases),
    total_chars: { digit: share(s.chars.total.digit), punct: share(s.chars.total.punct) },
    date_chars: { digit: share(s.chars.date.digit), letter: share(s.chars.date.letter), punct: share(s.chars.date.punct) },
    words_changed: s.replaced,
    recognizer_s_per_page: r3(s.recognizerMs / s.cases / 1000),
  };
}

/** The layout stages on each scan's saved content with `rule`'s words in place: the engine's answer had it read them so. */
function contentEngine(records: CaseRecord[], rule: Rule): Engine {
  const byDigest = new Map(records.map((r) => [r.digest, r]));
  return {
    name: 'layout on saved words',
    async extract(page, request) {
      const r = byDigest.get(createHash('sha1').update(pageImage(page)).digest('hex'));
      // Only with --limit: a scan left out scores as an answer with nothing.
      if (!r) return { ok: false, failure: { code: 'engine_error', message: 'scan not collected' } };
      const words = r.content.words.map((w, k) => {
        const reread = r.words[k].reread;
        return reread && rule(reread) && ppText(reread) !== w.text ? { ...w, text: ppText(reread), confidence: minScore(reread) } : w;
      });
      const content = { ...r.content, words };
      return applyLayoutMemory(content, request, extractFromContent(content, request, DEFAULT_SETTINGS), DEFAULT_SETTINGS);
    },
  };
}

async function fieldScores(records: CaseRecord[], rule: Rule, split: Split) {
  const engine = contentEngine(records, rule);
  const results = [];
  for (const set of ['kie-dev', 'kie-dev-more']) results.push(...(await runKie(engine, join(datasets, set), { splits: [split], sources: ['sroie', 'receipts-de'] })));
  const s = summarizeKie(results);
  const sure = scanCalibration(results);
  return split === 'tuning' ? { sure, fields: s.fields.accuracy, by_field: Object.fromEntries(Object.entries(s.by_field).map(([k, v]) => [k, v.accuracy])), by_source: Object.fromEntries(Object.entries(s.by_source).map(([k, v]) => [k, v.accuracy])) } : { sure, fields: s.fields.accuracy, total: s.by_field.total?.accuracy, date: s.by_field.date?.accuracy };
}

/** CPU seconds a page and peak RSS of the engine extracting the first `limit` scans of each set, second reader on or off. */
async function cost(on: boolean) {
  const engine = createLayoutEngine({ settings: { read: { secondReader: { enabled: on } } } });
  let pages = 0;
  const t0 = process.cpuUsage();
  const w0 = performance.now();
  for (const set of ['kie-dev', 'kie-dev-more']) {
    const { cases } = JSON.parse(await readFile(join(datasets, set, 'cases.json'), 'utf8')) as { cases: Case[] };
    for (const c of cases.filter((x) => x.modality === 'image').slice(0, limit)) {
      const r = await engine.extract({ image: await readFile(join(datasets, set, c.file)), textLayer: null }, { fields: Object.keys(c.fields).map((name) => ({ name, formatRequirement: '' })), globalFormatRequirement: '', quality: 'fast' });
      if (!r.ok) throw new Error(r.failure.message);
      pages++;
    }
  }
  const cpu = process.cpuUsage(t0);
  await engine.close?.();
  console.log(JSON.stringify({ second_reader: on, pages, cpu_s_per_page: r3((cpu.user + cpu.system) / 1e6 / pages), wall_s_per_page: r3((performance.now() - w0) / 1000 / pages), peak_rss_mb: Math.round(process.resourceUsage().maxRSS / 1024) }));
}

const costMode = arg('cost');
if (costMode) {
  await cost(costMode === 'on');
  process.exit(0);
}

const records = await collect();
const tuning = records.filter((r) => r.split === 'tuning');
const heldout = records.filter((r) => r.split === 'heldout');
const rereads = records.flatMap((r) => r.words.flatMap((w) => (w.reread ? [w.reread] : [])));
const perPage = (rs: CaseRecord[], k: 'readMs' | 'rereadMs') => r3(rs.reduce((n, r) => n + r[k], 0) / rs.length / 1000);
const fieldRules = (arg('rules') ?? 'tesseract;engine (0.9)').split(';');
const engineFields: Record<string, unknown> = {};
for (const name of fieldRules) engineFields[name] = { tuning: await fieldScores(records, RULES[name], 'tuning'), heldout: await fieldScores(records, RULES[name], 'heldout') };
console.log(JSON.stringify({
  fields: engineFields,
  cost: { pages: records.length, number_words_per_page: r3(rereads.length / records.length), tesseract_read_s_per_page: perPage(records, 'readMs'), recognizer_s_per_page_all_number_words: perPage(records, 'rereadMs') },
  tuning: Object.fromEntries(Object.entries(RULES).map(([name, rule]) => [name, summary(score(tuning, rule))])),
  heldout: Object.fromEntries(Object.entries(RULES).map(([name, rule]) => [name, (({ total_found, date_found, cases }) => ({ cases, total_found, date_found }))(summary(score(heldout, rule)))])),
}, null, 1));
