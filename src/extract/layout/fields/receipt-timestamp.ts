/**
 * A receipt's timestamp: the date printed with the time of day ("9/2/2017
 * 12:00"), which dates the receipt wherever it stands, even where its footer
 * was read as rows of a table. Scans run the two together
 * ("02/02/20177:31:08PM"), and some tills print the date without marks before
 * the time ("25032018 13:11:54").
 */
import { looksLikeDate, TIME_OF_DAY, TIME_OF_DAY_PATTERN } from '../../format/index.js';
import type { Word } from '../../types.js';
import type { Line } from '../lines/lines.js';
import type { EngineSettings } from '../../settings.js';
import { fitValue } from '../values/value-kinds.js';

/** A date and a time a scan read as one word: the date, then the time with its seconds and AM/PM. */
const GLUED_TIME = new RegExp(`^(\\d{1,2}[-/.]\\d{1,2}[-/.]\\d{4})${TIME_OF_DAY_PATTERN}(?:[AP]M)?$`, 'i');

/** A day, month and year printed without marks (ddmmyyyy), taken only before a time of day. */
const UNMARKED_DATE = /^(\d{2})(\d{2})((?:19|20)\d{2})$/;

/** The words of the first timestamp's date on the page (a run-together word cut to its date), or null. */
export function timestampDate(lines: Line[], settings: EngineSettings): Word[] | null {
  for (const l of lines) {
    const fit = fitValue('date', l.words, settings);
    const next = fit ? l.words[l.words.indexOf(fit[fit.length - 1]) + 1] : undefined;
    if (fit && next && TIME_OF_DAY.test(next.text)) return fit;
    for (const [k, w] of l.words.entries()) {
      const glued = GLUED_TIME.exec(w.text);
      if (glued && looksLikeDate(glued[1])) return [{ ...w, text: glued[1] }];
      const unmarked = UNMARKED_DATE.exec(w.text);
      if (unmarked && TIME_OF_DAY.test(l.words[k + 1]?.text ?? '') && looksLikeDate(unmarked.slice(1).join('.'))) return [w];
    }
  }
  return null;
}
