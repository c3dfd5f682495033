/**
 * The dates a page prints, as days: a receipt prints its date once (or twice,
 * in its header and its footer), and when every date on the page is the same
 * day, the document's date can be nothing else, labelled or not
 * (docs/engine.md, "Confidence").
 */
import { parseDate } from '../../format/index.js';
import type { Word } from '../../types.js';
import type { EngineSettings } from '../../settings.js';
import type { Line } from '../lines/lines.js';
import { textOf } from '../lines/word-text.js';
import { fitValue } from './value-kinds.js';

/** A date's day as a key, or null when its text reads as a date but not as a day of the calendar. */
function dayOf(words: Word[]): string | null {
  const d = parseDate(textOf(words));
  return d ? `${d.year}-${d.month}-${d.day}` : null;
}

/** Whether every date the page prints is the day `words` name (a date that reads as no day counts as another). */
export function isPageOnlyDate(words: Word[], lines: Line[], settings: EngineSettings): boolean {
  const day = dayOf(words);
  if (day === null) return false;
  for (const l of lines) {
    let rest = l.words;
    for (let fit = fitValue('date', rest, settings); fit; fit = fitValue('date', rest, settings)) {
      if (dayOf(fit) !== day) return false;
      rest = rest.slice(rest.indexOf(fit[fit.length - 1]) + 1);
    }
  }
  return true;
}
