/**
 * The parties of a page when nobody labels them: the issuer prints its
 * letterhead at the top (name, then its address block) and often repeats it
 * on one line ("Name · Street · Place") over the window or in the footer; the
 * addressee is the name-and-address block under the letterhead, where a
 * window envelope shows it. Who is the seller follows from the document: a
 * purchase order is issued by its buyer and addressed to the supplier.
 */
import { classifyLabel, conceptById } from '../../concepts/index.js';
import { levenshtein } from '../../levenshtein.js';
import { COMPANY_FORMS, DOCUMENT_TITLE, PURCHASE_ORDER_TITLE, STREET_END, STREET_START } from '../../lexicon.js';
import type { Word } from '../../types.js';
import { addressUnder, endsAddress, holdsNumber, inColumn, isAddressLine, isPostalLine, splitSenderLine } from './address-blocks.js';
import { median, overlap1d } from '../lines/geometry.js';
import type { Line, Segment } from '../lines/lines.js';
import type { EngineSettings } from '../../settings.js';
import { fitValue } from '../values/value-kinds.js';
import { stripColon, textOf } from '../lines/word-text.js';


export interface Party {
  name: Word[] | null;
  address: Word[] | null;
  /** The segments the party was read from, so that another party is not read from them again. */
  segments: Segment[];
}

/**
 * A segment that goes on with a block begun on the line above (a street or
 * unit line under its name): the line right above holds words in its column
 * that are no label, title or contact line, and are a name, a street or a
 * postal line ("Fin 03", specks a logo left, is none). A name heads its block.
 */
function continuesBlock(lines: Line[], li: number, seg: Segment, settings: EngineSettings): boolean {
  const prev = lines[li - 1];
  if (!prev || lines[li].box.y1 - prev.box.y2 > prev.height * settings.fields.addressGapLines) return false;
  const above = inColumn(prev, seg, settings);
  const heads = !!above && (!!fitValue('name', above.words, settings) || STREET_START.test(above.text) || isPostalLine(above.text));
  return heads && !endsAddress(above, settings) && !readAsShapes(above.words, settings.fields.shapeReading);
}

/**
 * Words a recognizer made of a logo or an emblem ("Bison", "7 ysl"): none of
 * two letters, or those it read at a median confidence under settings.fields.shapeReading
 * (one smudged word of a printed name does not make it a logo). A text
 * layer's words are as printed.
 */
function readAsShapes(words: Word[], shapeReading: number): boolean {
  const sure = words.filter((w) => /\p{L}{2}/u.test(w.text)).map((w) => w.confidence ?? 1);
  return sure.length === 0 || median(sure) < shapeReading;
}

/**
 * A street line: a street word and a number ("Lot 1626, Mukim Kampung Laut", "Jalan SS 15/4B"), the house number
 * before the street word too ("107, JALAN BANDAR RAWANG 2,", "3-7 Jln Putra") or before a name ending in it ("32
 * Harbour Road"): never a name.
 */
const isStreetLine = (text: string): boolean => /\d/.test(text) && (STREET_START.test(text) || STREET_START.test(text.replace(/^\d[\p{L}\d/&-]*[,.]?\s+/u, '')) || (/^\d/.test(text) && STREET_END.test(text)));

/** Each company form with its letters run together, as a tail of a name's words is compared with it. */
const FORM_LETTERS = COMPANY_FORMS.map((form) => ({ form, letters: form.replace(/ /g, '') }));

/**
 * The company forms the last words of a name may be (each word its letters
 * and digits, lower case), the longest tail first and, for a tail, the forms
 * it is as printed before those it is one OCR slip off (long forms only:
 * settings.fields.parties.companyFormSlipLetters).
 */
function* formTails(words: string[], settings: EngineSettings): Generator<{ tailWords: number; form: string; slipped: boolean }> {
  const { companyFormSlipLetters, companyFormWords } = settings.fields.parties;
  for (let k = Math.min(companyFormWords, words.length); k >= 1; k--) {
    const tail = words.slice(-k).join('');
    for (const f of FORM_LETTERS) if (tail === f.letters) yield { tailWords: k, form: f.form, slipped: false };
    for (const f of FORM_LETTERS) {
      // A zero read for each o ("Sp. z 0.0."): the forms are a closed list and hold no digit, whatever their length.
      const zeros = tail !== f.letters && /0/.test(tail) && tail.replace(/0/g, 'o') === f.letters;
      if (zeros || (f.letters.length >= companyFormSlipLetters && tail !== f.letters && levenshtein(tail, f.letters) <= 1)) yield { tailWords: k, form: f.form, slipped: true };
    }
  }
}

