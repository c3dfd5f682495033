/**
 * Item lists without a header row (receipts, simple lists): each item a line
 * with its text on the left and its amount at the right edge, a quantity line
 * such as `2 x 1,25` above or below it; the list ends at the total. Which
 * neighbour a quantity line belongs to is decided by arithmetic: quantity ×
 * unit price ≈ the item's amount.
 */
import { classifyLabel, conceptById } from '../../concepts/index.js';
import { parseNumber } from '../../format/index.js';
import type { EngineSettings } from '../../settings.js';
import type { Word } from '../../types.js';
import { half } from '../../units.js';
import type { Line } from '../lines/lines.js';
import { unionBoxes } from '../lines/geometry.js';
import type { TableRow } from '../tables/table-rows.js';
import { fitValue, holdsCentsFigure } from '../values/value-kinds.js';
import { isDataValue, isUnderItem } from '../tables/data-values.js';
import { isWellFormed, readingsOf } from '../values/misread-amounts.js';
import { isUnsureReading } from '../values/reading-certainty.js';
import { textOf } from '../lines/word-text.js';
import { isTaxClass, withoutTaxClass } from './tax-classes.js';

export interface ListItem {
  description: Word[];
  /** The article number a till prints before the article ("2318879 Banane"). */
  code?: Word[];
  lineTotal: Word[];
  quantity: Word[] | null;
  unitPrice: Word[] | null;
  /** The line total's text set right when a scan misread its marks and the quantity line confirms one reading (misread-amounts.ts). */
  repairedTotal?: string;
  /** The line total reads as an amount only with a mark set right, and nothing confirmed which. */
  misread?: boolean;
}

/**
 * `2 x 1,25`, `2 St x 1,25`, `2 * 1,25`, `3 @ 0.99`, and a weighed article's weight times its price a unit
 * (`0,456 kg x 2,99 EUR/kg`, `1,234 kg x 2,00 €/kg`), its price with a currency sign before it (`2 x €3.79`). A scan
 * reads a till's `@` as `©`, `®` or `Q` ("5 © 4,14", "1Q9,91"): the item's amount still has to confirm the line.
 */
/** The signs a till prints between a count and a price or an article. */
const TILL_SIGN = 'x×*@';
const SIGN = `[${TILL_SIGN}©®Q]`;
const QUANTITY_LINE = new RegExp(`^(?<count>\\d+(?:[.,]\\d+)?)\\s*(?:\\p{L}{1,3}\\.?\\s*)?${SIGN}\\s*[€$£]?(?<price>-?\\d[\\d.,]*)(?:\\s*(?:[€$£]|zł|\\p{Lu}{3}))?(?:\\s*\\/\\s*\\p{L}{1,3}\\.?)?$`, 'iu');
/** The sign alone, the sign clinging to a count ("3x", "1Q9,91"), and the sign before a price ("Q5,14"). */
const SIGN_WORD = new RegExp(`^${SIGN}$`, 'i');
const GLUED_SIGN = new RegExp(`^(?<count>\\d+)${SIGN}(?<rest>.*)$`, 'i');
const SIGN_BEFORE_PRICE = new RegExp(`^${SIGN}\\d`, 'i');
/** The unit a price clings to ("4.19/lb", "2,99€/kg"). */
const PER_UNIT = /(?<=\d)\s*(?:[€$£]|zł|\p{Lu}{3})?\/\p{L}{1,3}\.?$/u;

/** The document-level concepts the first words of a line label ("GESAMT", "Bon-Nr.", "Datum"). */
function documentLabels(line: Line, settings: EngineSettings): Array<NonNullable<ReturnType<typeof conceptById>>> {
  const first = line.segments[0]?.text.replace(/[:：]\s*$/, '') ?? '';
  const words = first.split(/\s+/);
  for (let k = Math.min(settings.fields.segmentLabelWords, words.length); k >= 1; k--) {
    const concepts = [...classifyLabel(words.slice(0, k).join(' '), settings).keys()].flatMap((id) => conceptById(id) ?? []).filter((c) => c.level === 'document');
    if (concepts.length) return concepts;
  }
  return [];
}

/** Money concepts close an item list ("GESAMT", "Summe", "Total", "Subtotal"). */
const closesList = (line: Line, settings: EngineSettings) => documentLabels(line, settings).some((c) => c.kind === 'money');

