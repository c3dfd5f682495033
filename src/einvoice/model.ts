/**
 * The EN 16931 business terms docrows reads, one model for both syntaxes.
 * Values stay as the XML writes them (amounts as decimal strings, dates as
 * ISO YYYY-MM-DD): exact, and free of any rounding. Comments name the
 * business term (BT-n) of the semantic model.
 */

export type Syntax = 'UBL' | 'CII';

export interface Party {
  /** BT-27 / BT-44 */
  name: string | null;
  /** BT-35..BT-40 / BT-50..BT-55, lines in print order. */
  street: string | null;
  additionalStreet: string | null;
  postcode: string | null;
  city: string | null;
  countryCode: string | null;
  /** BT-31 / BT-48 */
  vatId: string | null;
  /** BT-32: the seller's tax registration other than VAT (Steuernummer). */
  taxRegistrationId: string | null;
  /** BT-30 / BT-47 */
  legalId: string | null;
}

export interface TaxBreakdown {
  /** BT-118 */
  category: string | null;
  /** BT-119 */
  rate: string | null;
  /** BT-116 */
  basis: string | null;
  /** BT-117 */
  amount: string | null;
}

export interface InvoiceLine {
  /** BT-126 */
  id: string | null;
  /** BT-153 */
  name: string | null;
  /** BT-154 */
  description: string | null;
  /** BT-155 */
  sellerItemId: string | null;
  /** BT-129 */
  quantity: string | null;
  /** BT-130 */
  unitCode: string | null;
  /** BT-146 */
  netPrice: string | null;
  /** BT-131 */
  netAmount: string | null;
  /** BT-151 */
  vatCategory: string | null;
  /** BT-152 */
  vatRate: string | null;
}

export interface EInvoice {
  syntax: Syntax;
  /** BT-24: the specification identifier (guideline id) of the profile. */
  profile: string | null;
  /** BT-1 */
  number: string | null;
  /** BT-2, YYYY-MM-DD */
  issueDate: string | null;
  /** BT-3, e.g. 380 invoice, 381 credit note */
  typeCode: string | null;
  creditNote: boolean;
  /** BT-5 */
  currency: string | null;
  /** BT-9, YYYY-MM-DD */
  dueDate: string | null;
  /** BT-10 */
  buyerReference: string | null;
  /** BT-13 */
  orderReference: string | null;
  /** BT-72, YYYY-MM-DD */
  deliveryDate: string | null;
  /** BT-22 (first note), for the rendered page. */
  note: string | null;
  seller: Party;
  buyer: Party;
  /** BT-84 */
  iban: string | null;
  /** BT-86 */
  bic: string | null;
  /** BT-20 */
  paymentTerms: string | null;
  totals: {
    /** BT-106 */
    lineNet: string | null;
    /** BT-107 */
    allowances: string | null;
    /** BT-108 */
    charges: string | null;
    /** BT-109 */
    taxExclusive: string | null;
    /** BT-110 */
    tax: string | null;
    /** BT-112 */
    grandTotal: string | null;
    /** BT-113 */
    prepaid: string | null;
    /** BT-115 */
    due: string | null;
  };
  taxes: TaxBreakdown[];
  lines: InvoiceLine[];
}

export const emptyParty = (): Party => ({
  name: null,
  street: null,
  additionalStreet: null,
  postcode: null,
  city: null,
  countryCode: null,
  vatId: null,
  taxRegistrationId: null,
  legalId: null,
});

/** UNTDID 1001 codes that mean a credit note (381 credit note, 396 factored, 532 forwarder's, 261 self-billed). */
const CREDIT_NOTE_CODES = new Set(['381', '396', '532', '261', '262', '81', '83']);

export const isCreditNoteCode = (code: string | null): boolean => code !== null && CREDIT_NOTE_CODES.has(code);

/** The party's address as one line of print order: street, additional line, postcode and city, country. */
export function partyAddress(p: Party): string | null {
  const place = [p.postcode, p.city].filter(Boolean).join(' ');
  const parts = [p.street, p.additionalStreet, place, p.countryCode].filter((s): s is string => !!s);
  return parts.length ? parts.join(', ') : null;
}
