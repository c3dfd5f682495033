/**
 * The languages the engine reads, one line each. A language is a folder
 * beside this file (`<code>/index.ts`: its words; `<code>/labels.ts`: the
 * catalogue's labels; its OCR model); adding one is a folder and a line
 * below (src/extract/README.md, "Add a language"). Everything else in the
 * engine reads languages from here. The order is the catalogue's: where two
 * languages claim a label, the earlier one's concept keeps it.
 */
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { de } from './de/index.js';
import { en } from './en/index.js';
import { es } from './es/index.js';
import { fr } from './fr/index.js';
import { it } from './it/index.js';
import { nl } from './nl/index.js';
import { pl } from './pl/index.js';
import { pt } from './pt/index.js';
import type { Language } from './types.js';

export const LANGUAGES = {
  en,
  de,
  fr,
  es,
  nl,
  it,
  pt,
  pl,
} as const satisfies Record<string, Language>;

export type Lang = keyof typeof LANGUAGES;

export type { ConceptLabels, Language, PrintLabels, UnitWords } from './types.js';

/** Every language's code, in the registry's order. */
export const LANGS = Object.keys(LANGUAGES) as Lang[];

/** Every language, in the registry's order. */
export const LANGUAGE_LIST: readonly Language[] = LANGS.map((l) => LANGUAGES[l]);

/** Tesseract model code of each language ("deu"). */
export const OCR_MODELS = Object.fromEntries(LANGS.map((l) => [l, LANGUAGES[l].ocr.code])) as Record<Lang, string>;

const require = createRequire(import.meta.url);

/**
 * The folder holding a model's gzipped traineddata, by tesseract code.
 * tesseract.js reads a local langPath from disk instead of fetching. A
 * `folder` model lies in its language's folder (copied beside the built
 * files by scripts/build-assets.mjs); an `npm` one in its package's
 * integerized "best" folder.
 */
export function modelFolder(model: string): string {
  const lang = LANGUAGE_LIST.find((l) => l.ocr.code === model);
  if (!lang) throw new Error(`no language reads with the OCR model "${model}"`);
  if (lang.ocr.source === 'folder') return fileURLToPath(new URL(`./${lang.code}`, import.meta.url));
  return `${require.resolve(`@tesseract.js-data/${model}/package.json`).replace(/package\.json$/, '')}4.0.0_best_int`;
}

const FOLDS: Array<[string, string]> = LANGUAGE_LIST.flatMap((l) => Object.entries(l.folds ?? {}));

/** Lower-case text with every language's own letters folded (`ß` → `ss`); accents are the caller's to drop. */
export function foldLetters(lower: string): string {
  let out = lower;
  for (const [letter, plain] of FOLDS) if (out.includes(letter)) out = out.replaceAll(letter, plain);
  return out;
}

/** The language of an e-invoice by its seller's country; English where the country names none. */
export function languageOfCountry(countryCode: string | null): Lang {
  const code = countryCode?.toUpperCase();
  return (code && LANGS.find((l) => LANGUAGES[l].countries.includes(code))) || 'en';
}
