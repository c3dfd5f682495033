/**
 * Which language a page is printed in, told from a reading with the English
 * model (language-reading.ts reads its top part first). That model has no umlauts, accents, ß or ñ, but it reads
 * the words around them well enough ("Rechnung", "und", "Menge", "facture")
 * to tell the language, so only pages in another language are read again
 * with their own model (docs/engine.md, "OCR languages").
 */
import { CONCEPTS, conceptTokens } from '../concepts/index.js';
import { LANGS, LANGUAGES, type Lang } from '../lang/index.js';
import type { EngineSettings } from '../settings.js';

/**
 * Each language's cue words: its function words (short words every text of
 * it is full of; business labels alone are too few on a receipt) and the
 * words of its printed labels in the concept catalogue.
 */
const CUES: Record<Lang, Set<string>> = Object.fromEntries(
  LANGS.map((lang) => {
    const words = new Set(LANGUAGES[lang].functionWords.split(' '));
    for (const c of CONCEPTS) for (const label of c.labels[lang]) for (const t of conceptTokens(label)) if (/^[a-z]{2,}$/.test(t)) words.add(t);
    return [lang, words];
  }),
) as Record<Lang, Set<string>>;

/**
 * A word that is also English ("total", "date", "saldo" in a statement) is no
 * evidence for another language; English keeps the words it shares.
 */
for (const lang of LANGS) if (lang !== 'en') for (const w of CUES.en) CUES[lang].delete(w);

/** Letters the English model does put out now and then, and the language that prints them. */
const LETTER_CUES: Array<[RegExp, Lang]> = LANGS.flatMap((l) => {
  const letters = LANGUAGES[l].letters;
  return letters ? [[letters, l] as [RegExp, Lang]] : [];
});

/**
 * Distinct cue words per language of a reading's words. Distinct, because a
 * receipt repeats its tax-class letters and short words on every line; one-
 * letter words ("a", "e", "o", "y") are never cues for the same reason
 * (settings.read.language.minCueLetters).
 */
export function languageScores(words: ReadonlyArray<{ text: string }>, settings: EngineSettings): Record<Lang, number> {
  const seen = Object.fromEntries(LANGS.map((l) => [l, new Set<string>()])) as Record<Lang, Set<string>>;
  for (const w of words) {
    for (const [re, l] of LETTER_CUES) if (re.test(w.text)) seen[l].add(w.text.toLowerCase());
    for (const t of conceptTokens(w.text)) if (t.length >= settings.read.language.minCueLetters) for (const l of LANGS) if (CUES[l].has(t)) seen[l].add(t);
  }
  return Object.fromEntries(LANGS.map((l) => [l, seen[l].size])) as Record<Lang, number>;
}

/**
 * The page's language: the non-English one with the most cue words when it
 * has at least settings.read.language.minCues of them and at least as many as English (or
 * minCuesWithoutEnglish and English none: a blurred 150 dpi German payslip
 * read in English showed "Zahltag" and "Summe" and nothing else of either),
 * else English.
 */
export function detectPageLanguage(words: ReadonlyArray<{ text: string }>, settings: EngineSettings): Lang {
  const { minCues, minCuesWithoutEnglish } = settings.read.language;
  const scores = languageScores(words, settings);
  return strongest(scores, scores.en === 0 ? minCuesWithoutEnglish : minCues) ?? 'en';
}

/** The non-English language with the most cue words, at least `least` and as many as English's, if any. */
function strongest(scores: Record<Lang, number>, least: number): Lang | undefined {
  let best: Lang | undefined;
  for (const l of LANGS) if (l !== 'en' && scores[l] >= least && scores[l] >= scores.en && (!best || scores[l] > scores[best])) best = l;
  return best;
}

/**
 * The language of a page told from part of its reading, or undefined when
 * that part does not settle it. Stricter than detectPageLanguage for English:
 * part of a page without another language's cues is not yet an English page
 * (a German utility bill's top third showed three English cue words and two
 * German ones), so English needs twice any other language's cues
 * (settings.read.language.englishLead).
 */
export function tellLanguage(words: ReadonlyArray<{ text: string }>, settings: EngineSettings): Lang | undefined {
  const { minCues, englishLead } = settings.read.language;
  const scores = languageScores(words, settings);
  const other = strongest(scores, minCues);
  if (other) return other;
  const rival = Math.max(...LANGS.filter((l) => l !== 'en').map((l) => scores[l]));
  return scores.en >= minCues && scores.en >= englishLead * rival ? 'en' : undefined;
}
