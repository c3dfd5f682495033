/**
 * A till's tax class: the letter or digit it prints after each item's amount
 * ("9,88 A", "1.38 1", "2.50 B") and before each rate of its tax lines
 * ("1 MwSt 19%", "A VAT 20%"). A scan reads the class joined to the amount
 * where the till sets it close: a letter stays told apart from the digits
 * ("5.99A"), a digit reads as one decimal more than the page prints ("1.381"
 * for 1.38 | 1) and spoils the amount. Such a digit is taken for the class
 * only where the page's own evidence says so (withTaxClassesApart).
 */
import type { PageContent } from '../../read/page-content.js';
import type { EngineSettings } from '../../settings.js';
import type { Word } from '../../types.js';
import { half, toHundredths } from '../../units.js';
import { groupWordsIntoLines, type Line } from '../lines/lines.js';
import { agrees, amountValue, isSummaryLabel } from '../values/arithmetic.js';
import { pageDecimalMark } from '../values/page-conventions.js';

/** An amount and the tax class letter a scan read joined to it ("3.62A"). */
const GLUED_TAX_CLASS = /^(-?\d[\d.,]*\d)[A-Z]$/;

/**
 * A tax class a till prints after an amount or its currency sign: one or two capitals ("9,88 A", "3.79 T", "1,73 € A",
 * Malaysian GST codes "5.90 SR"), or one or two digits set apart from an amount with cents ("14,43 1", the rate itself
 * on German DIY tills: "20,99 19"; joined, a digit would be one of the amount's).
 */
export const isTaxClass = (mark: string, before: string) => (/^[A-Z]{1,2}$/.test(mark) ? /\d|^[€$£]$/.test(before) : /^\d{1,2}$/.test(mark) && /\d[.,]\d{2}-?$|^[€$£]$/.test(before));

/** A word cut at `at` characters: the part before and the part after, their boxes shared as their characters. */
function cutWord(word: Word, at: number): [Word, Word] {
  const x = word.box.x1 + ((word.box.x2 - word.box.x1) * at) / word.text.length;
  return [
    { ...word, text: word.text.slice(0, at), box: { ...word.box, x2: x } },
    { ...word, text: word.text.slice(at), box: { ...word.box, x1: x } },
  ];
}

/** An amount's words without the tax class letter a receipt prints after it ("9,88 A", or read joined: "9,88A"). */
export function withoutTaxClass(words: Word[]): Word[] {
  const end = words.length - 1;
  if (end > 0 && isTaxClass(words[end].text, words[end - 1].text)) return words.slice(0, -1);
  const last = words[end];
  const amount = last && GLUED_TAX_CLASS.exec(last.text)?.[1];
  return amount ? [...words.slice(0, -1), cutWord(last, amount.length)[0]] : words;
}

/**
 * An amount read with one digit more than the page prints: the class joined to it ("1.381" for 1.38 | 1), the
 * decimal mark lost as well ("3621" for 3.62 | 1). `printed`: the amount as the page prints it, `value` its value.
 */
interface Joined {
  word: Word;
  printed: string;
  value: number;
  taxClass: string;
  markLost: boolean;
}

function joinedOf(word: Word, mark: string): Joined | null {
  const m = /^(?<lead>-?[€$£]?)(?<whole>\d{1,4})(?<sep>[.,]?)(?<cents>\d{2})(?<taxClass>\d)(?<tail>-?)$/.exec(word.text)?.groups;
  if (!m || (m.sep && m.sep !== mark)) return null;
  const printed = `${m.lead}${m.whole}${mark}${m.cents}${m.tail}`;
  const value = Number(`${m.whole}.${m.cents}`) * (m.lead.includes('-') || m.tail ? -1 : 1);
  return { word, printed, value, taxClass: m.taxClass, markLost: !m.sep };
}

const TWO_DECIMALS = /\d[.,]\d{2}-?$/;

/** How an item's line ends: its amount with the class apart or joined as a letter, one that may have it joined as a digit, a plain amount. */
type Ending = { kind: 'apart' | 'letter'; taxClass: string; value: number | null } | { kind: 'joined'; joined: Joined } | { kind: 'plain'; value: number | null } | null;

function endingOf(line: Line, mark: string): Ending {
  // A quantity line's price of one ("5 pcs x 4.34") is no amount of the column: the item's amount is on its own line.
  const end = line.words.length - 1;
  if (end < 1 || !/\p{L}{2}/u.test(line.text) || PRICE_OF_ONE.test(line.text)) return null;
  const [before, last] = [line.words[end - 1], line.words[end]];
  if (isTaxClass(last.text, before.text)) return { kind: 'apart', taxClass: last.text, value: amountValue(before.text) };
  if (GLUED_TAX_CLASS.test(last.text)) return { kind: 'letter', taxClass: last.text.slice(-1), value: amountValue(last.text.slice(0, -1)) };
  if (TWO_DECIMALS.test(last.text)) return { kind: 'plain', value: amountValue(last.text) };
  const joined = joinedOf(last, mark);
  return joined ? { kind: 'joined', joined } : null;
}

