/**
 * Document-level values of concept fields (invoice number, dates, parties,
 * totals): a label naming the concept, in any of the catalogue's languages,
 * and a value of the concept's kind beside it, after it, under it or in the
 * block it heads. Parties without a label come from where documents put
 * them (docs/engine.md, "Document fields").
 */
import { classifyLabel, conceptById, labelScore, namesLineConcept, type Concept } from '../../concepts/index.js';
import { detectCurrency, parseNumber, TIME_OF_DAY } from '../../format/index.js';
import type { Word } from '../../types.js';
import { overlap1d } from '../lines/geometry.js';
import type { Line, Segment } from '../lines/lines.js';
import type { EngineSettings } from '../../settings.js';
import { fitValue, isLabelDecoration, SEMICOLON_MARK, SPLIT_CENTS } from '../values/value-kinds.js';
import { addressUnder, endsAddress, isContactLine, isPostalLine, SENDER_SEPARATOR } from './address-blocks.js';
import { addressee, isPurchaseOrder, issuer, withCompanyFormSpelt, type Party } from './parties.js';
import { paymentLine } from './receipt-payment.js';
import { timestampDate } from './receipt-timestamp.js';
import { taxAfterBase } from './tax-lines.js';
import { withSplitLabelsJoined } from './label-segments.js';
import { agrees, amountValue } from '../values/arithmetic.js';
import { blockTextOf, stripColon, textOf } from '../lines/word-text.js';
import { pageDecimalMark } from '../values/page-conventions.js';
import { TAX_BASE_JOINS, TAX_RATE_JOINS } from '../../lexicon.js';

export interface FoundValue {
  value: string;
  words: Word[];
  /** 0..1: how well the label named the concept, how the value sits, whether another candidate came close. */
  confidence: number;
  /** Set right by arithmetic from a misread (misread-amounts.ts): as sure as the repair, whatever its words' reading. */
  repaired?: boolean;
}

interface Candidate {
  words: Word[];
  score: number;
}

/** Lines under `line` whose segments overlap [x1, x2], nearest first, until a gap too tall for one block. */
function below(lines: Line[], li: number, x1: number, x2: number, maxLines: number, settings: EngineSettings): Array<{ seg: Segment; distance: number }> {
  const S = settings.fields;
  const out: Array<{ seg: Segment; distance: number }> = [];
  let prev = lines[li];
  for (let i = li + 1; i < lines.length && out.length < maxLines; i++) {
    const l = lines[i];
    if (l.box.y1 - prev.box.y2 > prev.height * S.blockGapLines) break;
    // The segment most under the label (a row of values under a row of labels), or one starting where it starts.
    let seg: Segment | undefined;
    let most = 0;
    for (const s of l.segments) {
      const o = overlap1d(s.box.x1, s.box.x2, x1, x2) + (Math.abs(s.box.x1 - x1) < settings.tables.alignTolerance ? 1 : 0);
      if (o > most) {
        seg = s;
        most = o;
      }
    }
    if (seg) {
      out.push({ seg, distance: i - li });
      prev = l;
    }
  }
  return out;
}

/**
 * A party block under a label: its first line is the name unless it reads as
 * a street (a number in it) or the postal line; the address is what follows
 * the name down to the postal line. A one-line sender ("Name · Street · Place")
 * is not the block.
 */
function blockValue(concept: Concept, lines: Line[], block: Array<{ seg: Segment; distance: number }>, settings: EngineSettings): Word[] | null {
  const rows = block.map((b) => b.seg).filter((r) => !classifyLabel(stripColon(r.text), settings).size && !SENDER_SEPARATOR.test(r.text) && !isContactLine(r.text));
  const head = rows[0];
  if (!head) return null;
  const named = !/\d/.test(head.text) && !isPostalLine(head.text);
  if (concept.kind === 'name') return named ? fitValue('name', head.words, settings) : null;
  const address = named ? addressUnder(lines, head, false, settings) : endsAddress(head, settings) ? null : isPostalLine(head.text) ? [head] : [head, ...(addressUnder(lines, head, false, settings) ?? [])];
  return address ? address.flatMap((r) => r.words) : null;
}

/** The name concept whose label heads an address concept's block ("Bill To" over the buyer's name and address). */
const partnerOf = (concept: Concept): Concept | undefined => (concept.kind === 'address' ? conceptById(concept.id.replace(/_address$/, '_name')) : undefined);

/**
 * A column of amounts under a totals label with a row per tax rate and their
 * sum at the foot ("321,40 / 127,59 / 448,99"): the sum, the document's
 * amount. Null unless the last amount is the sum of those above it.
 */
