/**
 * What reading scans in their own language costs and gains
 * (src/extract/read/page-language.ts): every page of a few generated business
 * documents per language, scanned, read three times in the same run: with
 * the English model alone, with the page language's model alone (told, not
 * detected), and as the engine reads (the top third in English tells the
 * language, src/extract/read/language-reading.ts).
 *
 *   npx tsx bench/ocr-languages.ts [--langs en,de,fr] [--kinds invoice,receipt] [--per-lang 1] [--quality fast]
 *
 * Each document is read once untimed first, so both modes find their models'
 * workers started; what starting one costs is measured apart (one line per
 * model). Prints one JSON line per document and one summary line per language and mode:
 * OCR ms per page, the language told, and how many of the document's printed
 * values (fields and line cells) appear verbatim in the reading; `accented`
 * counts only values with letters outside ASCII (umlauts, accents, ß, ñ) or €.
 */
import { generateBusinessDoc, splitSeeds, type BusinessDoc, type BusinessKind, type Lang } from './lib/business/index.js';
import { randomScanOptions, scanPages } from './lib/business/scan.js';
import { ocrPage } from '../src/extract/read/ocr-page.js';
import { defaultOcrThreads, TesseractPool } from '../src/extract/read/tesseract-pool.js';
import { OCR_MODELS } from '../src/extract/lang/index.js';
import { pageImage, type Quality } from '../src/extract/types.js';
import { DEFAULT_SETTINGS } from '../src/extract/settings.js';

function listArg(name: string, fallback: string[]): string[] {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1].split(',').map((x) => x.trim()).filter(Boolean) : fallback;
}

const langs = listArg('langs', ['en', 'de', 'fr', 'es']) as Lang[];
const kinds = listArg('kinds', ['invoice']) as BusinessKind[];
const perLang = Number(listArg('per-lang', ['1'])[0]);
const quality = listArg('quality', ['fast'])[0] as Quality;

const squash = (s: string) => s.replace(/\s+/g, '').toLowerCase();

/** The document's printed values: its fields and line cells. */
function printedValues(doc: BusinessDoc): string[] {
  const cells = doc.lines.flatMap((l) => Object.values(l));
  return [...Object.values(doc.fields), ...cells].map(String).filter((v) => v.trim().length >= 2);
}

const ACCENTED = /[^ -~]/;

interface Tally { pages: number; ms: number; found: number; values: number; accentedFound: number; accented: number }
const tallies = new Map<string, Tally>();

/** Starting a worker with `model` and reading a small blank raster. */
async function startupMs(model: string): Promise<number> {
  const fresh = new TesseractPool(1, DEFAULT_SETTINGS);
  const t0 = performance.now();
  await fresh.recognize({ width: 64, height: 32, data: new Uint8Array(64 * 32).fill(255) }, 200, model);
  const ms = performance.now() - t0;
  await fresh.close();
  return ms;
}
for (const lang of langs) process.stdout.write(`${JSON.stringify({ model: OCR_MODELS[lang], worker_start_ms: Math.round(await startupMs(OCR_MODELS[lang])) })}\n`);

const pool = new TesseractPool(defaultOcrThreads(DEFAULT_SETTINGS), DEFAULT_SETTINGS);
try {
  for (const lang of langs) {
    for (const kind of kinds) {
      for (const seed of splitSeeds('tuning', perLang)) {
        const doc = await generateBusinessDoc({ seed, kind, lang });
        const pages = await scanPages(Buffer.from(doc.pdf), randomScanOptions(seed), seed);
        const values = printedValues(doc);
        for (const page of pages) await ocrPage(pageImage(page), quality, pool, DEFAULT_SETTINGS);
        for (const [mode, fixed] of [['english_only', 'en'], ['native_only', lang], ['detected', undefined]] as const) {
          let text = '';
          let ms = 0;
          let told = '';
          for (const page of pages) {
            const t0 = performance.now();
            const read = await ocrPage(pageImage(page), quality, pool, DEFAULT_SETTINGS, fixed);
            ms += performance.now() - t0;
            text += read.words.map((w) => w.text).join('');
            told += read.language;
          }
          const flat = squash(text);
          const found = values.filter((v) => flat.includes(squash(v)));
          const accented = values.filter((v) => ACCENTED.test(v));
          const accentedFound = accented.filter((v) => flat.includes(squash(v)));
          const row = { doc: doc.id, mode, pages: pages.length, language: told, ocr_ms_per_page: Math.round(ms / pages.length), values_found: `${found.length}/${values.length}`, accented_found: `${accentedFound.length}/${accented.length}` };
          process.stdout.write(`${JSON.stringify(row)}\n`);
          const key = `${lang} ${mode}`;
          const t = tallies.get(key) ?? { pages: 0, ms: 0, found: 0, values: 0, accentedFound: 0, accented: 0 };
          t.pages += pages.length; t.ms += ms; t.found += found.length; t.values += values.length; t.accentedFound += accentedFound.length; t.accented += accented.length;
          tallies.set(key, t);
        }
      }
    }
  }
} finally {
  await pool.close();
}
for (const [key, t] of tallies) {
  const [lang, mode] = key.split(' ');
  process.stdout.write(`${JSON.stringify({ summary: true, lang, mode, quality, pages: t.pages, ocr_ms_per_page: Math.round(t.ms / t.pages), values_found: +(t.found / t.values).toFixed(3), accented_found: t.accented ? +(t.accentedFound / t.accented).toFixed(3) : null })}\n`);
}
