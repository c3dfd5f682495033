/**
 * Conventions a page follows that its values do not show one by one: the
 * order of its numeric dates (format/date-order.ts), decided from its other
 * dates, else from its language and country: US English (English labels and
 * dollars or a US address) writes month-first, everyone else day-first; and
 * the decimal mark its amounts use.
 */
import { CONCEPTS, conceptTokens } from '../../concepts/index.js';
import { LANGS, type Lang } from '../../lang/index.js';
import { dateOrderOf, type DateOrder } from '../../format/index.js';
import type { Line } from '../lines/lines.js';
import type { EngineSettings } from '../../settings.js';

let labelLanguages: Map<string, Set<Lang>> | null = null;

/** Printed label key → the languages that print it ("Total" is English, Spanish and more). */
function languagesOf(key: string): Set<Lang> | undefined {
  if (!labelLanguages) {
    labelLanguages = new Map();
    for (const c of CONCEPTS) {
      for (const lang of LANGS) {
        for (const label of c.labels[lang]) {
          const k = conceptTokens(label).join(' ');
          const set = labelLanguages.get(k) ?? new Set<Lang>();
          set.add(lang);
          labelLanguages.set(k, set);
        }
      }
    }
  }
  return labelLanguages.get(key);
}

/** The language most of the page's labels are in (labels several languages share count for each), or null. */
export function pageLanguage(lines: Line[], settings: EngineSettings): Lang | null {
  const votes = new Map<Lang, number>();
  for (const l of lines) {
    for (const seg of l.segments) {
      const words = seg.text.replace(/[:：]\s*$/, '').split(/\s+/);
      for (let k = Math.min(settings.values.conventions.languageLabelWords, words.length); k >= 1; k--) {
        const langs = languagesOf(conceptTokens(words.slice(0, k).join(' ')).join(' '));
        if (!langs) continue;
        for (const lang of langs) votes.set(lang, (votes.get(lang) ?? 0) + 1 / langs.size);
        break;
      }
    }
  }
  let best: Lang | null = null;
  for (const [lang, n] of votes) if (!best || n > (votes.get(best) ?? 0)) best = lang;
  return best;
}

/** A US postal line: state code and ZIP ("Austin, TX 78701"). */
const US_ADDRESS = /,\s[A-Z]{2}\s\d{5}(?:-\d{4})?\b/;

/** The order of the page's numeric dates. */
export function pageDateOrder(lines: Line[], settings: EngineSettings): DateOrder {
  const texts = lines.map((l) => l.text);
  const american = !texts.some((t) => /[€£]|\b(?:EUR|GBP|CAD|AUD)\b/.test(t)) && texts.some((t) => /\$|\bUSD\b/.test(t) || US_ADDRESS.test(t));
  return dateOrderOf(texts, american && pageLanguage(lines, settings) === 'en' ? 'month_first' : 'day_first');
}

/** The decimal mark most amounts of a page use, when they clearly agree on one. */
export function pageDecimalMark(lines: Line[], settings: EngineSettings): ',' | '.' | null {
  const { minDecimalMarks, decimalMarkLead } = settings.values.conventions;
  let comma = 0;
  let dot = 0;
  for (const l of lines) {
    for (const w of l.words) {
      if (/\d,\d{1,2}$/.test(w.text)) comma++;
      else if (/\d\.\d{1,2}$/.test(w.text)) dot++;
    }
  }
  return comma >= minDecimalMarks && comma >= decimalMarkLead * dot ? ',' : dot >= minDecimalMarks && dot >= decimalMarkLead * comma ? '.' : null;
}