/** A line labelled as a payment only ("Deposit", "Paid"). */
const paidOnly = (line: Line, settings: EngineSettings) => documentLabels(line, settings).every((c) => c.id === 'amount_paid');

/**
 * Whether a line ends the list: a money label does, but a payment label ("Deposit 0.25") with a total still under it
 * is a till's bottle deposit, an item: a payment comes after the total.
 */
const endsList = (lines: Line[], i: number, settings: EngineSettings) =>
  closesList(lines[i], settings) && !(paidOnly(lines[i], settings) && lines.slice(i + 1).some((l) => closesList(l, settings) && !paidOnly(l, settings)));

/** A receipt number, date or time under its label ("Bon-Nr. 538573") is no item even where its number reads as an amount. */
const labelsDocumentValue = (line: Line, settings: EngineSettings) => documentLabels(line, settings).some((c) => c.kind === 'identifier' || c.kind === 'date');

const amount = (ws: Word[]) => {
  const t = ws.map((w) => w.text).join(' ').replace(/[^\d.,-]/g, '');
  return parseNumber(t) ?? parseNumber(t, true);
};

/** A quantity line's count and unit price (`2 x 1,25`, `3x 7.97`), or null when the words are none. */
function quantityLine(words: Word[]): { quantity: Word[]; unitPrice: Word[]; q: number; p: number } | null {
  const m = QUANTITY_LINE.exec(textOf(words).replace(/\s+/g, ' ').trim())?.groups;
  if (!m) return null;
  const q = parseNumber(m.count, m.count.includes(','));
  const p = parseNumber(m.price, /,\d{2}$/.test(m.price));
  const x = words.findIndex((w) => SIGN_WORD.test(w.text));
  // The sign may cling to the count ("3x 7.97"), to the price ("1 Q5,14") or to both ("1Q9,91"): the count and the
  // price are the words without it.
  const glued = GLUED_SIGN.exec(words[0].text)?.groups;
  const quantity = x > 0 || /^\d+(?:[.,]\d+)?$/.test(words[0].text) ? words.slice(0, 1) : glued ? [{ ...words[0], text: glued.count }] : null;
  const after = x > 0 ? words.slice(x + 1) : glued?.rest ? [{ ...words[0], text: glued.rest }, ...words.slice(1)] : words.slice(1);
  // A price a unit keeps its figure only: no "/lb" or "/kg" clinging to it ("$4.19/lb").
  const unitPrice = after
    .filter((w) => /\d/.test(w.text))
    .map((w) => (SIGN_BEFORE_PRICE.test(w.text) ? { ...w, text: w.text.slice(1) } : w))
    .map((w) => (PER_UNIT.test(w.text) ? { ...w, text: w.text.replace(PER_UNIT, '') } : w));
  return quantity && q && p ? { quantity, unitPrice, q: q.value, p: p.value } : null;
}

/**
 * A count with three decimals and its unit and no price of one, on the line of an item's record under its article
 * ("1,000 STK   20,99", German DIY stores) or alone under it: the count. A bare count before a word is an article's
 * ("2 Eier"), a pack size no count ("500 g").
 */
function countWithUnit(words: Word[]): { quantity: Word[]; unitPrice: null } | null {
  const [count, unit, ...rest] = words;
  const fits = !rest.length && count && unit && /^\d{1,4}[.,]\d{3}$/.test(count.text) && /^\p{L}{1,4}\.?$/u.test(unit.text) && !PACK_UNITS.test(unit.text);
  return fits ? { quantity: [count], unitPrice: null } : null;
}
const PACK_UNITS = /^(?:g|gr|ml|cl|l|ltr|x)\.?$/i;

/** Whether a count times the price of one is the amount a till prints, to the cent (a refund's amount is negative). */
const countsGive = (q: number, p: number, printed: number, settings: EngineSettings): boolean => Math.abs(q * p - Math.abs(printed)) < settings.rows.quantityAgreement;

/**
 * What a till prints between an item's description and its amount: the count
 * ("Brötchen   4   1,96"), or the count and the price of one, in cells or as
 * `2 x 3.79` ("Kaffee   2 x 3.79   7.58"), when count × price gives the amount.
 */
