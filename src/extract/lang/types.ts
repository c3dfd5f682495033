/**
 * What the engine knows of one language: everything it reads or prints in
 * it. Each language is a folder of plain data (`<code>/index.ts`,
 * `<code>/labels.ts`, its OCR model); `index.ts` registers them, and the rest
 * of the engine reads languages only from there.
 */

/** Printed labels per concept id (concepts/document.ts, concepts/line.ts), variants `|`-separated. */
export type ConceptLabels = Readonly<Record<string, string>>;

/** The OCR model a page of the language is read with. */
export interface OcrModel {
  /** Tesseract's code of the model ("deu"). */
  code: string;
  /**
   * Where the gzipped traineddata lies: `folder` beside this language's
   * files (`<code>.traineddata.gz`, the upstream file unchanged), or `npm`
   * in an npm package (`@tesseract.js-data/<code>`).
   */
  source: 'folder' | 'npm';
  /** SHA-256 of the uncompressed traineddata, checked by test/extract/ocr-languages.test.ts (folder models). */
  sha256?: string;
}

/**
 * Words that mark the lines of a table and its surroundings, each a regular
 * expression source without anchors (lexicon.ts joins the languages' lists
 * into one expression and anchors it). A list the language has not written
 * yet is left out.
 */
export interface TableWords {
  /** Summary lines under a table ("Subtotal", "Balance due"). */
  summary?: string[];
  /** Filler and flag values in data cells ("NA", "Yes"). */
  filler?: string[];
  /** Words before a colon that open a footnote ("Note:", "Other sources:"). */
  footnote?: string[];
  /** Words that open a note rather than a row ("Source", "Notes"). */
  note?: string[];
  /** Words that open a caption before its number ("Table 3", "Fig. 2"). */
  caption?: string[];
  /** Words a cell ending mid-phrase ends with ("Bread and"). */
  continued?: string[];
}

/** Words of business documents beyond the concept labels. */
export interface DocumentWords {
  /** Titles of a business document: a heading, never a party's name ("Invoice", "Rechnung"). */
  titles: string[];
  /** Words that may stand before a title and keep it one ("Tax invoice"). */
  titlePrefixes?: string[];
  /** Titles of a purchase order, which its buyer issues. */
  purchaseOrderTitles: string[];
  /** The change a receipt gives back ("Change", "Rückgeld"). */
  change: string[];
  /**
   * The words a receipt line under an item starts with when it lowers that item's amount ("Rabatt 0,30-", "Savings
   * -1.00", "Promoção -0,50"), as expression sources: the line is no item of its own.
   */
  itemAdjustments?: string[];
  /**
   * The savings a till tells under an item whose price it already lowered ("You saved 0.50", "Sie sparen 0,50"), and
   * the word of a voided item's line ("Storno -2,29", "VOID"), as expression sources: neither line is an item.
   */
  savingsTold?: string[];
  voids?: string[];
  /** The rounding a receipt adds to its total when it is paid in cash ("Rounding Adj.", "Rundung"), as expression sources. */
  rounding?: string[];
  /**
   * Words inside a tax label, lower case: before its rate ("TVA à 20 %", "VAT at 20%") and between the rate and the
   * amount it is levied on ("VAT 20% on 1,234.00", "MwSt. 19 % auf 250,00", "IVA 21% s/ 5.804,90").
   */
  taxJoins?: { rate: string[]; base: string[] };
  /** Means of payment a receipt prints before the amount paid ("Card", "Bar"). */
  payment: string[];
  /** Words that open a contact or registration line, which is not part of the address above it ("Tel.", "USt-IdNr."). */
  contact: string[];
  /**
   * Words that open a street line of an address before its name or number ("Jalan Lapangan Terbang", "Lot 1626",
   * "Rue de la Paix", "ul. Długa 5"), lower case without their dot. English lists the Malay ones its receipts print.
   */
  streets?: string[];
  /**
   * Words that open a line of an address above its street, as expression sources: whom the mail is for, a
   * department, a building or an estate ("Attn: Accounts", "z. Hd. Frau Krüger", "Bâtiment C", "Polígono Industrial").
   */
  addressLines?: string[];
  /**
   * Legal forms that end a company's name ("GmbH", "Sdn Bhd", "S.A."), as plain lower-case letters with the words
   * apart, marks left out ("sb" stands for S/B, "sp z oo" for Sp. z o.o.).
   */
  companyForms?: string[];
}