/**
 * A company's legal form at the end of a name ("… SDN BHD", "… GmbH", "…
 * S.A."), a registration number in brackets after it aside: how many of its
 * words are the form, and how many words it has; a long form counts one OCR
 * slip off ("SON BHD"). Null without a form.
 */
function companyForm(text: string, settings: EngineSettings): { formWords: number; words: number } | null {
  const words = text
    .replace(/\s*[([][^()[\]]*\d[^()[\]]*[)\]]?\s*$/, '')
    .toLowerCase()
    .split(/\s+/)
    .map((w) => w.replace(/[^\p{L}\d]/gu, ''))
    .filter(Boolean);
  const first = formTails(words, settings).next();
  return first.done ? null : { formWords: first.value.tailWords, words: words.length };
}

/** A word in the case it was printed in: capitals, a capital first, or lower case. */
function casedLike(printed: string, word: string): string {
  if (printed === printed.toUpperCase()) return word.toUpperCase();
  return printed[0] === printed[0].toUpperCase() ? word[0].toUpperCase() + word.slice(1) : word;
}

/**
 * A name whose legal form a scan read one letter off ("WAHIN HARDWARE SIN BHD", "Watson's … Sn Bhd", "SON. BHD."):
 * the forms are a closed list, so the word that slipped is spelt as the form, in the case and with the marks printed.
 * Only a long form (settings.fields.parties.companyFormSlipLetters), and never where the words are a form as printed:
 * "Pty Ltd" is one slip from "Pte Ltd" and both are forms.
 */
export function withCompanyFormSpelt(text: string, settings: EngineSettings): string {
  // Each word with the spaces after it, so the name is given back spaced as read.
  const tokens = text.match(/\S+\s*/g) ?? [];
  const parts = tokens.map((t) => t.trimEnd());
  const letters = (w: string) => w.toLowerCase().replace(/[^\p{L}\d]/gu, '');
  // The longest tail first: "SIN BHD" is "Sdn Bhd" one slip off before it is a name ending in "Bhd".
  for (const { tailWords: n, form, slipped } of formTails(parts.map(letters), settings)) {
    if (!slipped) return text;
    const formWords = form.split(' ');
    if (formWords.length !== n) continue;
    const tail = parts.slice(-n);
    const spelt = tail.map((w, k) => {
      if (letters(w) === formWords[k]) return w;
      // Zeros for o's keep the marks between them ("0.0." is "o.o."), in the case of the letters around them.
      if (letters(w).replace(/0/g, 'o') === formWords[k]) return w.replace(/0/g, /\p{Ll}/u.test(text) ? 'o' : 'O');
      const m = /^(?<lead>[^\p{L}\d]*)[\p{L}\d]+(?<end>[^\p{L}\d]*)$/u.exec(w)?.groups;
      return m ? `${m.lead}${casedLike(w.slice(m.lead.length), formWords[k])}${m.end}` : null;
    });
    if (spelt.some((w) => w === null)) continue;
    const head = tokens.slice(0, -n).join('');
    return head + spelt.map((w, k) => (w as string) + tokens[tokens.length - n + k].slice(tail[k].length)).join('');
  }
  return text;
}

/** A name ending in a company's legal form: the form makes it the company's name whatever its size. A name is more than its form. */
export function endsInCompanyForm(text: string, settings: EngineSettings): boolean {
  const form = companyForm(text, settings);
  return !!form && form.words > form.formWords;
}

/** A number in brackets closing a line, a registration's after a company's name ("(Co. No:20154-T)"). */
const BRACKETED_NUMBER_AFTER = /\s*\([^()]*\d[^()]*\)\s*$/;