function countsBetween(words: Word[], total: Word[], settings: EngineSettings): { quantity: Word[]; unitPrice: Word[] | null } | null {
  if (words.length === 1 && /^\d{1,3}$/.test(words[0].text)) return { quantity: words, unitPrice: null };
  const t = amount(withoutTaxClass(total));
  const agrees = (q: number, p: number) => t !== null && countsGive(q, p, t.value, settings);
  const counted = quantityLine(words);
  if (counted) return agrees(counted.q, counted.p) ? counted : null;
  const [count, ...rest] = words;
  const price = rest.length === 1 && /^\d{1,3}$/.test(count.text) ? amount(rest) : null;
  return price && agrees(Number(count.text), price.value) ? { quantity: [count], unitPrice: rest } : null;
}

/**
 * The count and price of one a till prints after the article in the same cell ("Apples 2 @ 0.60   1.20"), when count
 * × price gives the item's amount: the description is the words before them.
 */
function countsAfterArticle(words: Word[], total: Word[], settings: EngineSettings): { description: Word[]; quantity: Word[]; unitPrice: Word[] } | null {
  for (let k = 1; k < words.length - 1; k++) {
    if (!/^\d/.test(words[k].text)) continue;
    const counted = countsBetween(words.slice(k), total, settings);
    if (counted?.unitPrice && /\p{L}{2}/u.test(textOf(words.slice(0, k)))) return { description: words.slice(0, k), quantity: counted.quantity, unitPrice: counted.unitPrice };
  }
  return null;
}

/**
 * A description's second line: words alone under the item's description, at its left edge, before anything else
 * ("Eier 10 St." over "Bio"). A line with a figure in it is a quantity line or another item, not a continuation.
 */
function continuesDescription(line: Line, description: Word[], settings: EngineSettings, itemLeft = description[0]?.box.x1): boolean {
  if (line.segments.length !== 1 || /\d/.test(line.text) || !/\p{L}{2}/u.test(line.text)) return false;
  // Under the article, or under the item line's first word (a count before the article: "2 x Butter" over "Bio").
  const under = (left: number | undefined) => left !== undefined && Math.abs(line.box.x1 - left) < line.height;
  return (under(description[0]?.box.x1) || under(itemLeft)) && !closesList(line, settings) && !labelsDocumentValue(line, settings);
}

/** A count with the sign a till prints between it and the article ("2 x", "2x", "3 *", "1 @"); no scan misreads here, an article may open with "Q". */
const COUNT_SIGN = new RegExp(`^(?<count>\\d{1,3})\\s*[${TILL_SIGN}]$`, 'i');
const COUNT_SIGN_ALONE = new RegExp(`^[${TILL_SIGN}]$`, 'i');

/**
 * A count a till prints before the article with its sign ("2 x Apples", "2x Pears", "3 * Yogurt"): the count is the
 * quantity, the words after the sign the article's. Null when the words do not open so.
 */
export function countBeforeArticle(words: Word[]): { quantity: Word[]; description: Word[] } | null {
  const [first, second, ...rest] = words;
  const glued = first && COUNT_SIGN.exec(first.text)?.groups?.count;
  const apart = first && second && /^\d{1,3}$/.test(first.text) && COUNT_SIGN_ALONE.test(second.text);
  const [count, description] = glued ? [glued, [second, ...rest]] : apart ? [first.text, rest] : [null, []];
  return count && description[0] && /^\p{L}/u.test(description[0].text) ? { quantity: [{ ...first, text: count }], description } : null;
}

