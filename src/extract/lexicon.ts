/**
 * The word lists of the table, header and document-value stages, each the
 * union of every registered language's list (src/extract/lang/<code>/index.ts)
 * and the few marks no language owns. The words themselves live in the
 * language folders; this file only joins and anchors them.
 */
import { LANGUAGE_LIST } from './lang/index.js';
import type { DocumentWords, HeaderWords, TableWords } from './lang/types.js';

const tableWords = (key: keyof TableWords) => LANGUAGE_LIST.flatMap((l) => l.table?.[key] ?? []);
const documentWords = (key: Exclude<keyof DocumentWords, 'taxJoins'>) => LANGUAGE_LIST.flatMap((l) => l.document[key] ?? []);
const headerLists = <K extends keyof HeaderWords>(key: K) => LANGUAGE_LIST.flatMap((l) => (l.header?.[key] ? [l.header[key]] : []));

/** Alternatives as one group; a group with no words matches nothing. */
const anyOf = (words: readonly string[]) => (words.length ? `(?:${words.join('|')})` : '(?!)');

/** Abbreviations in header and field names, expanded before matching ("Qty." → quantity). */
export const ABBREVIATIONS: Record<string, string> = Object.assign({}, ...headerLists('abbreviations'));

/** Groups of words that mean the same thing on business documents; the first is the canonical form. */
export const SYNONYMS: string[][] = headerLists('synonyms').flat();

/** Words that carry no meaning in a header ("Price per unit" ~ "Unit price"). */
export const STOP_WORDS = new Set(headerLists('stopWords').flat());

/** Labels of summary lines under a table (Subtotal, VAT, Total, Balance due...). */
export const SUMMARY_LABEL = new RegExp(`^${anyOf(tableWords('summary'))}\\b`, 'i');

/** Marks that fill or flag a data cell in any language ("✓", "–", "…"). */
const FILLER_MARKS = ['✓', '✔', '\\*+', '[-–—]+', '\\.{2,}', '…'];

/** Filler and flag values fill data cells of text tables ("NA", "Yes", "–"). */
export const FILLER_VALUE = new RegExp(`^${anyOf([...tableWords('filler'), ...FILLER_MARKS])}$`, 'i');

/**
 * A footnote under a table: a language's footnote word and a colon ("Note:",
 * "Other sources:"), or a marker before prose ("* excludes VAT", "†
 * estimate"). "*Item 3" (a flagged row) has no space.
 */
export const FOOTNOTE_START = new RegExp(`^${anyOf(tableWords('footnote'))}\\s*:|^[*†‡]+\\s+\\S`, 'i');

/** A line that starts like a note rather than a row. */
export const NOTE_START = new RegExp(`^${anyOf([...tableWords('note'), '\\*', '†', '‡'])}\\b`, 'i');

/** A caption above a table ("Table 3", "Fig. 2"). */
export const CAPTION_START = new RegExp(`^${anyOf(tableWords('caption'))}\\s*[\\dIVX]`, 'i');

/** A cell ending like an unfinished phrase continues on the next line ("Bread and"). */
export const CONTINUED_CELL_END = new RegExp(`[-,&/]$|\\b${anyOf(tableWords('continued'))}$`, 'i');

/** Title words of a business document in every language: a heading, never a party's name. */
export const DOCUMENT_TITLE = new RegExp(`^(?:${anyOf(documentWords('titlePrefixes'))})?${anyOf(documentWords('titles'))}\\b`, 'i');

/** Titles of a purchase order, which its buyer issues: the letterhead is the buyer, the addressee the supplier. */
export const PURCHASE_ORDER_TITLE = new RegExp(`^${anyOf(documentWords('purchaseOrderTitles'))}\\b`, 'i');

/** Words joining a tax label to its rate ("à" in "TVA à 20 %"), in every language, lower case. */
export const TAX_RATE_JOINS: ReadonlySet<string> = new Set(LANGUAGE_LIST.flatMap((l) => l.document.taxJoins?.rate ?? []));

/** Words joining a tax rate to the amount it is levied on ("on" in "VAT 20% on 1,234.00"), in every language, lower case. */
export const TAX_BASE_JOINS: ReadonlySet<string> = new Set(LANGUAGE_LIST.flatMap((l) => l.document.taxJoins?.base ?? []));

