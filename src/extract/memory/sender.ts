/**
 * The sender of a page, told apart by what it prints about itself: tax ids,
 * IBANs, the letterhead's name and words. A memory applies only to pages that
 * carry all of its sender's ids and its name.
 */
import { DOCUMENT_TITLE } from '../lexicon.js';
import type { Line } from '../layout/lines/lines.js';
import type { EngineSettings } from '../settings.js';
import type { SenderMarks } from './model.js';
import { compact, holdsNear, isNear, letterWord } from './near-text.js';
import type { MemoryPage } from './page.js';
import { half } from '../units.js';
import { isUnsureReading } from '../layout/values/reading-certainty.js';

/** EU VAT ids (and the UK's): a country prefix and eight to twelve characters, mostly digits. */
const VAT_ID = /(?<![A-Z])(?:AT|BE|BG|CY|CZ|DE|DK|EE|EL|ES|FI|FR|GB|HR|HU|IE|IT|LT|LU|LV|MT|NL|PL|PT|RO|SE|SI|SK|XI|CHE)(?=[A-Z0-9]{8,12}(?![A-Z0-9]))(?=(?:[A-Z]?\d){8})[A-Z0-9]{8,12}(?![A-Z0-9])/g;
/** The start of an IBAN word ("DE89", "DE893704…"); its groups of four may follow as words of their own. */
const IBAN_START = /^[A-Z]{2}\d{2}[A-Z0-9]*$/;
const IBAN_GROUP = /^[A-Z0-9]{1,4}$/;

function ibansOf(line: Line, settings: EngineSettings): string[] {
  const { minIbanLength, maxIbanLength } = settings.memory;
  const out: string[] = [];
  const ws = line.words.map((w) => w.text.replace(/[.,;:]$/, ''));
  for (let i = 0; i < ws.length; i++) {
    if (!IBAN_START.test(ws[i])) continue;
    let iban = ws[i];
    for (let j = i + 1; j < ws.length && IBAN_GROUP.test(ws[j]) && iban.length < maxIbanLength; j++) iban += ws[j];
    if (iban.length >= minIbanLength && iban.length <= maxIbanLength) out.push(iban);
  }
  return out;
}

/**
 * A company register number after its label, as a company prints it on its own letters and tills (the commercial
 * registers' `HRB 296513`, `FN 123456a`, `KRS 0000012345`, `KvK 12345678`, `RCS 123 456 789`, `SIRET …`, `REA
 * MI-1234567`, `Reg. Merc. M-123456`, `CRC 123456`, `Co. No: 20154-T`, `Company No. 01234567`).
 */
