/**
 * Text a scan's OCR read with a slip or two: the page printed what a memory
 * learned, OCR read it a character off (`GARDENlA`, `Rechnungsnumrner`).
 * A text is near another when at most settings.memory.valueSlip of its
 * characters differ (levenshtein.ts).
 */
import { levenshtein } from '../levenshtein.js';
import type { EngineSettings } from '../settings.js';

/** The edits a text of this length may differ by: `share` of its characters (settings.memory.valueSlip unless told). */
export const slipsFor = (length: number, settings: EngineSettings, share = settings.memory.valueSlip): number => Math.floor(length * share);

export function isNear(a: string, b: string, settings: EngineSettings, share = settings.memory.valueSlip): boolean {
  if (a === b) return true;
  const slips = slipsFor(Math.max(a.length, b.length), settings, share);
  return slips > 0 && Math.abs(a.length - b.length) <= slips && levenshtein(a, b) <= slips;
}

/** Whether `text` holds `pattern`, or a run of it near `pattern` (an approximate substring: the edit table starts free at every character of `text`). */
export function holdsNear(text: string, pattern: string, settings: EngineSettings, share = settings.memory.valueSlip): boolean {
  if (text.includes(pattern)) return true;
  const slips = slipsFor(pattern.length, settings, share);
  if (slips === 0) return false;
  // col[i]: the fewest edits turning pattern[0..i) into a run of text ending here.
  let col = Array.from({ length: pattern.length + 1 }, (_, i) => i);
  for (const ch of text) {
    const next = [0];
    for (let i = 1; i <= pattern.length; i++) next.push(Math.min(col[i] + 1, next[i - 1] + 1, col[i - 1] + (pattern[i - 1] === ch ? 0 : 1)));
    if (next[pattern.length] <= slips) return true;
    col = next;
  }
  return false;
}

export const compact = (text: string): string => text.replace(/\s+/g, '').toUpperCase();

/** A word of letters (lower case, its marks around dropped) long enough to be a page's fixed word; null for others. */
export const letterWord = (text: string, settings: EngineSettings): string | null => {
  const t = text.toLowerCase().replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');
  return t.length >= settings.memory.minLetterWordLength && !/\d/.test(text) ? t : null;
};