/** The words for the change a receipt gives back after the amount tendered, in every language. */
export const CHANGE_WORDS: readonly string[] = documentWords('change');

/** The change a receipt gives back after the amount tendered, in every language ("Change 18.20", "Rückgeld 0,01"). */
export const CHANGE_GIVEN = new RegExp(`^${anyOf(CHANGE_WORDS)}$`, 'i');

/** A receipt line under an item that lowers its amount, in every language ("Rabatt", "Savings", "Promoção"): its label's start. */
export const ITEM_ADJUSTMENT = new RegExp(`^${anyOf(documentWords('itemAdjustments'))}\\b`, 'iu');

/**
 * A receipt line that tells savings or voids an item ("You saved 0.50", "Storno -2,29"), in every language: its
 * label's start. A letter may not follow (a till's accented words end where `\b` sees none).
 */
export const ITEM_NOTE = new RegExp(`^${anyOf([...documentWords('savingsTold'), ...documentWords('voids')])}(?![\\p{L}\\d])`, 'iu');

/** The rounding line of a receipt paid in cash, in every language ("Rounding Adj. 0.02", "Rundung -0,01"): its label's start. */
export const ROUNDING_LABEL = new RegExp(`^${anyOf(documentWords('rounding'))}\\b`, 'i');

/** Registries and bank codes that print the same in every language ("IBAN", "GLN 4333741000005"). */
const REGISTRY_WORDS = ['iban', 'bic', 'swift', 'gln'];

/** Words that open a contact or registration line under an address ("Tel.", "USt-IdNr.", "P.IVA"), as expression sources. */
export const CONTACT_WORDS: readonly string[] = [...documentWords('contact'), ...REGISTRY_WORDS];

/** Card schemes, printed the same in every language. */
const CARD_SCHEMES = ['visa', 'mastercard', 'maestro', 'amex'];

/** Means of payment a receipt prints before the amount paid, in every language ("Card 12,00", "Bar 20,00", "Espèces"). */
export const PAYMENT_MEANS = new RegExp(`^${anyOf([...documentWords('payment'), ...CARD_SCHEMES])}$`, 'i');

/** Legal forms that end a company's name in every language ("gmbh", "sdn bhd", "sa"), plain lower-case letters, words apart. */
export const COMPANY_FORMS: readonly string[] = [...new Set(documentWords('companyForms'))];

/**
 * A line that opens with the words of an address line above the street in any language ("Attn: Accounts",
 * "z. Hd. Frau Krüger", "Bâtiment C"): part of the address, its colon no label's.
 */
export const ADDRESS_LINE_START = new RegExp(`^${anyOf(documentWords('addressLines'))}(?=$|[\\s:.,])`, 'iu');

/** A line that opens with a street word in any language ("Jalan …", "Lot 1626", "Rue …", "ul. …"): a street line of an address. */
export const STREET_START = new RegExp(`^${anyOf(documentWords('streets'))}\\b\\.?`, 'i');

/** A line that ends in a street word, its name before it ("10250 Harbour Road", "12 MAPLE AVENUE,"): a street line. */
export const STREET_END = new RegExp(`(?:^|\\s)${anyOf(documentWords('streets'))}\\.?[,.]?$`, 'i');

/** Words that only join a label's words ("de" in "Fecha de vencimiento", "of" in "Date of issue"), in every language. */
export const LINK_WORDS: ReadonlySet<string> = new Set(LANGUAGE_LIST.flatMap((l) => l.linkWords ?? []));

/**
 * Letters as a keyboard without them types them, in every language, each capital beside its lower-case form (`ä` →
 * `ae`, `Ä` → `Ae`).
 */
export const TYPED_LETTERS: ReadonlyArray<readonly [RegExp, string]> = LANGUAGE_LIST.flatMap((l) =>
  Object.entries(l.typed ?? {}).flatMap(([letter, typed]) => [
    [new RegExp(letter, 'g'), typed] as const,
    [new RegExp(letter.toUpperCase(), 'g'), typed[0].toUpperCase() + typed.slice(1)] as const,
  ]),
);
