import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_LIST } from '../../src/extract/lang/index.js';

/**
 * A language's words live in its folder (src/extract/lang/<code>/) and reach
 * the engine through the registry. This guard reads every source file
 * outside src/extract/lang, comments left out (they cite examples), and
 * fails on a distinctive word of a registered language other than English:
 * a month name, a document title, a means of payment or of change, a
 * contact word, a long
 * word of its printed labels. A list of such words written into a stage
 * again would name them.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const SRC = path.join(ROOT, 'src');
const LANG_DIR = path.join(SRC, 'extract', 'lang');

/** Words other languages spell as English does, which the service's own code uses ("initial", "transport"). */
const ENGLISH_TOO = ['initial', 'transport', 'personal', 'material'];

/** Words long enough to belong to one language, of every language but English (whose words are also the code's). */
function distinctiveWords(): Map<string, string> {
  const english = new Set<string>(ENGLISH_TOO);
  const en = LANGUAGE_LIST.find((l) => l.code === 'en');
  for (const s of Object.values(en?.labels ?? {})) for (const w of s.toLowerCase().split(/[^\p{L}]+/u)) english.add(w);
  const words = new Map<string, string>();
  for (const lang of LANGUAGE_LIST) {
    if (lang.code === 'en') continue;
    const plain = [
      ...lang.months.flat(),
      ...lang.document.titles,
      ...lang.document.change,
      ...lang.document.payment,
      ...lang.document.contact,
      ...Object.values(lang.labels).flatMap((s) => s.split('|')),
    ];
    for (const text of plain) {
      for (const w of text.toLowerCase().split(/[^\p{L}]+/u)) if (w.length >= 7 && !english.has(w)) words.set(w, lang.code);
    }
  }
  return words;
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return full === LANG_DIR ? [] : sourceFiles(full);
    return /\.tsx?$/.test(e.name) ? [full] : [];
  });
}

/** The code without its comments (block and line comments; a `//` inside a string or a regex is kept when it follows a quote or a slash). */
const withoutComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/(^|[^:'"`/\\])\/\/.*$/gm, '$1');

describe('language words stay in their folders', () => {
  const words = distinctiveWords();

  it('knows enough words of each registered language to be worth something', () => {
    for (const lang of LANGUAGE_LIST) if (lang.code !== 'en') expect([...words.values()].filter((c) => c === lang.code).length, lang.code).toBeGreaterThan(20);
  });

  it('finds none of them in the code outside src/extract/lang', () => {
    const found: string[] = [];
    for (const file of sourceFiles(SRC)) {
      const code = withoutComments(fs.readFileSync(file, 'utf8')).toLowerCase();
      for (const w of code.split(/[^\p{L}]+/u)) if (words.has(w)) found.push(`${path.relative(ROOT, file)}: "${w}" (${words.get(w)})`);
    }
    expect([...new Set(found)]).toEqual([]);
  });

  it('would find one written into a stage', () => {
    const planted = withoutComments("const TITLES = /^(invoice|rechnung|lieferschein)$/i; // a German title list again\n").toLowerCase();
    expect(planted.split(/[^\p{L}]+/u).filter((w) => words.has(w))).toEqual(['rechnung', 'lieferschein']);
  });
});
