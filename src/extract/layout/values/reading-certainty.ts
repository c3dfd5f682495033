/**
 * How far a value's reading off a scan can be trusted (docs/engine.md,
 * "Confidence"): a text layer's words are as printed; an OCR word carries the
 * recognizer's confidence, and a value's least sure word decides (a misread
 * digit spoils the whole amount).
 */
import type { ExtractResult, Word } from '../../types.js';
import { isImageRegion } from '../../types.js';
import type { EngineSettings } from '../../settings.js';
import { middleInside } from '../lines/geometry.js';
import type { Line } from '../lines/lines.js';
import { classifyLabel, resolveConcept } from '../../concepts/index.js';
import { isMisreadIdentifier, isMisreadName, type IdentifierKind } from './identifier-shapes.js';

/** Whether the recognizer doubted one of the words (settings.values.certainty.ocrSure). */
export function isUnsureReading(words: Word[], settings: EngineSettings): boolean {
  return words.some((w) => w.confidence !== undefined && w.confidence < settings.values.certainty.ocrSure);
}

/** The share of a value's confidence its reading keeps: 1 at ocrSure and up, down to ocrFloor at ocrUnsure (settings.values.certainty). */
export function readCertainty(words: Word[], settings: EngineSettings): number {
  const { ocrSure, ocrUnsure, ocrFloor } = settings.values.certainty;
  let least = 1;
  for (const w of words) if (w.confidence !== undefined && w.confidence < least) least = w.confidence;
  return Math.min(1, Math.max(ocrFloor, (least - ocrUnsure) / (ocrSure - ocrUnsure)));
}

/** An amount with two decimals after a comma or a point ("74,78", "5.98"); a date's day and month are none ("07.09.18"). */
const CENTS: Record<',' | '.', RegExp> = { ',': /\d,\d{2}$/, '.': /\d\.\d{2}$/ };
const DATE_LIKE = /\d{1,2}[./]\d{1,2}[./]\d{2,4}$/;

/**
 * The OCR words whose decimal mark the page's other amounts contradict
 * (settings.values.certainty.mixedMarksShare): all of them where the page
 * mixes its marks, the fewer ones where one mark leads. A text layer's marks
 * are as printed.
 */
export function contradictedMarks(words: Word[], settings: EngineSettings): Word[] {
  const amounts = words.filter((w) => w.confidence !== undefined && !DATE_LIKE.test(w.text));
  const comma = amounts.filter((w) => CENTS[','].test(w.text));
  const point = amounts.filter((w) => CENTS['.'].test(w.text));
  const [more, fewer] = comma.length >= point.length ? [comma, point] : [point, comma];
  if (fewer.length === 0) return [];
  return fewer.length >= settings.values.certainty.mixedMarksShare * (more.length + fewer.length) || fewer.length === more.length ? [...more, ...fewer] : fewer;
}