function sumUnder(under: Array<{ seg: Segment }>, settings: EngineSettings): Word[] | null {
  const { sumCellMaxWords, sumMinAmounts } = settings.fields;
  const amounts: Array<{ words: Word[]; value: number }> = [];
  for (const u of under) {
    const value = u.seg.words.length <= sumCellMaxWords ? amountValue(u.seg.text) : null;
    if (value === null) break;
    amounts.push({ words: u.seg.words, value });
  }
  if (amounts.length < sumMinAmounts) return null;
  const foot = amounts[amounts.length - 1];
  return agrees(amounts.slice(0, -1).reduce((sum, a) => sum + a.value, 0), foot.value, settings) ? foot.words : null;
}

/** A cell whose words name line-item concepts and no document one ("QTY ITEM", "Description"): an item table's heads. */
function namesItemsOnly(text: string, settings: EngineSettings): boolean {
  const levels = stripColon(text).split(/\s+/).flatMap((w) => [...classifyLabel(w, settings).keys()].map((id) => conceptById(id)?.level));
  return levels.length > 0 && levels.every((l) => l === 'line');
}

/**
 * A row of values set closer than the row of labels over it, read as one cell ("21% 876,73 184,11 1.060,84" under
 * "Btw-tarief | Netto | Btw | Totaal"): the value under a label of the row is the words under that label. Only where
 * the label line holds several cells and every word under is a figure or a currency or percent mark.
 */
function beneathInRow(kind: Concept['kind'], seg: Segment, label: { x1: number; x2: number }, cells: number, settings: EngineSettings, last: boolean): Word[] | null {
  if (cells < settings.fields.labelRowMinCells || !seg.words.every((w) => /\d|^[%€$£]$|^[A-Z]{3}$/.test(w.text))) return null;
  const words = seg.words.filter((w) => overlap1d(w.box.x1, w.box.x2, label.x1, label.x2) > 0);
  if (!words.length || words.length === seg.words.length) return null;
  const fit = fitValue(kind, words, settings, last);
  return fit && fit[0] === words[0] ? fit : null;
}

/** A cell naming what every item table has: the item's description or its count ("Details", "Qty"). */
function namesWhatItems(text: string, settings: EngineSettings): boolean {
  return stripColon(text).split(/\s+/).some((w) => {
    const ids = classifyLabel(w, settings);
    return ids.has('description') || ids.has('quantity');
  });
}

/** The last of `right` (cells right of an amount head) names the tax: the heads of a tax summary, amount then tax. */
function taxHeadRight(right: Segment[], settings: EngineSettings): boolean {
  const tax = conceptById('tax_amount');
  const last = right[right.length - 1];
  return !!tax && !!last && !/\d/.test(last.text) && labelScore(tax, stripColon(last.text), settings) >= settings.fields.minLabelScore;
}

/** An amount printed with its cents ("13,78"), unlike a speck read as a digit. */
const inCents = (ws: Word[] | null | undefined): boolean => !!ws && /\d[.,]\d{2}\b/.test(textOf(ws));

/** A bank account's identifiers: an IBAN, its label, or the bank code beside it. */
const BANK_DETAILS = /\b(?:IBAN|BIC|SWIFT)\b|\b[A-Z]{2}\d{2}(?:\s?[A-Z0-9]{4}){3,}/;
/**
 * A line of the payment details in the lower half of the page (an account
 * holder beside the IBAN under the totals): the payee's, not the buyer's. A
 * statement prints its account holder with the IBAN at the top.
 */
function inPaymentDetails(lines: Line[], li: number, settings: EngineSettings): boolean {
  const { paymentDetailsBelow, paymentBlockLines } = settings.fields;
  if (lines[li].box.y1 < paymentDetailsBelow) return false;
  return lines.slice(Math.max(0, li - paymentBlockLines), li + paymentBlockLines + 1).some((l) => BANK_DETAILS.test(l.text));
}

/**
 * The value right of a label on the line above or below, level with the
 * label: a scan's slant or a stray mark can put a value in the neighbouring
 * line. The nearest such cell to the label's right, when it fits the kind.
 */
function besideOnNextLine(concept: Concept, lines: Line[], li: number, label: Word[], last: boolean, settings: EngineSettings): Word[] | null {
  const box = { x2: label[label.length - 1].box.x2, y1: Math.min(...label.map((w) => w.box.y1)), y2: Math.max(...label.map((w) => w.box.y2)) };
  const level = (s: Segment) => overlap1d(s.box.y1, s.box.y2, box.y1, box.y2) >= settings.fields.levelOverlap * (box.y2 - box.y1);
  const cells = [lines[li - 1], lines[li + 1]].flatMap((l) => l?.segments.filter((s) => s.box.x1 > box.x2 && level(s)) ?? []);
  const nearest = cells.sort((a, b) => a.box.x1 - b.box.x1)[0];
  return nearest ? fitValue(concept.kind, nearest.words, settings, last) : null;
}

/** A label naming another of the document's amounts, not of `concept`'s family, at least as well as `named`. */
function namesAnotherAmount(concept: Concept, label: string, named: number, settings: EngineSettings): boolean {
  return [...classifyLabel(label, settings)].some(([id, score]) => {
    const other = conceptById(id);
    return id !== concept.id && other?.level === 'document' && other.kind === 'money' && other.broader !== concept.id && concept.broader !== id && score >= named;
  });
}

