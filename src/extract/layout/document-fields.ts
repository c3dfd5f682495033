/**
 * Document-level values of concept fields (invoice number, dates, parties,
 * totals): a label naming the concept, in any of the catalogue's languages,
 * and a value of the concept's kind beside it, after it, under it or in the
 * block it heads. Parties without a label come from where documents put
 * them (docs/engine.md, "Document fields").
 */
import { classifyLabel, conceptById, labelScore, type Concept } from '../concepts/index.js';
import { detectCurrency, parseNumber } from '../format/index.js';
import type { Word } from '../types.js';
import { overlap1d } from './geometry.js';
import type { Line, Segment } from './lines.js';
import { ENGINE_SETTINGS } from './settings.js';
import { fitValue, isLabelDecoration } from './value-kinds.js';
import { DOCUMENT_TITLE, PAYMENT_MEANS } from '../lexicon.js';
import { amountValue, checkedConfidence, reconcileTotals, type TotalsCandidates } from './arithmetic.js';

export interface FoundValue {
  value: string;
  words: Word[];
  /** 0..1: how well the label named the concept, how the value sits, whether another candidate came close. */
  confidence: number;
}

interface Candidate {
  words: Word[];
  score: number;
}

const S = ENGINE_SETTINGS.documentFields;

const textOf = (ws: Word[]) => ws.map((w) => w.text).join(' ');
const stripColon = (t: string) => t.replace(/\s*[:：]\s*$/, '').trim();