const REGISTER = /(?<!\p{L})(?<label>HR[AB]|FN|KRS|KvK|RCS|SIRE[NT]|REA|CRC|Reg\.? ?Merc\.?|Co\.? ?(?:Reg\.? ?(?:No\.?)?|No\.?)|Company (?:Reg(?:istration)?\.? )?No\.?) ?[:#.]? ?(?<number>(?:[A-Z]{1,2}-)?\d[\d .-]{3,}\d(?:-?[A-Z](?!\p{L}))?)/giu;
const lettersAndDigits = (text: string): string => text.replace(/[^\p{L}\d]/gu, '').toUpperCase();

const registersOf = (line: Line, settings: EngineSettings): string[] =>
  [...line.text.matchAll(REGISTER)].flatMap((m) => {
    const { label, number } = m.groups!;
    return (number.match(/\d/g)?.length ?? 0) >= settings.memory.registerDigits ? [lettersAndDigits(label + number)] : [];
  });

/**
 * The letterhead's name: the tallest line near the top that reads as a name, not as the document's title; on a scan,
 * one with a word the recognizer was sure of. A reading it doubted whole (`ana` for a recipient's name, its box grown
 * by the noise to the tallest) is printed on no other page, so no other page would be the sender's; a name misread in
 * part (`Brückner @mhH`) is the name still, read with slips (isSendersName).
 */
function letterheadName(lines: Line[], settings: EngineSettings): string | null {
  let best: Line | null = null;
  for (const l of lines) {
    if (l.box.y1 > settings.memory.nameTop || !/\p{L}.*\p{L}.*\p{L}/u.test(l.text) || DOCUMENT_TITLE.test(l.text.trim())) continue;
    if (/\d/.test(l.segments[0].text) || l.segments[0].words.every((w) => isUnsureReading([w], settings))) continue;
    if (!best || l.height > best.height * settings.memory.nameClearlyTaller) best = l;
  }
  return best ? best.segments[0].text.trim() : null;
}

export function senderMarks(lines: Line[], settings: EngineSettings): SenderMarks {
  const { letterheadBand, letterheadWords } = settings.memory;
  const taxIds = new Set<string>();
  const ibans = new Set<string>();
  const registers = new Set<string>();
  for (const l of lines) {
    for (const m of compact(l.text).matchAll(VAT_ID)) taxIds.add(m[0]);
    for (const i of ibansOf(l, settings)) ibans.add(i);
    for (const r of registersOf(l, settings)) registers.add(r);
  }
  // An IBAN is not a tax id too.
  for (const id of [...taxIds]) if ([...ibans].some((i) => i.includes(id))) taxIds.delete(id);
  const letterhead = lines.filter((l) => l.box.y2 <= letterheadBand)
    .flatMap((l) => l.words.map((w) => letterWord(w.text, settings)).filter((w): w is string => w !== null))
    .slice(0, letterheadWords);
  return { name: letterheadName(lines, settings), taxIds: [...taxIds].sort(), ibans: [...ibans].sort(), letterhead, registers: [...registers].sort() };
}

/**
 * Whether the page carries every id and the name of the sender, and most of
 * its letterhead; on a page read by OCR, each printed with a slip or two, and
 * the ids alone where the sender has some: a scan's letterhead (large print,
 * a logo's letters) is what OCR reads worst, so the name and letterhead
 * learned from one scan may be garbled.
 */
export function isSameSender(marks: SenderMarks, page: MemoryPage, settings: EngineSettings): boolean {
  const holds = (id: string, share?: number) => (page.ocr ? holdsNear(page.text, id, settings, share) : page.text.includes(id));
  if (!marks.taxIds.every((id) => holds(id)) || !marks.ibans.every((id) => holds(id))) return false;
  if (page.ocr && marks.taxIds.length + marks.ibans.length > 0) return true;
  // A sender without those that prints its register number is told by it on a scan too, where OCR garbled its name.
  const registers = marks.registers ?? [];
  if (page.ocr && registers.length > 0 && registers.every((r) => holdsNear(lettersAndDigits(page.text), r, settings))) return true;
  // The name in the letterhead's large print, as OCR reads it worst: with as many slips as it is read by (isSendersName).
  if (marks.name && !holds(compact(marks.name), settings.memory.ownNameSlip)) return false;
  if (marks.letterhead.length === 0) return marks.taxIds.length + marks.ibans.length > 0 || marks.name !== null;
  const has = (w: string) => page.words.has(w) || (page.ocr && [...page.words.keys()].some((p) => isNear(p, w, settings)));
  const found = marks.letterhead.filter(has).length;
  // A letterhead word a scan misread past a slip is a word the recognizer doubted there: each such word in the page's
  // letterhead excuses one missed, up to half of them.
  const doubted = page.doubted.filter((p) => p.y <= settings.memory.letterheadBand).length;
  const excused = Math.min(doubted, marks.letterhead.length - found, Math.floor(half(marks.letterhead.length)));
  return found >= settings.memory.letterheadShare * (marks.letterhead.length - excused);
}

/** Whether a value is the sender's name as its letterhead prints it; as OCR read it, with a slip or two (`ocr`: settings.memory.ownNameSlip). */
export const isSendersName = (value: string, marks: SenderMarks, ocr: boolean, settings: EngineSettings): boolean =>
  !!marks.name && (compact(value) === compact(marks.name) || (ocr && isNear(compact(value), compact(marks.name), settings, settings.memory.ownNameSlip)));

/** Whether a value is the sender's own: its name, one of its ids, or words all of its letterhead (its address); as OCR read them, with a slip (`ocr`). */
export function isSendersOwn(value: string, marks: SenderMarks, ocr: boolean, settings: EngineSettings): boolean {
  const v = compact(value);
  const same = (a: string, b: string) => a === b || (ocr && isNear(a, b, settings));
  if (isSendersName(value, marks, ocr, settings) || [...marks.taxIds, ...marks.ibans].some((id) => v.includes(id))) return true;
  const words = value.split(/\s+/).map((w) => letterWord(w, settings)).filter((w): w is string => w !== null);
  return words.length > 0 && words.every((w) => marks.letterhead.some((h) => same(h, w)));
}

/** Whether a value is a tax id and nothing else (`GB 960 3455 34`, `DE123456789`). */
export const isTaxId = (value: string): boolean => [...compact(value).matchAll(VAT_ID)].some((m) => m[0] === compact(value));

/** The sender as the API names it: its name and tax id or IBAN where read. */
export function senderLabel(marks: SenderMarks): { name: string | null; tax_id: string | null; iban: string | null } {
  return { name: marks.name, tax_id: marks.taxIds[0] ?? null, iban: marks.ibans[0] ?? null };
}