/**
 * The labelled candidates for `concept`, best first. `skip` holds lines of the
 * chosen line-item tables, whose cells are not document values.
 */
export function labelled(concept: Concept, lines: Line[], skip: Set<Line>, settings: EngineSettings): Candidate[] {
  const S = settings.fields;
  const out: Candidate[] = [];
  const block = concept.kind === 'name' || concept.kind === 'address';
  const money = concept.kind === 'money';
  const last = concept.id === 'period_end';
  const partner = partnerOf(concept);
  const payee = concept.id.startsWith('buyer_');
  lines.forEach((line, li) => {
    if (skip.has(line) || (payee && inPaymentDetails(lines, li, settings))) return;
    const segments = withSplitLabelsJoined(line, settings);
    segments.forEach((seg, si) => {
      // A bracketed word opens a note inside an item ("(Net): 7,00"), not a label of the document.
      if (seg.words[0].text.startsWith('(')) return;
      // A cell that is a label of another concept as a whole is not headed by its first words ("TOTAL TVA" over the tax).
      const whole = stripColon(seg.text);
      const otherLabel = classifyLabel(whole, settings).size > 0 && labelScore(concept, whole, settings) === 0 && !(partner && labelScore(partner, whole, settings) > 0);
      // A receipt's tax line may start with its tax class, a capital or a digit ("A VAT 20% 12.15", "1 MwSt 19%"), or
      // two before a rate (a GST code, the rate printed as the class: "SR VAT 20% 4.71", "23 IVA 23%"): the label
      // follows the mark.
      const classMark = /^(?:[A-Z]|\d)$/.test(seg.words[0].text) || (/^(?:[A-Z]{2}|\d{2})$/.test(seg.words[0].text) && /\d\s*%/.test(textOf(seg.words.slice(1))));
      const from = seg.words.length >= S.taxClassMinWords && classMark ? 1 : 0;
      for (let k = 1; k <= Math.min(S.maxLabelWords, seg.words.length - from); k++) {
        const labelWords = seg.words.slice(from, from + k);
        const rest = seg.words.slice(from + k);
        const labelText = textOf(labelWords);
        const colonAfter = /^[:：]/.test(rest[0]?.text ?? '');
        const named = Math.max(labelScore(concept, stripColon(labelText), settings), partner ? labelScore(partner, stripColon(labelText), settings) - S.partnerLabelPenalty : 0);
        if (named < S.minLabelScore || (otherLabel && k < seg.words.length - from)) continue;
        // An amount's label that heads an item column as well ("Amount", "Total", "Betrag") names the document's
        // amount less surely than one naming it alone ("Total Sales Inclusive GST" over a tax summary's "AMOUNT").
        // One naming another of the document's amounts as well ("Total à payer", the amount due too) names it less
        // surely than one naming it alone ("Total TTC" over a deposit's line and "Total à payer").
        const share = (namesLineConcept(stripColon(labelText), settings, named) ? S.itemHeadLabelShare : 1) * (namesAnotherAmount(concept, stripColon(labelText), named, settings) ? S.sharedLabelShare : 1);
        const score = money ? named * share : named;
        const colon = /[:：]$/.test(labelText) || colonAfter;
        const yBias = (concept.kind === 'money' ? S.bottomBias : concept.kind === 'date' || concept.kind === 'identifier' ? -S.bottomBias : 0) * line.box.y1;
        // A phone or fax number under a shop's label ("STORE: 4022 5409 FAX : 603-...") is no address.
        const push = (words: Word[] | null, bonus: number) => {
          if (words && words.length && !(concept.kind === 'address' && isContactLine(textOf(words)))) out.push({ words, score: score + bonus + yBias });
        };
        // A rate printed inside a tax label ("zzgl. 19 % MwSt.: 24,00") is the rate that label names, also after the
        // words joining it to the label ("TVA à 5,5%", "IVA à taxa de 13%").
        const rateInLabel = concept.kind === 'percent' ? (/\d\s*%/.test(labelText) ? fitValue('percent', labelWords, settings) : rateAfterJoins(rest, settings)) : null;
        if (rateInLabel) {
          push(rateInLabel, colon ? S.sameSegmentColonBonus : S.sameSegmentBonus);
          continue;
        }
        // A colon the scan joined to the value ("Date :26/03/18") is the label's.
        let restValue = rest.filter((w) => !/^[:：]$/.test(w.text)).map((w, j) => (j === 0 && /^[:：]\S/.test(w.text) ? { ...w, text: w.text.slice(1) } : w));
        // A rate or currency after a money label belongs to the label ("VAT 19 % 12,34", "Total EUR 99,00").
        if (money) {
          let rate = /\d\s*%/.test(labelText);
          for (;;) {
            const [w0 = '', w1 = '', w2 = ''] = restValue.map((w) => w.text);
            if (restValue.length && isLabelDecoration(restValue[0])) {
              rate ||= /%/.test(w0);
              restValue = restValue.slice(1);
            } else if (restValue.length > 1 && /^\(?\d{1,2}([.,]\d{1,2})?$/.test(w0) && /^%\)?:?$/.test(w1)) {
              rate = true;
              [, , ...restValue] = restValue;
            } else if (restValue.length > 1 && TAX_RATE_JOINS.has(w0.toLowerCase()) && /^\(?\d{1,2}([.,]\d{1,2})?\s?%?/.test(w1) && /%/.test(w1 + w2)) {
              // The word joining a tax label to its rate ("TVA à 20 %").
              restValue = restValue.slice(1);
            } else if (TAX_RATE_JOINS.has(w0.toLowerCase()) && rateAfterJoins(restValue, settings)) {
              // Several ("IVA à taxa de 13%"): the words and the rate are the label's.
              const joined = rateAfterJoins(restValue, settings)!;
              rate = true;
              restValue = restValue.slice(restValue.indexOf(joined[joined.length - 1]) + 1);
            } else if (rate && restValue.length > 1 && TAX_BASE_JOINS.has(w0.toLowerCase()) && amountValue(w1.replace(/[:：]$/, '')) !== null) {
              // The amount the rate is levied on ("VAT 20% on 83.77: 16.75") is part of the label, not its value.
              [, , ...restValue] = restValue;
            } else break;
          }
        }
        // "Bill To: Brightwater Ltd" with the address under the name: the address is the lines under the value.
        if (restValue.length && concept.kind === 'address' && fitValue('name', restValue, settings) && !/\d/.test(textOf(restValue))) {
          const nameSeg = segments[si];
          const address = addressUnder(lines, { ...nameSeg, box: { ...nameSeg.box, x1: restValue[0].box.x1 } }, true, settings);
          if (address) push(address.flatMap((r) => r.words), colon ? S.sameSegmentColonBonus : S.sameSegmentBonus);
          continue;
        }
        if (restValue.length) {
          const fit = fitValue(concept.kind, restValue, settings, last);
          // The value starts right after its label ("Invoice date 12.03.2024"), not after more words of a longer
          // label ("Date de facture associée : ..."); a name after a bare word is a heading ("Seller trade name").
          // Free text after a label is not the rest of a longer label of the concept ("Periodo" of "Periodo de liquidación").
          const longerLabel = concept.kind === 'text' && labelScore(concept, stripColon(seg.text), settings) >= S.minLabelScore;
          const starts = !longerLabel && fit && (fit[0] === restValue[0] || /^[$€£]|^[A-Z]{3}$/.test(restValue[0].text) || (last && fit[fit.length - 1] === restValue[restValue.length - 1]));
          if (fit && starts && (colon || !block)) {
            push(fit, colon ? S.sameSegmentColonBonus : S.sameSegmentBonus);
            continue;
          }
        }
        // Across a gap on the same line (a right-hand block of labels and values), stopping at the next label.
        const rights = restValue.length || (block && !colon) ? [] : segments.slice(si + 1, si + 1 + (money ? S.rightCellsMoney : S.rightCells));
        let beside = false;
        for (const [r, right] of rights.entries()) {
          const text = stripColon(right.text.replace(/^[:：]\s*/, ''));
          if (classifyLabel(text, settings).size && !/\d/.test(text)) break;
          // A cell opening with another label is that label's ("Rabatt | MwSt. 19 % auf 16,37"): its amount is not this one's.
          if (opensWithOtherLabel(concept, right, settings)) break;
          const fit = fitValue(concept.kind, right.words, settings, last);
          if (fit) {
            // A lone digit before an amount in cents ("Betrag 7 € 13,78") is a speck read as a number.
            const amount = money && !inCents(fit) ? rights.slice(r + 1).map((x) => fitValue('money', x.words, settings)).find(inCents) : undefined;
            // A tax line printing the amount taxed before the tax ("GST | SR | 6% | 538.00 | 30.45").
            const tax = concept.id === 'tax_amount' && !amount ? taxAfterBase(line, fit, rights.slice(r + 1), settings) : null;
            push(amount ?? tax ?? fit, S.rightBonus);
            beside = true;
            break;
          }
          // Words between the label and an amount make another, longer label ("Total | 0% supplies: | 27,44").
          if (money && right.words.some((w) => /\p{L}{4}/u.test(w.text))) break;
        }
        // A label ending its line whose value a scan set on the line above or below, level with it ("Shipping date").
        if (!beside && !block && !restValue.length && si === segments.length - 1) {
          const fit = besideOnNextLine(concept, lines, li, labelWords, last, settings);
          if (fit) {
            push(fit, S.rightBonus - S.perLinePenalty);
            continue;
          }
        }
        // A label with its value beside it heads nothing under it (an item row under "Total 0% supplies: 27,44"); nor
        // does a party or amount label with an amount beside it, which is some amount's label misread ("supplies").
        if (beside || ((block || money) && segments.slice(si + 1).some((s) => isAmountCell(s, settings)))) continue;
        // Under the label: the value in the next lines (a row of boxes), or the block it heads (an address). Only a
        // label that ends its cell, or is the first of a row of labels ("MwSt-Betrag MwSt-%"), heads what is under it.
        // A party's block is headed by its label alone ("Bill to"), never by the first word of a cell ("Salario base").
        if (restValue.length && (block || !classifyLabel(stripColon(textOf(restValue)), settings).size)) continue;
        // An amount label in a row of item heads ("QTY ITEM | TOTAL") heads the items' column, not a document value.
        // A row of amounts' heads with no item's description or count ("Rate | Net | VAT | Total") is a totals table.
        if (money && segments.some((o) => o !== seg && namesItemsOnly(o.text, settings)) && segments.some((o) => namesWhatItems(o.text, settings))) continue;
        // A tax summary's heads ("GST Summary | Amount (RM) | Tax"): the amount left of the tax is what the tax is
        // levied on, no total (a total column stands right of the tax: "Net | GST | Total").
        if (concept.id === 'total_amount' && taxHeadRight(segments.slice(si + 1), settings)) continue;
        const lb = { x1: labelWords[0].box.x1, x2: labelWords[labelWords.length - 1].box.x2 };
        const under = below(lines, li, lb.x1, restValue.length ? lb.x2 : Math.max(lb.x2, seg.box.x2), block ? S.maxAddressLines + S.blockExtraLines : S.maxBelowLines, settings);
        if (block) push(blockValue(concept, lines, under, settings), S.belowBonus);
        else {
          let underGap = Infinity;
          for (const u of under) {
            if (classifyLabel(stripColon(u.seg.text), settings).size && !/\d/.test(u.seg.text)) break;
            const whole = fitValue(concept.kind, u.seg.words, settings, last);
            // The value fills the cell under the label; a date inside a sentence below is not it.
            // A period's end closes the cell the period fills ("01/10/2024 - 05/10/2024").
            const fills = !!whole && (whole[0] === u.seg.words[0] || (last && whole[whole.length - 1] === u.seg.words[u.seg.words.length - 1]));
            const fit = fills ? whole : beneathInRow(concept.kind, u.seg, lb, segments.length, settings, last);
            if (fit) {
              push((money && sumUnder(under.slice(under.indexOf(u)), settings)) || fit, S.belowBonus - S.perLinePenalty * u.distance);
              underGap = u.seg.box.y1 - line.box.y2;
              break;
            }
          }
          // A label alone in its cell with the value printed right over it (a value over a rule, its label small under
          // it): taken when nothing is under the label, or the value under is much farther (the next row's).
          const over = restValue.length ? null : overLabel(concept, lines, li, lb, segments[si + 1]?.box.x1 ?? Infinity, last, settings);
          if (over && (underGap === Infinity || (line.box.y1 - Math.max(...over.map((w) => w.box.y2))) * S.overLabelCloser < underGap)) {
            push(over, underGap === Infinity ? S.belowBonus - S.perLinePenalty - S.overLabelPenalty : S.belowBonus);
          }
        }
      }
    });
  });
  return out.sort((a, b) => b.score - a.score);
}

/**
 * The value set right over a label, starting where the label starts, the line close above it ("30 November 2026" over
 * "Invoice date"): a cell that is no label and that the value of the concept's kind fills. Over a row of labels a
 * scan may read the values as one cell ("27/03/2023 - 25/04/2023 11/6/2023" over "Periodo | Vencimiento"): the
 * words from the one over the label up to one over the next label (`next`) are the value.
 */
function overLabel(concept: Concept, lines: Line[], li: number, label: { x1: number; x2: number }, next: number, last: boolean, settings: EngineSettings): Word[] | null {
  const prev = lines[li - 1];
  const tolerance = settings.tables.alignTolerance;
  if (!prev || lines[li].box.y1 - prev.box.y2 > prev.height * settings.fields.overLabelGapLines) return null;
  const seg = prev.segments.find((s) => s.box.x1 <= label.x1 + tolerance && s.box.x2 > label.x1 && s.words.some((w) => Math.abs(w.box.x1 - label.x1) < tolerance));
  if (!seg) return null;
  const from = seg.words.findIndex((w) => Math.abs(w.box.x1 - label.x1) < tolerance);
  const to = seg.words.findIndex((w, i) => i > from && Math.abs(w.box.x1 - next) < tolerance);
  // Within one cell, a word over the label starts the value only where the words before it stand over another label.
  if (from > 0 && !(seg.words[from - 1].box.x2 < label.x1)) return null;
  const words = seg.words.slice(from, to < 0 ? undefined : to);
  if (classifyLabel(stripColon(textOf(words)), settings).size && !/\d/.test(textOf(words))) return null;
  const fit = fitValue(concept.kind, words, settings, last);
  // A period's end closes the cell the period fills ("25.11.2024 - 26.12.2024" over "Abrechnungszeitraum").
  return fit && (fit[0] === words[0] || (last && fit[fit.length - 1] === words[words.length - 1])) ? fit : null;
}

/**
 * A cell whose first words (settings.fields.segmentLabelWords at most) are a label of a concept other than `concept`
 * and its partner, a value after them: another label's cell ("MwSt. 19 % auf 16,37" right of "Rabatt").
 */
function opensWithOtherLabel(concept: Concept, seg: Segment, settings: EngineSettings): boolean {
  const words = seg.words.map((w) => w.text);
  if (!/\p{L}{2}/u.test(words[0]) || !/\d/.test(seg.text)) return false;
  for (let k = Math.min(settings.fields.segmentLabelWords, words.length - 1); k >= 1; k--) {
    const text = stripColon(words.slice(0, k).join(' '));
    if (classifyLabel(text, settings).size) return labelScore(concept, text, settings) === 0;
  }
  return false;
}

/**
 * The rate a tax label's cell prints after words joining it to the label ("à 5,5%", "à taxa de 13%"): at most
 * `fields.rateJoinWords` words of letters before it, and a percent mark on it.
 */
function rateAfterJoins(rest: Word[], settings: EngineSettings): Word[] | null {
  const first = rest.findIndex((w) => /\d/.test(w.text));
  if (first < 1 || first > settings.fields.rateJoinWords || !rest.slice(0, first).every((w) => /^\p{L}+\.?$/u.test(w.text))) return null;
  const fit = fitValue('percent', rest.slice(first), settings);
  return fit && fit[0] === rest[first] && /%/.test(textOf(rest.slice(first, first + fit.length + 1))) ? fit : null;
}

/** A quote mark OCR reads for the apostrophe grouping thousands ("6‘317.94" for "6'317.94"). */
const MISREAD_GROUP_MARK = /(?<=\d)[‘`´](?=\d{3}\b)/g;

export function found(words: Word[], confidence: number): FoundValue {
  return { value: textOf(words).replace(MISREAD_GROUP_MARK, "'"), words, confidence: Math.max(0, Math.min(1, confidence)) };
}

/**
 * A total nobody labelled legibly (a receipt's "SUMME" misread): the amount
 * printed most often, as total, paid and card lines repeat it; the larger
 * when two are printed as often.
 */
function recurringAmount(lines: Line[], settings: EngineSettings): FoundValue | null {
  const seen = new Map<number, { count: number; words: Word[] }>();
  for (const l of lines) {
    // Each amount counts once a line: an item of one piece prints its price twice ("1 x 2,99 2,99").
    const inLine = new Map<number, Word[]>();
    for (const seg of l.segments) {
      for (const fit of amountsInCents(seg.words, settings)) {
        const n = parseNumber(textOf(fit).replace(/[^\d.,-]/g, '')) ?? parseNumber(textOf(fit).replace(/[^\d.,-]/g, ''), true);
        if (n && !inLine.has(n.value)) inLine.set(n.value, fit);
      }
    }
    for (const [value, words] of inLine) {
      const entry = seen.get(value) ?? { count: 0, words };
      entry.count++;
      seen.set(value, entry);
    }
  }
  let best: { value: number; count: number; words: Word[] } | null = null;
  for (const [value, e] of seen) if (e.count >= settings.fields.recurringMinCount && (!best || e.count > best.count || (e.count === best.count && value > best.value))) best = { value, ...e };
  return best ? found(best.words, settings.fields.confidence.recurringAmount) : null;
}

const printedInCents = (ws: Word[]) => /[.,]\d\d$/.test(textOf(ws).replace(/\s*[A-Z€$£]+$/, ''));

/** A cell that is an amount with its cents and nothing else ("18.08", "RM 1,204.50"). */
function isAmountCell(seg: Segment, settings: EngineSettings): boolean {
  const fit = fitValue('money', seg.words, settings);
  return !!fit && fit.length === seg.words.length && printedInCents(fit);
}

/**
 * The amounts printed with their cents in a cell: its amount, else each word
 * that is one ("49.99" of an item line "1.000 STK 49.99 19", whose last
 * number is the tax class).
 */
function amountsInCents(words: Word[], settings: EngineSettings): Word[][] {
  const fit = fitValue('money', words, settings);
  if (fit && printedInCents(fit)) return [fit];
  return words.filter((w) => printedInCents([w]) && fitValue('money', [w], settings)).map((w) => [w]);
}

/** A total nobody labelled nor printed twice: the amount the receipt was paid with. */
function amountPaid(lines: Line[], settings: EngineSettings): FoundValue | null {
  const paid = paymentLine(lines, settings)?.amount;
  return paid ? found(paid, settings.fields.confidence.amountPaid) : null;
}

/**
 * Concepts a document prints under each other's labels: the order number an
 * invoice or packing list refers to is the buyer's purchase order number
 * ("PO Number", "Your order"), a purchase order's own number is its order
 * number, and a credit note's number answers for the invoice number it stands in for.
 */
const SAME_VALUE: Record<string, string> = { order_number: 'purchase_order_number', purchase_order_number: 'order_number', invoice_number: 'credit_note_number' };

/** The labelled candidates of `concept`, and less surely those of the concept printed for the same value. */
function labelledOrSame(concept: Concept, lines: Line[], skip: Set<Line>, settings: EngineSettings): Candidate[] {
  const same = SAME_VALUE[concept.id] ? conceptById(SAME_VALUE[concept.id]) : undefined;
  if (!same) return labelled(concept, lines, skip, settings);
  const others = labelled(same, lines, skip, settings).map((c) => ({ ...c, score: c.score - settings.fields.partnerLabelPenalty }));
  return [...labelled(concept, lines, skip, settings), ...others].sort((a, b) => b.score - a.score);
}

/** A currency printed by name and code ("EURO (EUR)", "Euro EUR"): the code, which is what a currency field holds. */
function isoCodeBeside(value: FoundValue, lines: Line[], lookahead: number): FoundValue {
  if (/^[A-Z]{3}$/.test(value.value)) return value;
  const line = lines.find((l) => l.words.includes(value.words[0]));
  const at = line ? line.words.indexOf(value.words[value.words.length - 1]) : -1;
  const code = line?.words.slice(at + 1, at + 1 + lookahead).find((w) => /^\(?[A-Z]{3}\)?$/.test(w.text));
  return code ? found([{ text: code.text.replace(/[()]/g, ''), box: code.box }], value.confidence) : value;
}

/** The value of one document-level concept on a page, or null; `candidates` when the caller has scored the labels already. */
export function findDocumentValue(concept: Concept, lines: Line[], skip: Set<Line>, settings: EngineSettings, candidates = labelledOrSame(concept, lines, skip, settings)): FoundValue | null {
  const S = settings.fields;
  const best = candidates[0];
  if (best && best.score >= S.acceptScore) {
    const rival = candidates.find((c) => textOf(c.words) !== textOf(best.words));
    const margin = rival ? Math.min(1, (best.score - rival.score) / S.rivalMarginSpan) : 1;
    const value = found(best.words, Math.min(1, best.score) * (S.sureShare + (1 - S.sureShare) * margin));
    return asRead(concept, concept.id === 'currency' ? isoCodeBeside(value, lines, S.codeLookahead) : value, lines, settings);
  }
  const value = unlabelled(concept, lines, skip, settings);
  return value && asRead(concept, value, lines, settings);
}

/** Specks and quote marks a scan reads before a name (". KMF FOODICIOUS", "‘BHPetrol"); a bracket or a digit may start one. */
const SPECK_BEFORE_NAME = /^[^\p{L}\p{N}([]+(?=[\p{L}\p{N}([])/u;

/**
 * A company's registration number printed after its name in brackets ("SDN BHD (139386 X)"), or bare with its check
 * letter and what follows it ("S/B 273500-U (GKJ)").
 */
const REGISTRATION_AFTER_NAME = /(?<=\p{L}.*)(?:\s*\([^()]*\d[^()]*\)|\s+\d{5,}-\s?[A-Z]\b.*)$/u;

/**
 * A value as its kind is printed, rid of what a reading adds: the brackets or
 * colon around a rate ("(5,5%)", "21%:"), grain around an identifier
 * ("_2022/720", "GB275475175%"), cents split off an amount ("48, 77"), a
 * decimal mark misread as a semicolon or as the other mark on a page whose
 * amounts all use one ("669.6" among "650,5"), a template's logo placeholder
 * before a name ("LOGO LE FOURNISSEUR") and a registration number after it,
 * and a currency's symbol for the code a currency field holds (docs/engine.md,
 * "currency code"). An address keeps the page's line breaks.
 */
export function asRead(concept: Concept, v: FoundValue, lines: Line[], settings: EngineSettings): FoundValue {
  let value = v.value;
  if (concept.kind === 'percent') value = value.replace(/^[(@]+\s*|\s*[):：,;]+$/g, '');
  else if (concept.kind === 'name') value = withCompanyFormSpelt(value.replace(/^[[(]?(?:your\s+)?logo[\])]?\s+(?=\S)/i, '').replace(REGISTRATION_AFTER_NAME, '').replace(SPECK_BEFORE_NAME, ''), settings);
  else if (concept.kind === 'address') value = blockTextOf(v.words).replace(MISREAD_GROUP_MARK, "'");
  else if (concept.kind === 'identifier' && concept.id !== 'currency') value = value.replace(/^[_.,'`‘’·]+(?=[\p{L}\d])|(?<=[\p{L}\d])[_%'`‘’·]+$/gu, '');
  else if (concept.kind === 'money' || concept.kind === 'number') {
    value = value.replace(SPLIT_CENTS, '$1$2');
    if (SEMICOLON_MARK.test(value)) value = value.replace(SEMICOLON_MARK, pageDecimalMark(lines, settings) ?? ';');
    const lone = /^(?<whole>[^\d.,]*\d{1,3})(?<mark>[.,])(?<cents>\d{1,2})(?!\d)(?<after>[^\d.,]*)$/.exec(value)?.groups;
    const mark = lone ? pageDecimalMark(lines, settings) : null;
    if (lone && mark && mark !== lone.mark) value = `${lone.whole}${mark}${lone.cents}${lone.after}`;
  }
  if (concept.id === 'currency' && !/^[A-Z]{3}$/.test(value)) value = detectCurrency(value) ?? value;
  return value === v.value ? v : { ...v, value };
}

/**
 * The seller or the buyer (the addressee: an employee, a consignee, an account
 * holder) nobody labelled. The issuer is the seller unless the page is a
 * purchase order. All lines count: a block of labels and values beside the
 * addressee may have been read as a table.
 */
function unlabelledParty(role: 'seller' | 'buyer', lines: Line[], settings: EngineSettings): Party | null {
  const from = issuer(lines, settings);
  return (role === 'seller') === isPurchaseOrder(lines, settings) ? addressee(lines, from, settings) : from;
}

/** Where documents put a value nobody labelled. */
function unlabelled(concept: Concept, lines: Line[], skip: Set<Line>, settings: EngineSettings): FoundValue | null {
  const { acceptScore, confidence } = settings.fields;
  const free = lines.filter((l) => !skip.has(l));
  switch (concept.id) {
    case 'seller_name':
    case 'buyer_name':
    case 'employee_name':
    case 'ship_to_name': {
      const party = unlabelledParty(concept.id === 'seller_name' ? 'seller' : 'buyer', lines, settings);
      return party?.name ? found(party.name, confidence.unlabelledName) : null;
    }
    case 'seller_address':
    case 'buyer_address':
    case 'ship_to_address': {
      const party = unlabelledParty(concept.id === 'seller_address' ? 'seller' : 'buyer', lines, settings);
      return party?.address ? found(party.address, confidence.unlabelledAddress) : null;
    }
    case 'buyer_tax_id': {
      // A purchase order's letterhead is its buyer's: the tax number printed with it under a plain "VAT No." is the buyer's.
      const generic = conceptById('seller_tax_id');
      const best = generic && isPurchaseOrder(lines, settings) ? labelled(generic, lines, skip, settings)[0] : undefined;
      return best && best.score >= acceptScore ? found(best.words, confidence.purchaseOrderTaxId) : null;
    }
    case 'payment_terms': {
      // A receipt names how it was paid before the amount ("Card 12,00"), unlabelled.
      const paid = paymentLine(free, settings);
      return paid ? found(paid.means.words, confidence.paymentMeans) : null;
    }
    case 'time': {
      // A receipt prints its time unlabelled beside its date ("18.10.2022 14:54"): the first time of day on the page.
      for (const l of free) {
        const w = l.words.find((x) => TIME_OF_DAY.test(x.text));
        if (w) return found([w], confidence.timeOfDay);
      }
      return null;
    }
    case 'currency': {
      // A printed ISO code says more than a symbol ("$" is several currencies); the last one printed, nearest the totals.
      // Every line counts: a box of labels and values over the items may have been read as the table's header.
      for (const mark of [/^[A-Z]{3}$/, /^[$€£¥]$/]) {
        for (const l of [...lines].reverse()) {
          const w = l.words.find((x) => detectCurrency(x.text) && mark.test(x.text.replace(/[\d.,]/g, '')));
          if (w) return found([{ text: w.text.replace(/[\d.,\s]/g, ''), box: w.box }], confidence.currency);
        }
      }
      return null;
    }
    case 'total_amount':
    case 'amount_due': {
      // Without a total, the amount due is the total (and the other way round); else the amount printed most.
      const other = conceptById(concept.id === 'total_amount' ? 'amount_due' : 'total_amount');
      const best = other ? labelled(other, lines, skip, settings)[0] : undefined;
      if (best && best.score >= acceptScore) return found(best.words, confidence.sisterTotal);
      return recurringAmount(lines.filter((l) => !skip.has(l)), settings) ?? amountPaid(lines.filter((l) => !skip.has(l)), settings);
    }
    default:
      if (concept.kind === 'date') {
        // A document's own date is its first date (a receipt prints it unlabelled in its header or footer).
        for (const l of free) {
          const fit = fitValue('date', l.words, settings);
          if (fit && concept.id === 'document_date') return found(fit, confidence.firstDate);
          if (fit && (concept.broader === 'document_date')) return found(fit, confidence.broaderDate);
        }
        // A receipt's timestamp dates it even where its footer was read as rows of a table, under the document date's
        // narrower names too (an `invoice_date` asked of a till), as its first date does.
        const stamp = concept.id === 'document_date' || concept.broader === 'document_date' ? timestampDate(lines, settings) : null;
        if (stamp) return found(stamp, confidence.timestampDate);
      }
      return null;
  }
}
