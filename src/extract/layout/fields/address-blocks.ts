/**
 * Address blocks: a party's name line and the street and postcode-and-place
 * lines under it, in one column. A block ends at its postal line (the
 * postcode and place close a postal address in every country the catalogue
 * covers), at a gap, a label, a title, a contact line, or where its column
 * stops; the one-line form "Name · Street 1 · 12345 Place" (a letterhead's
 * footer, the sender line over a window) splits at its separators.
 */
import { classifyLabel } from '../../concepts/index.js';
import { ADDRESS_LINE_START, CONTACT_WORDS, DOCUMENT_TITLE, STREET_END, STREET_START } from '../../lexicon.js';
import type { Word } from '../../types.js';
import { median, overlap1d } from '../lines/geometry.js';
import type { Line, Segment } from '../lines/lines.js';
import type { EngineSettings } from '../../settings.js';
import { stripColon } from '../lines/word-text.js';
import { half } from '../../units.js';


/**
 * A postal line, in the forms of the catalogue's countries: postcode before the
 * place ("40235 Düsseldorf", "75018 PARIS", "53200, KUALA LUMPUR", "1012 AB
 * Amsterdam", "4000-322 Porto", "SW1A 1AA"), after it ("London EC1A 1BB",
 * "Dublin D02 X285", "Shah Alam, 40150"), or a US state and ZIP code
 * ("Austin, TX 78701").
 */
const POSTAL = [
  /(?:^|\s)(?:\d{4,5}|\d{5},|\d{4}\s?[A-Z]{2}|\d{4}-\d{3}|[A-Z]{1,2}-\d{4,5})\s+\p{Lu}/u,
  // A receipt's town with its postcode after a comma ("Shah Alam, 40150").
  /\p{L},\s*\d{5}\.?$/u,
  /\b[A-Z]{1,2}\d[A-Z\d]?\s\d[A-Z]{2}\b/,
  /\b[AC-FHKNPRTV-Y]\d[\dW]\s?[AC-FHKNPRTV-Y\d]{4}\b/,
  /\p{L},?\s+[A-Z]{2}\s+\d{5}(?:-\d{4})?$/u,
];

/**
 * A street's line whose house or lot number has five digits, as long as a postcode: right after the street word
 * ("LOT 26151 BANDAR SG LONG,") or before a street's name ending in its street word ("10250 Harbour Road").
 */
const HOUSE_NUMBER = new RegExp(`${STREET_START.source}\\s*\\d{5}(?!\\d)`, 'i');
const isHouseNumbered = (text: string): boolean => HOUSE_NUMBER.test(text) || (/^\d{5}\s/.test(text) && STREET_END.test(text));

/** A lot or house number right before a street word ("PT 1961 JALAN MALINJA"): no postcode, whatever its digits. */
const NUMBER_BEFORE_STREET = new RegExp(`\\d{4,5}(?=,?\\s+${STREET_START.source.replace(/^\^/, '')})`, 'gi');

export const isPostalLine = (text: string): boolean => {
  const t = text.trim();
  return POSTAL.some((p) => p.test(t.replace(NUMBER_BEFORE_STREET, '#'))) && !isHouseNumbered(t);
};

/**
 * Separators of the one-line form ("Bei Spiel GmbH ● Ecke 12 ● 12345 Stadthausen", "Name | Street | Place"); a scan
 * reads a dash as a hyphen ("Name - Street - Place").
 */
export const SENDER_SEPARATOR = /\s[●•·|–-]\s/;
const SEPARATOR_WORD = /^[●•·|–-]$/;

/** Contact and registration lines printed under an address: they are not part of it. */
const CONTACT = new RegExp(`@|www\\.|https?:|\\b(?:${CONTACT_WORDS.join('|')})\\b`, 'i');

/** A contact or registration line ("Tel. 030 1234", "GLN 4333741000005", "VAT GB123"). */
export const isContactLine = (text: string): boolean => CONTACT.test(text);

/**
 * A line of an address above its street: whom it is for, a department, a building or an estate ("Attn: Accounts
 * Payable", "z. Hd. Frau Krüger", "Bâtiment C"); its colon is no label's. A number after such a colon is a contact's
 * ("Service client : 01 23 45 67 89").
 */
export const isAddressLine = (text: string): boolean => ADDRESS_LINE_START.test(text.trim()) && !/[:：].*\d/.test(text);

/**
 * A number printed alone without its label, of more digits than any postcode or house number: a phone's ("016-5498845,"
 * under a till's address) or a registration's.
 */
