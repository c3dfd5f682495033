/**
 * What a request asks, read once for every stage: each field's format
 * (numeric dates in the page's own day/month order), the catalogue concept
 * its name means, whether it is a pure location (a photo, a signature), and
 * whether the request asks for document values only.
 */
import { conceptById, resolveConcept, type Concept } from '../concepts/index.js';
import { BARE_WORD_LINE_READINGS } from '../concepts/line.js';
import { resolveFormat, type FormatSpec, type ValueKind } from '../format/index.js';
import { ABBREVIATIONS, SYNONYMS } from '../lexicon.js';
import { isPureLocationField } from '../pure-location.js';
import type { ExtractRequest, FieldSpec } from '../types.js';
import type { FieldRequest } from './columns/column-mapping.js';
import type { Line } from './lines/lines.js';
import { pageDateOrder } from './values/page-conventions.js';
import type { EngineSettings } from '../settings.js';

/** A field read as text (not a pure location), with its place in the request. */
export interface TextField extends FieldRequest {
  concept: Concept | null;
  index: number;
}

export interface AskedFields {
  fields: FieldSpec[];
  /** The format each field's values take, by request index. */
  specs: FormatSpec[];
  /** The concept each field's name means, by request index (null: none, or a pure location). */
  concepts: Array<Concept | null>;
  /** Pure-location fields, by request index. */
  located: boolean[];
  textual: TextField[];
  /** Document-level fields only (number, date, parties, totals): one row of values unless a table lists them as columns. */
  documentOnly: boolean;
  /** Several fields, or one bare word ("Amount"): a request a table's columns may answer. */
  asColumns: boolean;
}

/** The format kind a concept's values are checked against when the request names none. */
function formatKindOf(concept: Concept | null): ValueKind | undefined {
  if (!concept) return undefined;
  if (concept.kind === 'date') return 'date';
  if (concept.kind === 'money' || concept.kind === 'number') return 'number';
  return concept.kind === 'percent' ? 'percent' : undefined;
}

/** Words in a field name: `total_amount`, `totalAmount` and `Total amount` have two. */
function wordsOf(name: string): string[] {
  return name.replace(/([a-z])([A-Z])/g, '$1 $2').split(/[\s_\-.]+/).filter(Boolean);
}

/** A name of one word ("amount", "Total"), not an identifier of several (`total_amount`). */
const isBareWord = (name: string) => wordsOf(name).length <= 1;

/** A name typed as an identifier opens in lower case (`total`, `item_desc`); a printed heading ("Total", "Desc.") does not. */
const isIdentifier = (name: string) => /^\p{Ll}[\p{L}\p{N}_]*$/u.test(name);

/**
 * The line concept a word of an identifier-style name means, the last word
 * first (`item_price`: price, `articleName`: article). A name with spaces is
 * a printed heading ("Number of items"), matched as written.
 */
function lineConceptOfWords(name: string): Concept | undefined {
  if (/\s/.test(name.trim())) return undefined;
  return wordsOf(name)
    .reverse()
    .map((w) => resolveConcept(w))
    .find((c) => c?.level === 'line') ?? undefined;
}

/**
 * A name with its words the English lexicon abbreviates written out (`item_desc`: item description, `line_amt`: line
 * amount), null when it has none. A name is typed by an integrator: "desc" is a description, though a Portuguese
 * invoice prints "Desc." over the discount.
 */
function writtenOut(name: string): string | null {
  // A printed heading ("Desc.", "Art.-Nr.", Dutch "Tot") is matched as written.
  if (!isIdentifier(name)) return null;
  const words = wordsOf(name);
  const out = words.map((w) => ABBREVIATIONS[w.toLowerCase()] ?? w);
  return out.some((w, i) => w !== words[i]) ? out.join('_').replace(/ /g, '_') : null;
}

/**
 * The concept a field name means: its words written out first (`writtenOut`), then as typed, then the line concept
 * one of its words means ("item_price", "article_name").
 */