/** Words the lexical header match uses (layout/columns/field-match.ts); a list not written yet is left out. */
export interface HeaderWords {
  /** Abbreviation → the word it stands for ("qty" → "quantity"). */
  abbreviations?: Readonly<Record<string, string>>;
  /** Groups of words that mean the same thing; the first is the canonical form. */
  synonyms?: string[][];
  /** Words that carry no meaning in a header ("of", "per"). */
  stopWords?: string[];
}

/** The words of an e-invoice rendered to a page (src/einvoice). */
export interface PrintLabels {
  invoice: string;
  creditNote: string;
  number: string;
  issueDate: string;
  dueDate: string;
  deliveryDate: string;
  buyerReference: string;
  orderReference: string;
  seller: string;
  buyer: string;
  vatId: string;
  taxNumber: string;
  legalId: string;
  position: string;
  itemId: string;
  item: string;
  quantity: string;
  unit: string;
  price: string;
  vatRate: string;
  amount: string;
  lineNet: string;
  allowances: string;
  charges: string;
  taxBasis: string;
  vat: string;
  total: string;
  prepaid: string;
  due: string;
  payment: string;
  page: string;
  /** How the language writes the units an e-invoice gives as UN/ECE Rec. 20 codes with no symbol of their own (src/einvoice/units.ts). */
  units: UnitWords;
}

export interface UnitWords {
  piece: string;
  pack: string;
  lumpSum: string;
  day: string;
  week: string;
  month: string;
  year: string;
}

/** How the language writes a date with its month's name (format/dates.ts); a list not written yet is left out. */
export interface DateHabits {
  /** Ordinal endings after the day ("12th", "1er"). */
  ordinals?: string[];
  /** Words between the day and the month ("12th of March", "15 de marzo"). */
  dayJoins?: string[];
  /** Words between the month and the year ("marzo de 2024"). */
  yearJoins?: string[];
}

export interface Language {
  /** ISO 639-1 code, the folder's name ("de"). */
  code: string;
  /** English name ("German"). */
  name: string;
  ocr: OcrModel;
  /** The concept catalogue's printed labels. */
  labels: ConceptLabels;
  /** Month names, January first, accents folded; each month's variants (abbreviations are their prefixes). */
  months: string[][];
  /** Weekday names and their abbreviations, accents folded: a date may open with one. */
  weekdays: string[];
  dates?: DateHabits;
  /**
   * Short words every text of the language is full of, space-separated:
   * with the labels' words they tell a page's language (read/page-language.ts).
   * Words shared with English ("in", "a") are left out.
   */
  functionWords: string;
  /** Lower-case letters that fold to plain ones when words are compared, beyond dropping accents (`ß` → `ss`, `ł` → `l`). */
  folds?: Readonly<Record<string, string>>;
  /**
   * Lower-case letters as a keyboard without them types them (`ä` → `ae`): a field name typed so ("faelligkeitsdatum")
   * names the label the page prints with them (concepts/index.ts). Capitals follow (`Ä` → `Ae`).
   */
  typed?: Readonly<Record<string, string>>;
  /**
   * Words that only join a label's words, lower case without marks ("Date d'échéance", "Fecha de vencimiento", "Date
   * of issue"): a field name made of the label's words may leave them out ("date_echeance").
   */
  linkWords?: string[];
  /** Letters the English OCR model puts out now and then that only this language prints (`/[äöüß]/i`). */
  letters?: RegExp;
  /** Country codes whose e-invoices are printed in this language (the seller's country). */
  countries: string[];
  /** Words a yes-or-no value is printed as, lower case (a checkbox field answered "Ja"): format/ turns them into the requested pair. */
  answers?: { yes: string[]; no: string[] };
  table?: TableWords;
  document: DocumentWords;
  header?: HeaderWords;
  print: PrintLabels;
}