/** A tax line opening with its class ("1 MwSt 19%", "A VAT 20% 1,23", "SR GST 6%", a digit read joined: "1VAT 20%"): the class. */
function taxLineClass(line: Line, settings: EngineSettings): string | null {
  const m = /^(?:(?<mark>\d{1,2}|[A-Z]{1,2})\s+|(?<joined>\d)(?=\p{Lu}))(?<label>\S.*)$/u.exec(line.segments[0].text)?.groups;
  return m && /\d\s?%/.test(line.text) && isSummaryLabel(m.label, settings) ? m.mark ?? m.joined : null;
}

/** A till's sign before a price ending a line: a quantity line's price of one, its count misread or not ("pcs x 8.27"). */
const PRICE_OF_ONE = /(?:^|\s|\d)[x×*@]\s*[€$£]?\d+[.,]\d{2}$/i;

/** A count and a price of one on a line of its own ("2 x 0.69", "3 @ 1,29"): their product. */
function countTimesPrice(line: Line | undefined): number | null {
  const m = line && /^(?<q>\d{1,3})\s*(?:\p{L}{1,3}\.?\s*)?[x×*@]\s*[€$£]?(?<p>\d+[.,]\d{2})$/iu.exec(line.text.replace(/\s+/g, ' ').trim())?.groups;
  return m ? toHundredths(Number(m.q) * Number(m.p.replace(',', '.'))) : null;
}

/** The classes a page prints apart: after an item's amount (apart, or a letter read joined) and before a tax line's rate. */
function classesApart(lines: Line[], endings: Ending[], settings: EngineSettings): Set<string> {
  const out = new Set<string>();
  endings.forEach((e, i) => {
    if (e && (e.kind === 'apart' || e.kind === 'letter')) out.add(e.taxClass);
    const taxClass = taxLineClass(lines[i], settings);
    if (taxClass) out.add(taxClass);
    // An item's count and price of one giving its amount without the digit joined to it say the digit is a class.
    if (e?.kind === 'joined' && !e.joined.markLost && [lines[i - 1], lines[i + 1]].some((l) => countTimesPrice(l) === toHundredths(Math.abs(e.joined.value)))) out.add(e.joined.taxClass);
  });
  return out;
}

/**
 * The amounts of the page's amount column read with a class digit joined (see withTaxClassesApart): none unless most
 * of its lines (two at least) carry a class, a joined digit only where it is a class the page prints apart, or where
 * the column's amounts, each read without its class, add up to an amount printed under them.
 */
function joinedClasses(lines: Line[], read: Ending[], settings: EngineSettings): Joined[] {
  const classes = classesApart(lines, read, settings);
  const told = classes.size > 0;
  const endings = read.map((e) => (e?.kind === 'joined' && told && !classes.has(e.joined.taxClass) ? null : e));
  // The amount column from its first amount to the last that carries a class: the totals under it print none. Where
  // no class is printed apart, a number without a mark (a receipt's number over the items) starts none.
  const classed = endings.flatMap((e, i) => (e && e.kind !== 'plain' ? [i] : []));
  const start = endings.findIndex((e) => e !== null && !(e.kind === 'joined' && e.joined.markLost && !told));
  const end = classed[classed.length - 1];
  if (classed.length < settings.rows.minListItems || start < 0 || start > end) return [];
  const column = endings.slice(start, end + 1).filter((e) => e !== null);
  if (classed.length <= half(column.length)) return [];
  const joined = column.flatMap((e) => (e.kind === 'joined' ? [e.joined] : []));
  const sum = column.reduce((s, e) => s + ((e.kind === 'joined' ? e.joined.value : e.value) ?? 0), 0);
  const under = lines.slice(end + 1).flatMap((l) => l.words.filter((w) => TWO_DECIMALS.test(w.text)).map((w) => amountValue(w.text)));
  const addsUp = under.some((v) => v !== null && agrees(sum, v, settings));
  return joined.filter((j) => addsUp || (told && !j.markLost));
}

/**
 * The page's words with the tax class digit a scan joined to an amount cut off it where the page's evidence says it is
 * one (joinedClasses): "1.381" as "1.38" and "1", "3621" as "3.62" and "1". The page's amounts print two decimals
 * after the mark (a page of three, a price a litre, has no mark of its own here). Else the content as it was.
 */
export function withTaxClassesApart(content: PageContent, settings: EngineSettings): PageContent {
  if (!content.words.some((w) => /\d{3}-?$/.test(w.text))) return content;
  const lines = groupWordsIntoLines(content.words, content.aspect, settings);
  const mark = pageDecimalMark(lines, settings);
  if (!mark) return content;
  const read = lines.map((l) => endingOf(l, mark));
  const cut = new Map(joinedClasses(lines, read, settings).map((j) => [j.word, j]));
  // A tax line's class read joined to its label ("1VAT 20%") is set apart too, so that the label reads as one.
  const labels = new Set(lines.flatMap((l) => (taxLineClass(l, settings) && /^\d\p{Lu}/u.test(l.words[0].text) ? [l.words[0]] : [])));
  if (cut.size === 0 && labels.size === 0) return content;
  return {
    ...content,
    words: content.words.flatMap((w) => {
      if (labels.has(w)) return cutWord(w, 1);
      const j = cut.get(w);
      if (!j) return [w];
      const [amount, taxClass] = cutWord(w, w.text.length - 1);
      return [{ ...amount, text: j.printed }, taxClass];
    }),
  };
}