/** The item lines of a headerless list, or [] when the page has none. */
export function readListItems(lines: Line[], skip: Set<Line>, settings: EngineSettings): ListItem[] {
  const r = settings.rows;
  /**
   * `end`: the index of the item's last line; `runsOn`: its description is on that line and may run onto the next (a
   * record over two lines ends at its counts, and the line under them is the next article).
   */
  const items: Array<ListItem & { index: number; end: number; runsOn: boolean; left?: number }> = [];
  const quantities: Array<{ index: number; quantity: Word[]; unitPrice: Word[]; q: number; p: number }> = [];
  let closing: Line | null = null;
  // A total read before any item: a line after it and before the next total is one of the totals, not a list of one.
  let totalsAbove = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    // Discounts, savings told, voids and modifiers under an item are none of their own, nor its description's next line.
    if (skip.has(line) || (items.length > 0 && isUnderItem(line.segments.map((seg) => seg.text)))) continue;
    if (items.length > 0 && endsList(lines, i, settings)) {
      closing = line;
      break;
    }
    const counted = quantityLine(line.words);
    if (counted) {
      quantities.push({ index: i, ...counted });
      continue;
    }
    const last = items[items.length - 1];
    // A count line alone under an item whose amount stands on the article's line ("Hammer   20,99" over "1,000 STK").
    const unitCount = countWithUnit(line.words);
    if (unitCount && last?.end === i - 1 && !last.quantity) {
      [last.quantity, last.end, last.runsOn] = [unitCount.quantity, i, false];
      continue;
    }
    if (last?.end === i - 1 && last.runsOn && continuesDescription(line, last.description, settings, last.left)) {
      last.description = [...last.description, ...line.words];
      last.end = i;
      continue;
    }
    if (line.segments.length <= 1) continue;
    // The tax class letter may stand apart from its amount ("16,98   A"), a cell of its own.
    const end = line.segments.length - 1;
    const at = end > 1 && isTaxClass(line.segments[end].text, line.segments[end - 1].text) ? end - 1 : end;
    const amountWords = withoutTaxClass(line.segments[at].words);
    // An amount a scan misread ("7..58", "5:99") is still one: the quantity line may set it right.
    const misread = !fitValue('money', amountWords, settings) && readingsOf(textOf(amountWords), false, settings).some((r) => /[.,]\d{2}/.test(r.text));
    const total = misread ? amountWords : fitValue('money', amountWords, settings);
    // With items already read, a closing line broke the loop above: only a list's first line is still asked.
    if (items.length === 0 && endsList(lines, i, settings)) totalsAbove = true;
    if (!total || (items.length === 0 && endsList(lines, i, settings)) || labelsDocumentValue(line, settings)) continue;
    // A record over two lines: the article alone, then its count, price and amount ("1 x 12.84   12.84").
    const before = line.segments.slice(0, at).flatMap((seg) => seg.words);
    const counts = quantityLine(before) ?? countWithUnit(before);
    const upper = i - 1;
    // Words alone under a one-line item and over a record's counts are the record's article, not the item's second
    // line ("Milk 1l   0.99", "Bread", "3 x 1.20   3.60"): the item gives them back.
    const item = items[items.length - 1];
    const own = item?.description.filter((w) => !lines[upper].words.includes(w)) ?? [];
    if (counts && item?.end === upper && item.index === upper - 1 && own.length > 0) [item.description, item.end] = [own, item.index];
    const article = (k: number) => {
      const above = lines[k];
      return above && !skip.has(above) && above.segments.length === 1 && /\p{L}{2}/u.test(above.text) && !items.some((it) => it.end >= k) && !closesList(above, settings) && !labelsDocumentValue(above, settings);
    };
    if (counts && article(upper)) {
      // The article's description may run on a second line over the counts, at the same left edge.
      const top = upper - 1;
      const first = article(top) && continuesDescription(lines[upper], lines[top].words, settings) ? top : upper;
      const description = lines.slice(first, i).flatMap((l) => l.words);
      items.push({ index: i, end: i, runsOn: false, description, lineTotal: total, quantity: counts.quantity, unitPrice: counts.unitPrice, misread: misread || undefined });
      continue;
    }
    // A till that prints the count first ("2 | Kaffee | 6,00"): the count is the quantity, the text after it the article.
    const start = at > 1 && /^\d{1,3}$/.test(line.segments[0].text) && /\p{L}{2}/u.test(line.segments[1].text) ? 1 : 0;
    const left = line.segments[start];
    if (!/\p{L}{2}/u.test(left.text) || left.box.x1 > r.descriptionLeftOf) continue;
    // A scan may part the description where its words sit wide ("Käse   Gouda"): cells up to the first figure are its.
    const textEnd = line.segments.findIndex((seg, k) => k > start && (k >= at || isDataValue(seg.text) || quantityLine(seg.words) !== null));
    // Else the count may follow the description ("Brötchen   4   1,96", "Kaffee   2 x 3.79   7.58").
    const words = line.segments.slice(start, textEnd).flatMap((seg) => seg.words);
    const middle = line.segments.slice(textEnd, at).flatMap((seg) => seg.words);
    // Or with its sign before the article ("2 x Apples   0.60   1.20"): an amount between is the price of one.
    const signed = start ? null : countBeforeArticle(words);
    if (signed) {
      const price = middle.length ? amount(middle) : null;
      const t = amount(total);
      const unitPrice = price && t && countsGive(Number(signed.quantity[0].text), price.value, t.value, settings) ? middle : null;
      items.push({ index: i, end: i, runsOn: true, left: line.box.x1, description: signed.description, lineTotal: total, quantity: signed.quantity, unitPrice, misread: misread || undefined });
      continue;
    }
    // Or inside the article's cell ("Apples 2 @ 0.60   1.20").
    const between = start ? null : countsBetween(middle, total, settings);
    const after = start || between || middle.length ? null : countsAfterArticle(words, total, settings);
    const printed = between ?? after;
    const quantity = start ? line.segments[0].words : printed?.quantity ?? null;
    items.push({ index: i, end: i, runsOn: true, description: after?.description ?? words, lineTotal: total, quantity, unitPrice: printed?.unitPrice ?? null, misread: misread || undefined });
  }
  // A quantity line belongs to the neighbour whose amount it explains; the one under it first when both do.
  // An amount with a stray mark, or read unsurely, is the reading that fits (misread-amounts.ts).
  for (const q of quantities) {
    const reading = (it: (typeof items)[number] | undefined) => {
      if (!it || it.quantity) return undefined;
      const text = textOf(it.lineTotal);
      const mark = /,\d{2}$/.test(textOf(q.unitPrice)) ? ',' : '.';
      const readings = it.misread || !isWellFormed(text) || isUnsureReading(it.lineTotal, settings) ? readingsOf(text, isUnsureReading(it.lineTotal, settings), settings, mark) : [{ text, value: amount(it.lineTotal)?.value ?? NaN, cost: 0 }];
      return readings.find((x) => countsGive(q.q, q.p, x.value, settings));
    };
    const below = items.find((it) => it.index === q.index + 1);
    const above = items.find((it) => it.end === q.index - 1);
    const fitBelow = reading(below);
    const [target, fit] = fitBelow ? [below, fitBelow] : [above, reading(above)];
    if (target && fit) {
      target.quantity = q.quantity;
      target.unitPrice = q.unitPrice;
      if (fit.cost > 0) [target.repairedTotal, target.misread] = [fit.text, undefined];
    }
  }
  // The amounts of a list share their form: where most carry cents, a whole number above them is the shop's street
  // or house number (one among them may be an amount whose comma the scan lost), a time no item ("11:27").
  const cents = (it: ListItem) => /[.,]\d{2}$/.test(it.repairedTotal ?? textOf(it.lineTotal));
  const kept = withCountsFirst(items.filter(cents).length > half(items.length) ? items.slice(Math.max(0, items.findIndex(cents))) : items, settings);
  return kept.length >= r.minListItems || (kept.length === 1 && !totalsAbove && totals(kept[0], closing, lines, settings)) ? kept.map(withCode) : [];
}