/** Lines under `line` whose segments overlap [x1, x2], nearest first, until a gap too tall for one block. */
function below(lines: Line[], li: number, x1: number, x2: number, maxLines: number): Array<{ seg: Segment; distance: number }> {
  const out: Array<{ seg: Segment; distance: number }> = [];
  let prev = lines[li];
  for (let i = li + 1; i < lines.length && out.length < maxLines; i++) {
    const l = lines[i];
    if (l.box.y1 - prev.box.y2 > prev.height * S.blockGapLines) break;
    // The segment most under the label (a row of values under a row of labels), or one starting where it starts.
    let seg: Segment | undefined;
    let most = 0;
    for (const s of l.segments) {
      const o = overlap1d(s.box.x1, s.box.x2, x1, x2) + (Math.abs(s.box.x1 - x1) < S.alignTolerance ? 1 : 0);
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

/** A block under a label: for names its first fitting line, for addresses the lines after the name, joined. */
function blockValue(concept: Concept, block: Array<{ seg: Segment; distance: number }>, headedByName: boolean): Word[] | null {
  const rows = block.filter((b) => !classifyLabel(stripColon(b.seg.text)).size).map((b) => b.seg);
  if (concept.kind === 'name') return rows.map((r) => fitValue('name', r.words)).find((w) => w) ?? null;
  const start = headedByName ? rows.findIndex((r) => fitValue('name', r.words)) + 1 : 0;
  const lines = rows.slice(start, start + S.maxAddressLines).filter((r) => !/@|www\.|tel|fax|phone|iban|gln/i.test(r.text));
  return lines.length ? lines.flatMap((r) => r.words) : null;
}

/**
 * The labelled candidates for `concept`, best first. `skip` holds lines of the
 * chosen line-item tables, whose cells are not document values.
 */
function labelled(concept: Concept, lines: Line[], skip: Set<Line>): Candidate[] {
  const out: Candidate[] = [];
  const block = concept.kind === 'name' || concept.kind === 'address';
  const money = concept.kind === 'money';
  const last = concept.id === 'period_end';
  lines.forEach((line, li) => {
    if (skip.has(line)) return;
    line.segments.forEach((seg, si) => {
      // A receipt's tax line may start with its tax class ("A VAT 20% 12.15"): the label follows the letter.
      const from = seg.words.length > 2 && /^[A-Z]$/.test(seg.words[0].text) ? 1 : 0;
      for (let k = 1; k <= Math.min(S.maxLabelWords, seg.words.length - from); k++) {
        const labelWords = seg.words.slice(from, from + k);
        const rest = seg.words.slice(from + k);
        const labelText = textOf(labelWords);
        const colonAfter = /^[:：]/.test(rest[0]?.text ?? '');
        const score = labelScore(concept, stripColon(labelText));
        if (score < S.minLabelScore) continue;
        const colon = /[:：]$/.test(labelText) || colonAfter;
        const yBias = (concept.kind === 'money' ? S.bottomBias : concept.kind === 'date' || concept.kind === 'identifier' ? -S.bottomBias : 0) * line.box.y1;
        const push = (words: Word[] | null, bonus: number) => {
          if (words && words.length) out.push({ words, score: score + bonus + yBias });
        };
        let restValue = rest.filter((w) => !/^[:：]$/.test(w.text));
        // A rate or currency after a money label belongs to the label ("VAT 19 % 12,34", "Total EUR 99,00").
        if (money) {
          for (;;) {
            if (restValue.length && isLabelDecoration(restValue[0])) restValue = restValue.slice(1);
            else if (restValue.length > 1 && /^\(?\d{1,2}([.,]\d{1,2})?$/.test(restValue[0].text) && /^%\)?:?$/.test(restValue[1].text)) restValue = restValue.slice(2);
            else break;
          }
        }
        if (restValue.length) {
          const fit = fitValue(concept.kind, restValue, last);
          // The value starts right after its label ("Invoice date 12.03.2024"), not after more words of a longer
          // label ("Date de facture associée : ..."); a name after a bare word is a heading ("Seller trade name").
          const starts = fit && (fit[0] === restValue[0] || /^[$€£]|^[A-Z]{3}$/.test(restValue[0].text) || (last && fit[fit.length - 1] === restValue[restValue.length - 1]));
          if (fit && starts && (colon || !block)) {
            push(fit, colon ? S.sameSegmentColonBonus : S.sameSegmentBonus);
            continue;
          }
        }
        // Across a gap on the same line (a right-hand block of labels and values), stopping at the next label.
        for (const right of restValue.length || (block && !colon) ? [] : line.segments.slice(si + 1, si + 3)) {
          const text = stripColon(right.text.replace(/^[:：]\s*/, ''));
          if (classifyLabel(text).size && !/\d/.test(text)) break;
          const fit = fitValue(concept.kind, right.words, last);
          if (fit) {
            push(fit, S.rightBonus);
            break;
          }
        }
        // Under the label: the value in the next lines (a row of boxes), or the block it heads (an address). Only a
        // label that ends its cell, or is the first of a row of labels ("MwSt-Betrag MwSt-%"), heads what is under it.
        if (restValue.length && !classifyLabel(stripColon(textOf(restValue))).size) continue;
        const lb = { x1: labelWords[0].box.x1, x2: labelWords[labelWords.length - 1].box.x2 };
        const under = below(lines, li, lb.x1, restValue.length ? lb.x2 : Math.max(lb.x2, seg.box.x2), block ? S.maxAddressLines + 2 : S.maxBelowLines);
        if (block) push(blockValue(concept, under, concept.id.endsWith('_address')), S.belowBonus);
        else {
          for (const u of under) {
            if (classifyLabel(stripColon(u.seg.text)).size && !/\d/.test(u.seg.text)) break;
            const fit = fitValue(concept.kind, u.seg.words, last);
            // The value fills the cell under the label; a date inside a sentence below is not it.
            // A period's end closes the cell the period fills ("01/10/2024 - 05/10/2024").
            if (fit && (fit[0] === u.seg.words[0] || (last && fit[fit.length - 1] === u.seg.words[u.seg.words.length - 1]))) {
              push(fit, S.belowBonus - S.perLinePenalty * u.distance);
              break;
            }
          }
        }
      }
    });
  });
  return out.sort((a, b) => b.score - a.score);
}


/** The letterhead: the tallest text near the top that is not a title, label or number; on a receipt, its first lines. */
function letterhead(lines: Line[]): Segment | null {
  const top = lines.filter((l) => l.box.y1 < S.letterheadTop).slice(0, S.letterheadLines);
  let best: Segment | null = null;
  let bestScore = -Infinity;
  top.forEach((l, i) => {
    for (const s of l.segments) {
      if (DOCUMENT_TITLE.test(s.text) || classifyLabel(stripColon(s.text)).size || /[:：]/.test(s.text) || !fitValue('name', s.words)) continue;
      const h = Math.max(...s.words.map((w) => w.box.y2 - w.box.y1));
      const score = h * (1 - i * 0.02);
      if (score > bestScore * 1.08) {
        best = s;
        bestScore = score;
      }
    }
  });
  return best;
}

/** A postal line: a postcode and a place ("40235 Düsseldorf", "75018 PARIS", "1012 AB Amsterdam", "SW1A 1AA"). */
const POSTAL = /\b(?:\d{4,5}|\d{4}\s?[A-Z]{2}|[A-Z]{1,2}\d[A-Z\d]?\s\d[A-Z]{2})\b\s+\p{L}/u;

/** The window-envelope block: left, under the letterhead, a few lines ending in a postal line; its first line is the name. */
function windowBlock(lines: Line[], exclude: Segment | null): Segment[] | null {
  const area = lines.filter((l) => l.box.y1 > S.windowTop && l.box.y1 < S.windowBottom);
  for (let i = 0; i < area.length; i++) {
    const first = area[i].segments[0];
    if (!first || first.box.x1 > 0.5 || first === exclude || DOCUMENT_TITLE.test(first.text) || SENDER_SEPARATOR.test(first.text) || !fitValue('name', first.words)) continue;
    const block: Segment[] = [first];
    let last = area[i];
    for (let j = i + 1; j < area.length && block.length < 6; j++) {
      if (area[j].box.y1 - last.box.y2 > last.height * S.blockGapLines) break;
      // Lines of a column beside the window (the sender's contact block) are passed over, not an end.
      const seg = area[j].segments.find((s) => Math.abs(s.box.x1 - first.box.x1) < S.alignTolerance);
      if (!seg) continue;
      block.push(seg);
      last = area[j];
      if (POSTAL.test(seg.text)) return block;
    }
  }
  return null;
}

/** Separators of the sender line printed above a window ("Bei Spiel GmbH ● Ecke 12 ● 12345 Stadthausen"). */
const SENDER_SEPARATOR = /\s[●•·|–]\s/;

/** The sender line above the window: its first part is the seller. */
function senderLine(lines: Line[]): Word[] | null {
  for (const l of lines) {
    if (l.box.y1 > S.windowBottom) break;
    for (const seg of l.segments) {
      if (seg.text.split(SENDER_SEPARATOR).length < 3 || !POSTAL.test(seg.text)) continue;
      const cut = seg.words.findIndex((w) => /^[●•·|–]$/.test(w.text));
      const name = seg.words.slice(0, cut);
      if (cut > 0 && fitValue('name', name)) return name;
    }
  }
  return null;
}

function found(words: Word[], confidence: number): FoundValue {
  return { value: textOf(words), words, confidence: Math.max(0, Math.min(1, confidence)) };
}

/** Lines right under the letterhead up to a phone, tax id or date line: a receipt's merchant address. */
function addressUnder(lines: Line[], head: Segment): Word[] | null {
  const li = lines.findIndex((l) => l.segments.includes(head));
  const out: Word[] = [];
  for (let i = li + 1; i < lines.length && i <= li + S.maxAddressLines; i++) {
    const t = lines[i].text;
    if (/tel|phone|fax|gst|reg|vat|ust|tva|iva|btw|nif|cif|iban|siret|siren|kvk|uid|steuer|@|www|\d{1,2}[./-]\d{1,2}[./-]\d{2}/i.test(t) || DOCUMENT_TITLE.test(t)) break;
    // The company number under the name ("(123456-X)") is not part of the address.
    if (out.length === 0 && /^\(?[\d\s-]+[A-Z]?\)?$/.test(t.trim())) continue;
    out.push(...lines[i].words);
  }
  return out.length ? out : null;
}

/**
 * A total nobody labelled legibly (a receipt's "SUMME" misread): the amount
 * printed most often, as total, paid and card lines repeat it; the larger
 * when two are printed as often.
 */
function recurringAmount(lines: Line[]): FoundValue | null {
  const seen = new Map<number, { count: number; words: Word[] }>();
  for (const l of lines) {
    for (const seg of l.segments) {
      const fit = fitValue('money', seg.words);
      const n = fit ? parseNumber(textOf(fit).replace(/[^\d.,-]/g, '')) ?? parseNumber(textOf(fit).replace(/[^\d.,-]/g, ''), true) : null;
      if (!fit || !n || !/[.,]\d\d$/.test(textOf(fit).replace(/\s*[A-Z€$£]+$/, ''))) continue;
      const entry = seen.get(n.value) ?? { count: 0, words: fit };
      entry.count++;
      seen.set(n.value, entry);
    }
  }
  let best: { value: number; count: number; words: Word[] } | null = null;
  for (const [value, e] of seen) if (e.count >= 2 && (!best || e.count > best.count || (e.count === best.count && value > best.value))) best = { value, ...e };
  return best ? found(best.words, 0.35) : null;
}

/** The value of one document-level concept on a page, or null. */
export function findDocumentValue(concept: Concept, lines: Line[], skip: Set<Line>): FoundValue | null {
  const candidates = labelled(concept, lines, skip);
  const best = candidates[0];
  if (best && best.score >= S.acceptScore) {
    const rival = candidates.find((c) => textOf(c.words) !== textOf(best.words));
    const margin = rival ? Math.min(1, (best.score - rival.score) / 0.2) : 1;
    const value = found(best.words, Math.min(1, best.score) * (0.75 + 0.25 * margin));
    // A rate is the rate, not the brackets or colon printed around it ("(5,5%)", "21%:").
    return concept.kind === 'percent' ? { ...value, value: value.value.replace(/^[(@]+\s*|\s*[):：,;]+$/g, '') } : value;
  }
  return unlabelled(concept, lines, skip);
}

/** The parts of a document's totals that must add up: subtotal + tax − discount + shipping ≈ total. */
export const TOTAL_PARTS = ['subtotal', 'tax_amount', 'discount', 'shipping', 'total_amount'] as const;

/** Labelled candidates of one totals concept kept for the arithmetic. */
const TOTALS_CANDIDATES = 3;

/**
 * The totals of a page chosen by arithmetic: among the few best-labelled
 * candidates of subtotal, tax, discount, shipping and total, the ones that add
 * up win (a "Total" that repeats the subtotal loses to the one that is
 * subtotal + tax), and their confidence rises; when subtotal, tax and total
 * are all read and nothing adds up, their confidence falls. Concepts the sum
 * does not decide keep `findDocumentValue`'s answer.
 */
export function findTotals(lines: Line[], skip: Set<Line>): Map<string, FoundValue> {
  const read = new Map<string, Array<{ words: Word[]; confidence: number; value: number }>>();
  for (const id of TOTAL_PARTS) {
    const concept = conceptById(id);
    const best = concept ? findDocumentValue(concept, lines, skip) : null;
    const list = best ? [{ words: best.words, confidence: best.confidence, value: amountValue(best.value) }] : [];
    if (concept) {
      for (const c of labelled(concept, lines, skip)) {
        if (list.length >= TOTALS_CANDIDATES || c.score < S.acceptScore) break;
        if (!list.some((x) => textOf(x.words) === textOf(c.words))) list.push({ words: c.words, confidence: Math.min(1, c.score) * 0.75, value: amountValue(textOf(c.words)) });
      }
    }
    read.set(id, list.filter((x): x is { words: Word[]; confidence: number; value: number } => x.value !== null));
  }
  const candidates: TotalsCandidates = Object.fromEntries([...read].map(([id, list]) => [id, list.map((x) => x.value)]));
  const pick = reconcileTotals(candidates);
  const out = new Map<string, FoundValue>();
  const all = ['subtotal', 'tax_amount', 'total_amount'].every((id) => read.get(id)?.length);
  for (const [id, list] of read) {
    const index = pick?.[id as keyof TotalsCandidates] ?? -1;
    const chosen = index >= 0 ? list[index] : list[0];
    if (!chosen) continue;
    out.set(id, found(chosen.words, checkedConfidence(chosen.confidence, index >= 0 ? true : all && !pick ? false : null)));
  }
  return out;
}

/** Where documents put a value nobody labelled. */
function unlabelled(concept: Concept, lines: Line[], skip: Set<Line>): FoundValue | null {
  const free = lines.filter((l) => !skip.has(l));
  switch (concept.id) {
    case 'seller_name': {
      const sender = senderLine(free);
      if (sender) return found(sender, 0.6);
      const head = letterhead(free);
      return head ? found(head.words, 0.5) : null;
    }
    case 'seller_address': {
      const head = letterhead(free);
      const words = head ? addressUnder(free, head) : null;
      return words ? found(words, 0.4) : null;
    }
    case 'buyer_name':
    case 'buyer_address': {
      const block = windowBlock(free, letterhead(free));
      if (!block) return null;
      return concept.id === 'buyer_name' ? found(block[0].words, 0.5) : found(block.slice(1).flatMap((s) => s.words), 0.45);
    }
    case 'payment_terms': {
      // A receipt names how it was paid before the amount ("Card 12,00"), unlabelled.
      for (const l of free) {
        const first = l.segments[0];
        if (first && l.segments.length > 1 && PAYMENT_MEANS.test(stripColon(first.text)) && fitValue('money', l.segments[l.segments.length - 1].words)) return found(first.words, 0.5);
      }
      return null;
    }
    case 'time': {
      // A receipt prints its time unlabelled beside its date ("18.10.2022 14:54"): the first time of day on the page.
      for (const l of free) {
        const w = l.words.find((x) => /^(?:[01]?\d|2[0-3]):[0-5]\d(?::[0-5]\d)?$/.test(x.text));
        if (w) return found([w], 0.6);
      }
      return null;
    }
    case 'currency': {
      // A printed ISO code says more than a symbol ("$" is several currencies); the last one printed, nearest the totals.
      for (const mark of [/^[A-Z]{3}$/, /^[$€£¥]$/]) {
        for (const l of [...free].reverse()) {
          const w = l.words.find((x) => detectCurrency(x.text) && mark.test(x.text.replace(/[\d.,]/g, '')));
          if (w) return found([{ text: w.text.replace(/[\d.,\s]/g, ''), box: w.box }], 0.6);
        }
      }
      return null;
    }
    case 'total_amount':
    case 'amount_due': {
      // Without a total, the amount due is the total (and the other way round); else the amount printed most.
      const other = conceptById(concept.id === 'total_amount' ? 'amount_due' : 'total_amount');
      const best = other ? labelled(other, lines, skip)[0] : undefined;
      if (best && best.score >= S.acceptScore) return found(best.words, 0.6);
      return recurringAmount(lines.filter((l) => !skip.has(l)));
    }
    default:
      if (concept.kind === 'date') {
        // A document's own date is its first date (a receipt prints it unlabelled in its header or footer).
        for (const l of free) {
          const fit = fitValue('date', l.words);
          if (fit && concept.id === 'document_date') return found(fit, 0.45);
          if (fit && (concept.broader === 'document_date')) return found(fit, 0.35);
        }
      }
      return null;
  }
}