/** A line that is a legal form alone ("SDN BHD" under "PASARAYA BORONG PINTAR"): the end of the name above it. */
const isFormAlone = (text: string, settings: EngineSettings): boolean => {
  const form = companyForm(text, settings);
  return !!form && form.words === form.formWords;
};

/**
 * The letterhead: the tallest text near the top that is not a title, label,
 * number or a line inside a block (a scan can make a street line read taller
 * than the bold name over it); on a receipt, its first lines.
 */
export function letterhead(lines: Line[], settings: EngineSettings): Segment | null {
  const S = settings.fields;
  const top = lines.filter((l) => l.box.y1 < S.letterheadTop).slice(0, S.letterheadLines);
  let best: Segment | null = null;
  let bestScore = -Infinity;
  // Words over a street or postal line head its address: a name however unsurely read, not a logo's shapes.
  const overAddress = (s: Segment) => {
    const next = lines[lines.findIndex((l) => l.words.includes(s.words[0])) + 1];
    const under = next && inColumn(next, s, settings);
    return !!under && (STREET_START.test(under.text) || isPostalLine(under.text));
  };
  // A name has a run of three letters: two alone ("HE", "Sw") are what a recognizer made of a logo's strokes.
  // A registration number in brackets after the name is no label's value ("Dion Realties Sdn Bhd (Co. No:20154-T)").
  const nameLike = (s: Segment) =>
    /\p{L}{3}/u.test(s.text) && !DOCUMENT_TITLE.test(s.text) && !classifyLabel(stripColon(s.text), settings).size && !/[:：]/.test(s.text.replace(BRACKETED_NUMBER_AFTER, '')) && !isPostalLine(s.text) && !isStreetLine(s.text) && !!fitValue('name', s.words, settings) && (!readAsShapes(s.words, S.shapeReading) || overAddress(s));
  // A name set wide parts at its word gaps ("THREE | STOOGES"): a line of name parts alone is one name.
  // A street or an address line of a block beside the name is no part of it ("160 Harbour Road", "Bedrijventerrein De Hoek").
  const namePart = (x: Segment) => nameLike(x) && !holdsNumber(x.text, settings) && !isAddressLine(x.text);
  const named = (l: Line, s: Segment): Segment => (l.segments.length > 1 && l.segments.every(nameLike) && l.segments.slice(1).every(namePart) ? { words: l.words, text: l.segments.map((x) => x.text).join(' '), box: l.box } : s);
  // A company's legal form names it surest, above a taller brand or a note written over the top; a form printed on a
  // line of its own ends the name above it.
  // The name's first line over the form's: "MPH BOOKSTORES" over "SDN BHD", "PASAR RAYA MEGA MAJU" over "(SEMENYIH) SDN
  // BHD" (a branch in brackets opens no name).
  const joined = (head: Segment, form: Segment): Segment => ({ words: [...head.words, ...form.words], text: `${head.text} ${form.text}`, box: { ...head.box, y2: form.box.y2 } });
  // A name right under a party's label heads a labelled block ("Bill to" over the buyer beside the letterhead).
  const labelledBlock = (i: number, s: Segment): boolean => {
    const over = i > 0 ? inColumn(top[i - 1], s, settings) : undefined;
    if (!over || /\d/.test(over.text) || Math.abs(over.box.x1 - s.box.x1) >= settings.tables.alignTolerance) return false;
    return [...classifyLabel(stripColon(over.text), settings).keys()].some((id) => conceptById(id)?.kind === 'name');
  };
  for (const [i, l] of top.entries()) {
    for (const [si, s] of l.segments.entries()) {
      if (labelledBlock(i, s)) continue;
      const above = i > 0 ? inColumn(top[i - 1], s, settings) : undefined;
      const whole = named(l, s);
      // A name set wide over a line that is its form alone ("MPH | BOOKSTORES" over "SDN | BHD"): the lines align, not their parts.
      const wideAbove = i > 0 && top[i - 1].segments.every(nameLike) && overlap1d(top[i - 1].box.x1, top[i - 1].box.x2, l.box.x1, l.box.x2) > 0 ? named(top[i - 1], top[i - 1].segments[0]) : null;
      const head = above && nameLike(above) ? named(top[i - 1], above) : isFormAlone(l.text, settings) ? wideAbove : null;
      if (head && (isFormAlone(whole.text, settings) || (/^[([]/.test(whole.text) && endsInCompanyForm(whole.text, settings)))) return joined(head, whole);
      if (nameLike(s) && endsInCompanyForm(whole.text, settings)) return whole;
      // A form set apart on the name's line ("toom | Baumarkt | GmbH"): the words before it are the name, a logo's
      // lettering read unsurely included.
      const before = l.segments.slice(0, si);
      if (before.length && isFormAlone(s.text, settings) && before.every((b) => /\p{L}{2}/u.test(b.text))) {
        const ws = [...before, s].flatMap((b) => b.words);
        return { words: ws, text: textOf(ws), box: { ...before[0].box, x2: s.box.x2 } };
      }
    }
  }
  top.forEach((l, i) => {
    for (const s of l.segments) {
      if (!nameLike(s) || continuesBlock(lines, lines.indexOf(l), s, settings) || labelledBlock(i, s)) continue;
      const h = Math.max(...s.words.map((w) => w.box.y2 - w.box.y1));
      const score = h * (1 - i * S.parties.letterheadLineFalloff);
      if (score > bestScore * S.parties.letterheadClearlyTaller) {
        best = named(l, s);
        bestScore = score;
      }
    }
  });
  return best;
}

/** The issuer's one-line form, the first on the page (over the window, else in the footer). */
function senderLine(lines: Line[], settings: EngineSettings): { name: Word[]; address: Word[] } | null {
  for (const l of lines) {
    for (const seg of l.segments) {
      const split = splitSenderLine(seg, settings);
      if (split && fitValue('name', split.name, settings)) return split;
    }
  }
  return null;
}

/**
 * The block head printed with the sender line's name alone ("Bei Spiel GmbH"
 * over its street): the issuer's letterhead, wherever a taller name stands.
 */
function namedBy(lines: Line[], name: Word[]): Segment | null {
  const text = textOf(name);
  for (const l of lines) for (const seg of l.segments) if (seg.text === text && seg.words[0] !== name[0]) return seg;
  return null;
}

/**
 * The address a few lines under the letterhead in its column when a tax or
 * registration line stands between ("DOMINO'S PIZZA" / "GST REF NO : …" /
 * a branch name / "D-08, M Avenue" … "51200 Kuala Lumpur"): the first street
 * line whose block ends in a postal line, the lines running on without a gap.
 */
function streetBelow(lines: Line[], head: Segment, settings: EngineSettings): Segment[] | null {
  const { addressGapLines, maxAddressLines } = settings.fields;
  const li = lines.findIndex((l) => l.words.includes(head.words[0]));
  for (let i = li + 1; li >= 0 && i < Math.min(lines.length, li + 1 + maxAddressLines); i++) {
    if (lines[i].box.y1 - lines[i - 1].box.y2 > lines[i - 1].height * addressGapLines) return null;
    const seg = inColumn(lines[i], head, settings);
    if (!seg || endsAddress(seg, settings) || !(holdsNumber(seg.text, settings) || STREET_START.test(seg.text))) continue;
    const rest = addressUnder(lines, seg, true, settings);
    if (rest) return [seg, ...rest];
  }
  return null;
}

/**
 * The address a page opens with, over any name (a till that prints its logo in place of its name): a street line or
 * an address line over the street ("Einkaufszentrum Nord") at the top, above the letterhead found or taken for it,
 * heading lines that end in a postal line.
 */
function openingAddress(lines: Line[], head: Segment | null, settings: EngineSettings): Segment[] | null {
  const S = settings.fields;
  const at = head ? lines.findIndex((l) => l.words.includes(head.words[0])) : lines.length;
  for (const [i, l] of lines.slice(0, Math.min(at + 1, S.letterheadLines)).entries()) {
    if (l.box.y1 >= S.letterheadTop) break;
    // The letterhead found is itself the address's first line when it holds a number and its postal line is right
    // under it ("SCHLOSSALLEE 107"), or when it opens as an address line over the street ("Winkelcentrum Zuidplein,").
    const street = l.segments.find((s) => isStreetLine(s.text) || isAddressLine(s.text) || (s === head && holdsNumber(s.text, settings)));
    const rest = street && addressUnder(lines, street, true, settings);
    if (street && rest && (i < at || (street === head && (isPostalLine(rest[0].text) || isAddressLine(head.text))))) return [street, ...rest];
  }
  return null;
}

/**
 * The issuer: the one-line sender names it surest (a letterhead may be a
 * logo's words, the addressee's name may be printed taller); its letterhead is
 * the block that name heads, else the tallest text at the top; its address is
 * the block under the letterhead when that ends in a postal line, else the
 * sender line's, else what the letterhead has under it.
 */
export function issuer(lines: Line[], settings: EngineSettings): Party {
  const sender = senderLine(lines, settings);
  const named = (sender && namedBy(lines, sender.name)) ?? letterhead(lines, settings);
  const opening = openingAddress(lines, named, settings);
  const head = named && opening?.includes(named) ? null : named;
  if (opening) return { name: head?.words ?? null, address: opening.flatMap((s) => s.words), segments: [...(head ? [head] : []), ...opening] };
  const block = head ? addressUnder(lines, head, false, settings) ?? streetBelow(lines, head, settings) : null;
  // Lines under the name before the first with a number name the party further (a brand, "Licensee of ..."): the
  // address starts at its street (a number, or a street word: "Jalan Lapangan Terbang") or postcode, or at the
  // address lines right over the street (an attention line, a department, a building: "z. Hd. Frau Krüger"), or at a
  // line over it the till ends in a comma: the comma runs the address on ("Einkaufszentrum Nord," over the street).
  // A postcode first is the street's line under a street printed without a number ("AUTOROUTE RABAT MEKNES" over
  // "15000 KHEMISSET"): the line over it is the street.
  let street = block ? block.findIndex((s) => holdsNumber(s.text, settings) || STREET_START.test(s.text)) : -1;
  if (block && street > 0 && isPostalLine(block[street].text)) street--;
  while (block && street > 0 && (isAddressLine(block[street - 1].text) || /,$/.test(block[street - 1].text))) street--;
  const addressLines = block && street > 0 ? block.slice(street) : block;
  const postal = addressLines?.some((s) => isPostalLine(s.text));
  const address = postal ? addressLines : null;
  return {
    name: sender?.name ?? head?.words ?? null,
    address: address?.flatMap((s) => s.words) ?? sender?.address ?? addressLines?.flatMap((s) => s.words) ?? null,
    segments: head ? [head, ...(block ?? [])] : [],
  };
}

/**
 * The addressee: the first block under the letterhead of a name line and
 * address lines ending in a postal line; labels over it ("Bill to", "Aan")
 * and the sender line are passed over.
 */
export function addressee(lines: Line[], from: Party, settings: EngineSettings): Party | null {
  const S = settings.fields;
  const taken = new Set(from.segments);
  for (const l of lines) {
    if (l.box.y1 < S.windowTop || l.box.y1 > S.windowBottom) continue;
    for (const seg of l.segments) {
      if (taken.has(seg) || endsAddress(seg, settings) || /\d/.test(seg.text) || !fitValue('name', seg.words, settings)) continue;
      const address = addressUnder(lines, seg, true, settings);
      if (!address) continue;
      // A label a scan misread past knowing ("Sunnliar" for "Supplier") stands over the block as one word: the name
      // of several words under it, above the street, is the party's.
      const under = address[0];
      if (seg.words.length === 1 && address.length >= S.parties.misreadLabelBlockLines && under.words.length >= S.parties.misreadLabelNameWords && !/\d/.test(under.text) && fitValue('name', under.words, settings)) {
        return { name: under.words, address: address.slice(1).flatMap((s) => s.words), segments: [seg, ...address] };
      }
      return { name: seg.words, address: address.flatMap((s) => s.words), segments: [seg, ...address] };
    }
  }
  return null;
}

/** A purchase order's title near the top of the page. */
export function isPurchaseOrder(lines: Line[], settings: EngineSettings): boolean {
  return lines.some((l) => l.box.y1 < settings.fields.windowBottom && l.segments.some((s) => PURCHASE_ORDER_TITLE.test(s.text) && !/[:：]/.test(s.text)));
}