/** A bare count, then the article's words ("2 Burger", "1 Cola Zero"); a unit after the count is a pack size ("500 g Nudeln"). */
export const opensWithCount = (words: Word[]) => words.length > 1 && /^\d{1,3}$/.test(words[0].text) && /^\p{L}{2}/u.test(words[1].text) && !UNIT_AFTER_COUNT.test(words[1].text);
const countFirst = (item: ListItem) => !item.quantity && opensWithCount(item.description);
const UNIT_AFTER_COUNT = /^(?:g|kg|ml|cl|l|st|stk|pcs|pc|x)\.?$/i;

/**
 * A bare count opening a table's article cell: one or two digits, as counts are, before the article or before its
 * number and the article ("1 96534 Pomidory"); a number of three digits or more opening its cell is a code ("100 Basic
 * salary", a payslip's wage type).
 */
function opensCell(words: Word[]): boolean {
  const [count, number, article] = words.map((w) => w.text);
  return /^[1-9]\d?$/.test(count ?? '') && (opensWithCount(words) || (ARTICLE_NUMBER.test(number ?? '') && /^\p{L}{2}/u.test(article ?? '')));
}
const ARTICLE_NUMBER = /^\d{4,}$/;

/**
 * The count a till prints before the article in the article's cell, with its sign ("2 x Butter") or, where most of
 * the column's cells open so (`bare`), without ("2 Burger"): the count, the article's number where one follows the
 * count ("1 96534 Pomidory", the article printed under its number and figures) and the article's words apart.
 */
export function countOpening(words: Word[], bare: boolean): { quantity: Word[]; code: Word[]; description: Word[] } | null {
  const counted = countBeforeArticle(words) ?? (bare && opensCell(words) ? { quantity: words.slice(0, 1), description: words.slice(1) } : null);
  if (!counted) return null;
  const [first, ...rest] = counted.description;
  return ARTICLE_NUMBER.test(first.text) && rest.length ? { quantity: counted.quantity, code: [first], description: rest } : { ...counted, code: [] };
}