const isBareLongNumber = (text: string, settings: EngineSettings): boolean =>
  !/\p{L}/u.test(text) && (text.match(/\d/g)?.length ?? 0) >= settings.fields.parties.bareNumberDigits;

/** A segment that cannot be a line of an address: a title, a label, "label: value", a contact line, a long bare number, a one-line sender. */
export function endsAddress(seg: Segment, settings: EngineSettings): boolean {
  const t = seg.text;
  if (isAddressLine(t) && !CONTACT.test(t)) return false;
  return DOCUMENT_TITLE.test(t) || /[:：]/.test(t) || CONTACT.test(t) || SENDER_SEPARATOR.test(t) || isBareLongNumber(t, settings) || (!/\d/.test(t) && classifyLabel(stripColon(t), settings).size > 0);
}

/** The one-line form split at its separators: the first part names the party, the rest is its address. */
export function splitSenderLine(seg: Segment, settings: EngineSettings): { name: Word[]; address: Word[] } | null {
  const parts = seg.text.split(SENDER_SEPARATOR);
  if (parts.length < settings.fields.parties.senderParts || !parts.slice(1).some(isPostalLine)) return null;
  const cut = seg.words.findIndex((w) => SEPARATOR_WORD.test(w.text));
  if (cut <= 0) return null;
  return { name: seg.words.slice(0, cut), address: seg.words.slice(cut + 1).filter((w) => !SEPARATOR_WORD.test(w.text)) };
}

/** The segment of `line` in the column of `head`: starting where it starts, or overlapping it (a centred or right-aligned letterhead). */
export function inColumn(line: Line, head: Segment, settings: EngineSettings): Segment | undefined {
  return (
    line.segments.find((s) => Math.abs(s.box.x1 - head.box.x1) < settings.tables.alignTolerance) ??
    line.segments.find((s) => overlap1d(s.box.x1, s.box.x2, head.box.x1, head.box.x2) > settings.fields.parties.columnOverlap * Math.min(s.box.x2 - s.box.x1, head.box.x2 - head.box.x1))
  );
}

/**
 * A line a till centres under its name, split at a wide gap ("125A TINGKAT BAWAH | PT 1961 JALAN MALINJA" under "KFA
 * SUPPLY"): its parts together, specks without two letters or digits aside, when they stand centred under the head
 * (settings.fields.parties.centredLineShift), and the line under goes on in one piece there; a block beside the head's
 * column is no part of it.
 */
function centredLine(line: Line, next: Line | undefined, head: Segment, settings: EngineSettings): Segment | undefined {
  const parts = line.segments.filter((s) => /[\p{L}\p{N}]{2}/u.test(s.text));
  if (parts.length <= 1) return undefined;
  const [x1, x2] = [parts[0].box.x1, parts[parts.length - 1].box.x2];
  // Two blocks side by side (a payslip's employee and employer) go on as columns: the line under starts a part there too.
  const columns = (next?.segments ?? []).some((s) => parts.slice(1).some((q) => Math.abs(s.box.x1 - q.box.x1) < settings.tables.alignTolerance));
  if (columns) return undefined;
  if (Math.abs(half(x1 + x2 - head.box.x1 - head.box.x2)) > settings.fields.parties.centredLineShift) return undefined;
  const words = parts.flatMap((s) => s.words);
  return { words, text: parts.map((s) => s.text).join(' '), box: { ...line.box, x1, x2 } };
}

/**
 * A company's registration number printed under its name ("(139386 X)",
 * "Company No :256628-W", "002458685-T", "( ROC : SAD416111-K)"): a few words
 * around a number of five digits or more, opening with a bracket or ending in
 * its check letter. No line of the address.
 */