/** An amount of a thousand or more with cents, its thousands grouped by a mark ("1'807.65", "9.753,36") or not ("6317.94"). */
const GROUPED = /^[-€$£]?\d{1,3}(?:[.,'’]\d{3})+[.,]\d{2}$/;
const UNGROUPED = /^[-€$£]?\d{4,}[.,]\d{2}$/;

/**
 * The OCR amounts printed without the thousands mark the page's other large
 * amounts print (settings.values.certainty.minGroupedAmounts of them at
 * least): a scan drops a thin apostrophe or point surely, and mostly ("6317.94"
 * for 6'317.94 beside two amounts that kept theirs), and the value is then not
 * as printed. A scan adds no mark, so the grouped ones stand.
 */
export function ungroupedAmounts(words: Word[], settings: EngineSettings): Word[] {
  const read = words.filter((w) => w.confidence !== undefined);
  const grouped = read.filter((w) => GROUPED.test(w.text)).length;
  return grouped >= settings.values.certainty.minGroupedAmounts ? read.filter((w) => UNGROUPED.test(w.text)) : [];
}

/** A space-grouped amount's head and tail as a scan reads them, two words of one cell ("16" "366,50"). */
const GROUP_HEAD = /^[-€$£(]?\d{1,3}$/;
const GROUP = /^\d{3}$/;
const GROUP_LAST = /^\d{3}[.,]\d{2}\)?$/;

/** Whether the words from `i` on are a space-grouped amount: a head of 1-3 digits, groups of three, the last with its cents. */
function spaceGrouped(words: Word[], i: number): boolean {
  if (!GROUP_HEAD.test(words[i].text)) return false;
  let j = i + 1;
  while (j < words.length && GROUP.test(words[j].text)) j++;
  return j < words.length && GROUP_LAST.test(words[j].text);
}
/** A value that is an amount of a thousand or more with cents and no thousands mark, currency marks around it ("9594,18 EUR"). */
const UNGROUPED_VALUE = /^(?<lead>[^\d]*?)(?<whole>\d{4,9})(?<cents>[.,]\d{2})(?<tail>[^\d]*)$/;

/**
 * The mark a scanned page groups its large amounts' thousands with ("1'807.65", "12 296,90", "9.753,36"), when at
 * least settings.values.certainty.minGroupedAmounts amounts print one and none prints another; null else.
 */
export function pageGroupMark(lines: Line[], settings: EngineSettings): string | null {
  const counts = new Map<string, number>();
  const add = (mark: string) => counts.set(mark, (counts.get(mark) ?? 0) + 1);
  for (const l of lines) {
    for (const seg of l.segments) {
      seg.words.forEach((w, i) => {
        if (w.confidence === undefined) return;
        if (GROUPED.test(w.text)) add(/\d([.,'’])\d{3}/.exec(w.text)![1].replace('’', "'"));
        else if (spaceGrouped(seg.words, i)) add(' ');
      });
    }
  }
  if (counts.size !== 1) return null;
  const [[mark, n]] = [...counts];
  return n >= settings.values.certainty.minGroupedAmounts ? mark : null;
}

/**
 * A scanned page's amounts as the page prints them: an amount of a thousand or more read without the thousands mark
 * every other grouped amount of the page prints ("9594,18" among "15 600,30" and "3 588,07") lost it to the scan, and
 * gets it back ("9 594,18"). Values a format requirement rewrote are left as they are; their confidence stays capped
 * (withUnsureReadingsCapped: the scan did not print what it read).
 */
export function withPageGrouping(result: ExtractResult, lines: Line[], formatted: Set<string>, settings: EngineSettings): ExtractResult {
  if (!result.ok) return result;
  const mark = pageGroupMark(lines, settings);
  if (!mark) return result;
  const group = (whole: string) => whole.replace(/\B(?=(?:\d{3})+$)/g, mark);
  const rows = result.rows.map((row) => {
    let out = row;
    for (const [k, v] of Object.entries(row)) {
      if (formatted.has(k) || isImageRegion(v) || typeof v.value !== 'string') continue;
      const m = UNGROUPED_VALUE.exec(v.value)?.groups;
      if (!m || m.cents[0] === mark || /\p{L}{4,}/u.test(m.lead + m.tail)) continue;
      out = { ...out, [k]: { ...v, value: `${m.lead}${group(m.whole)}${m.cents}${m.tail}` } };
    }
    return out;
  });
  return { ...result, rows };
}

/** The parties' names, judged for a scan's look-alike slips (identifier-shapes.ts, isMisreadName). */
const PARTY_NAMES = ['seller_name', 'buyer_name'];

/** How a requested name's values are judged for look-alike slips (identifier-shapes.ts): a VAT or tax id's, a party's name, else as an IBAN where one is shaped so. */
function identifierKind(name: string, settings: EngineSettings): IdentifierKind | 'name' {
  const ids = [resolveConcept(name)?.id, ...classifyLabel(name, settings).keys()];
  if (ids.some((id) => id === 'seller_tax_id' || id === 'buyer_tax_id')) return 'vat';
  return ids.some((id) => id !== undefined && PARTY_NAMES.includes(id)) ? 'name' : 'iban';
}

/** Whether a value a scan read is a look-alike slip away from what its kind prints. */
function isMisread(value: string, kind: IdentifierKind | 'name'): boolean {
  return kind === 'name' ? isMisreadName(value) : isMisreadIdentifier(value, kind);
}

/**
 * A result whose values read off unsure words (those inside a value's box),
 * off amounts whose decimal mark or thousands grouping the page contradicts,
 * or that are identifiers a scan read a look-alike slip away from their
 * country's shape (identifier-shapes.ts), claim at most
 * settings.values.certainty.unsureReadingCap: the last step, after labels
 * and arithmetic have moved confidence.
 */
export function withUnsureReadingsCapped(result: ExtractResult, words: Word[], settings: EngineSettings): ExtractResult {
  const cap = settings.values.certainty.unsureReadingCap;
  const unsure = [...words.filter((w) => isUnsureReading([w], settings)), ...contradictedMarks(words, settings), ...ungroupedAmounts(words, settings)];
  const read = words.filter((w) => w.confidence !== undefined);
  if (!result.ok || read.length === 0) return result;
  const kinds = new Map<string, IdentifierKind | 'name'>();
  const kindOf = (name: string) => kinds.get(name) ?? kinds.set(name, identifierKind(name, settings)).get(name)!;
  const rows = result.rows.map((row) => {
    const out = { ...row };
    for (const [k, v] of Object.entries(row)) {
      if (isImageRegion(v) || !v.box || v.confidence === undefined || v.confidence <= cap) continue;
      const box = v.box;
      const misread = typeof v.value === 'string' && isMisread(v.value, kindOf(k)) && read.some((w) => middleInside(w, box));
      if (misread || unsure.some((w) => middleInside(w, box))) out[k] = { ...v, confidence: cap };
    }
    return out;
  });
  return { ...result, rows };
}