/**
 * Whether enough of a table column's cells open with a bare count (settings.rows.tableCountFirstShare) to read each as
 * one. Counts repeat (most items are bought once); numbers that never do are the rows' own (a payslip's wage types
 * "10 Grundgehalt", "11 Überstunden").
 */
export const countsOpenColumn = (cells: Word[][], settings: EngineSettings) => {
  const filled = cells.filter((ws) => ws.length > 0);
  const counts = filled.filter(opensCell).map((ws) => ws[0].text);
  return counts.length >= settings.rows.minListItems && counts.length > filled.length * settings.rows.tableCountFirstShare && new Set(counts).size < counts.length;
};

/**
 * A till that prints the count and the article in one cell ("2 Burger   19.00"): where most of the list's items open
 * with a bare count, that count is each one's quantity and the words after it the article.
 */
function withCountsFirst<T extends ListItem>(items: T[], settings: EngineSettings): T[] {
  const counted = items.filter(countFirst);
  if (counted.length < settings.rows.minListItems || counted.length < items.length * settings.rows.countFirstShare) return items;
  return items.map((it) => (countFirst(it) ? { ...it, quantity: it.description.slice(0, 1), description: it.description.slice(1) } : it));
}

/** An item whose description opens with an article number (five digits or more, then the article's words) holds it apart. */
function withCode<T extends ListItem>(item: T): T {
  const [first, ...rest] = item.description;
  return rest.length && /^\d{5,}$/.test(first.text) && /\p{L}{2}/u.test(rest[0].text) ? { ...item, code: [first], description: rest } : item;
}

/**
 * A lone item is a list when the total closes it on the next line, at least
 * its amount ("4 Apfelsaft 36,60" over "Summe 36,60"): one amount with no
 * total under it is a document value, not an item.
 */
function totals(item: ListItem & { end: number }, closing: Line | null, lines: Line[], settings: EngineSettings): boolean {
  if (!closing || lines.indexOf(closing) !== item.end + 1) return false;
  const sum = amount(withoutTaxClass(closing.segments[closing.segments.length - 1].words));
  const own = amount(item.lineTotal);
  return sum !== null && own !== null && sum.value >= own.value - settings.rows.quantityAgreement;
}

/**
 * A till roll's table rows with each record's next lines joined to it: a row whose cells hold words and no amount,
 * under a row with figures and starting where its text does, is the rest of that row's text (a description wrapped onto the next line, "Jaja
 * M 10szt" over "XXL"; the article printed under its number and figures, "1 96534   4,70   4,70" over "Jaja M 10szt").
 * A till prints no group heads between its items.
 */
export function withRecordLinesJoined(rows: TableRow[], settings: EngineSettings): TableRow[] {
  const out: TableRow[] = [];
  for (const row of rows) {
    const filled = row.cells.flatMap((c, k) => (c.text.trim() ? [k] : []));
    const text = row.cells.map((c) => c.text).join(' ');
    const above = out[out.length - 1];
    // The words may run on past their column ("Jaja M 10szt XXL" over the prices): all are the first filled cell's.
    const rest = filled.length > 0 && /\p{L}{2}/u.test(text) && !holdsCentsFigure(text) && row.cells.every((c) => !/^\d+$/.test(c.text.trim()));
    const k = filled[0];
    // It starts where the record's text does or a little in (an article under its number): a scan's stray marks start anywhere.
    const first = above?.cells[k]?.words[0];
    const start = row.cells[k]?.words[0]?.box.x1;
    const char = first ? (first.box.x2 - first.box.x1) / first.text.length : 0;
    const aligned = start !== undefined && first !== undefined && start >= first.box.x1 - char && start <= first.box.x1 + char * settings.rows.recordIndentChars;
    if (!above || !rest || !aligned || !above.cells.some((c, j) => j !== k && /\d/.test(c.text))) {
      out.push(row);
      continue;
    }
    const words = [...above.cells[k].words, ...row.cells.flatMap((c) => c.words)];
    const cells = above.cells.map((c, j) => (j === k ? { text: [c.text, ...filled.map((f) => row.cells[f].text)].filter((t) => t.trim()).join(' '), words, box: unionBoxes(words.map((w) => w.box)) } : c));
    out[out.length - 1] = { cells, lines: [...above.lines, ...row.lines] };
  }
  return out;
}