export function isRegistrationLine(text: string, settings: EngineSettings): boolean {
  const t = text.trim();
  if (t.split(/\s+/).length > settings.fields.parties.registrationMaxWords || !/\d{5}/.test(t.replace(/[\s-]/g, ''))) return false;
  // An opening bracket says it as well when the scan lost the closing one or read the check letter for a digit
  // ("(Con63920 H", "(Subang Jaya) 666770-D" read "666770-0").
  return /^[(<[{]/.test(t) || /\d-\s?[A-Z]\W?$/.test(t) || /^[\d\s-]+[A-Z]?$/.test(t);
}

/**
 * A registration number printed alone on its line, in brackets or with its check letter ("(001610235- P)",
 * "002693074-K", "( ROC : SA0416111-K)"): no run of three letters outside its brackets, so no name with its number
 * after it ("Becon Enterprise Sdn Bhd (82256-V)") and no labelled register ("Company Reg #01101083-T"); a bare number
 * ("29721", a chit's) says nothing of whose it is.
 */
export function isRegistrationAlone(text: string, settings: EngineSettings): boolean {
  const t = text.trim();
  return isRegistrationLine(t, settings) && (/^[(<[{]/.test(t) || /\d\W?\s?[A-Z]\W?$/.test(t)) && !/\p{L}{3}/u.test(t.replace(/[(<[{][^)>\]}]*[)>\]}]?/g, ''));
}

/**
 * A register's line under a company's name: a few words naming a register or a tax office, then the company's number
 * in it, five digits or more after its letters ("HRB 39829", "Co. Reg. 24065751", "KvK 12345678", "GST ID: 000123456",
 * "Tax ID GB449849467", "REA MI-4658933"). No street or postal line: their numbers are a house's or a postcode.
 */
const REGISTER = /^(?:[\p{L}.]+\s*){1,3}[:.]?\s*[\p{Lu}]{0,3}-?\s?\d[\d\s./-]*[\p{Lu}]?$/u;
function isRegisterLine(text: string, settings: EngineSettings): boolean {
  const t = text.trim();
  return REGISTER.test(t) && /\d{5}/.test(t.replace(/[\s./-]/g, '')) && !STREET_START.test(t) && !isPostalLine(t) && t.split(/\s+/).length <= settings.fields.parties.registrationMaxWords;
}

/** Whether a line holds a number other than a registration number (a house number, a postcode). */
export function holdsNumber(text: string, settings: EngineSettings): boolean {
  return !isRegistrationLine(text, settings) && /\d/.test(text.replace(/[(<[{][^()<>[\]{}]*\d{5}[^()<>[\]{}]*[)>\]}]\s*$/, ''));
}

/**
 * A line of letters alone under a postal line, a word or three: the state or country that ends the address
 * ("SELANGOR DARUL EHSAN", "Germany"), read as words (specks of a stamp under it read at 0.2-0.3 are none).
 */
function isRegionLine(seg: Segment, settings: EngineSettings): boolean {
  const sure = median(seg.words.map((w) => w.confidence ?? 1)) >= settings.fields.shapeReading;
  return sure && !/\d/.test(seg.text) && /\p{L}{3}/u.test(seg.text) && seg.words.length <= settings.fields.regionLineWords && !endsAddress(seg, settings);
}

/**
 * The address lines under `head` (a name) in its column, up to and including
 * the postal line and the state or country line under it. Lines of another
 * column beside it are passed over; a gap, or a line that ends an address,
 * ends it. Null without a postal line when `needPostal` (a block found
 * without a label must prove it is an address).
 */
export function addressUnder(lines: Line[], head: Segment, needPostal: boolean, settings: EngineSettings): Segment[] | null {
  const S = settings.fields;
  // `head` may be a part of a segment ("Bill To: Name" gives the name): its line is the one holding its words. A
  // taller line above may reach down over it (a box of labels beside the block), so the box alone does not say.
  const li = lines.findIndex((l) => l.words.includes(head.words[0]));
  if (li < 0) return null;
  const out: Segment[] = [];
  let last = lines[li];
  let postal = false;
  for (let i = li + 1; i < lines.length && out.length < S.maxAddressLines; i++) {
    const l = lines[i];
    const gap = l.box.y1 - last.box.y2;
    if (gap > last.height * S.addressGapLines) {
      // A till leaves room under its name before the company's registration number, which still opens its block
      // ("PASARAYA JALAL SDN BHD", a gap, "396125-H", the street): within a block's gap under a label.
      const number = i === li + 1 ? inColumn(l, head, settings) : undefined;
      if (!number || gap > last.height * S.blockGapLines || !isRegistrationAlone(number.text, settings)) break;
    }
    const seg = centredLine(l, lines[i + 1], head, settings) ?? inColumn(l, head, settings);
    if (!seg) continue;
    // The company's number or its tax id under a name is not part of the address.
    if (out.length === 0 && (isRegistrationLine(seg.text, settings) || isRegisterLine(seg.text, settings))) {
      last = l;
      continue;
    }
    if (postal) {
      if (isRegionLine(seg, settings)) out.push(seg);
      return out;
    }
    if (endsAddress(seg, settings)) break;
    out.push(seg);
    last = l;
    postal = isPostalLine(seg.text);
  }
  return out.length && (postal || !needPostal) ? out : null;
}