function conceptOfName(name: string): Concept | null {
  const full = writtenOut(name);
  return (full ? resolveConcept(full) : null) ?? resolveConcept(name) ?? (full ? lineConceptOfWords(full) : undefined) ?? lineConceptOfWords(name) ?? null;
}

/**
 * The line concept a bare word the catalogue leaves alone means as a column head: the canonical word of its
 * synonym group ("name" is a description, as a "Name" head is), when that word is a line concept.
 */
function lineConceptOfSynonym(name: string): Concept | undefined {
  const word = name.trim().toLowerCase();
  const group = SYNONYMS.find((g) => g.includes(word));
  const c = group ? resolveConcept(group[0]) : null;
  return c?.level === 'line' ? c : undefined;
}

export function readRequest(request: ExtractRequest, lines: Line[], settings: EngineSettings): AskedFields {
  const fields = request.fields;
  const requested = fields.map((f) => resolveFormat(f.formatRequirement, request.globalFormatRequirement));
  // Numeric dates converted by a requirement read in the page's own order (03/05/2024 is March on a US invoice).
  const order = requested.some((s) => s.datePattern && s.monthFirstInput === undefined) ? pageDateOrder(lines, settings) : 'day_first';
  const specs = requested.map((s) => (s.datePattern && s.monthFirstInput === undefined ? { ...s, monthFirstInput: order === 'month_first' } : s));
  const located = fields.map(isPureLocationField);
  const named = fields.map((f, i) => (located[i] ? null : conceptOfName(f.name)));
  // Beside line fields a bare word ("amount", "Total") names the items' column, not the document's value. A bare word no
  // concept claims that heads an item column ("name") beside a bare word with an item reading ("amount") asks for items too.
  const bare = fields.map((f, i) => !located[i] && isBareWord(f.name));
  const itemWords = named.some((c, i) => bare[i] && !c && lineConceptOfSynonym(fields[i].name)) && named.some((c, i) => bare[i] && c && BARE_WORD_LINE_READINGS[c.id]);
  const withLines = named.some((c) => c?.level === 'line') || itemWords;
  const concepts = named.map((c, i) => {
    const asItem = withLines && bare[i];
    // A bare word no concept claims ("name") beside line fields is the column its synonyms head.
    if (asItem && !c) return lineConceptOfSynonym(fields[i].name) ?? null;
    const line = asItem && c ? BARE_WORD_LINE_READINGS[c.id] : undefined;
    // A reading another field asks for by name keeps the word the document's ("Imponibile" beside `line_total`).
    if (line && named.some((o, j) => j !== i && o?.id === line)) return c;
    return line ? conceptById(line) ?? c : c;
  });
  // A price asked with neither quantity nor line total is what each line costs: an "Amount" head names it too.
  const asks = (id: string) => concepts.some((c) => c?.id === id);
  const priceAlone = asks('unit_price') && !asks('quantity') && !asks('line_total');
  const textual = fields
    .map((f, i) => ({
      name: f.name,
      kind: specs[i].kind ?? formatKindOf(concepts[i]),
      concept: concepts[i],
      index: i,
      ...(priceAlone && concepts[i]?.id === 'unit_price' ? { alsoNamedBy: conceptById('line_total') } : {}),
    }))
    .filter((f) => !located[f.index]);
  // One field alone named as a document value ("total_amount", "invoiceDate") is the document's, not a column a head
  // happens to name ("Amount"); a bare word written as a head prints it ("Total") may still be a column. Typed as an
  // identifier (`total`, `amount`), it is the document's: an integrator asking one value of a till means its total,
  // not the items' "AMOUNT" column (SROIE asked `total` alone: 33 of 67 tuning receipts, 57 with other fields).
  const documentOnly = textual.length > 0 && textual.every((f) => f.concept?.level === 'document');
  const lone = textual[0]?.name ?? '';
  const asColumns = textual.length > 1 || (isBareWord(lone) && !isIdentifier(lone));
  return { fields, specs, concepts, located, textual, documentOnly, asColumns };
}
