/**
 * Which EN 16931 business term answers a requested field. Names go through
 * the concept catalogue (`invoice_number`, `Rechnungsnummer`, `seller_vat_id`,
 * `unit_price` all resolve there); a few terms the catalogue has no concept
 * for (buyer reference, legal ids, VAT category) are named here.
 */
import { conceptTokens, resolveConcept } from '../extract/concepts/index.js';
import { partyAddress, type EInvoice, type InvoiceLine, type Party } from './model.js';
import { invoiceUnit } from './units.js';

export type TermLevel = 'document' | 'line';

export interface Term {
  level: TermLevel;
  /** The value kind, for locating and formatting: amounts and dates are matched by meaning, not by spelling. */
  kind: 'money' | 'number' | 'percent' | 'date' | 'text';
  /** The XML's value for the invoice (document level) or for one line; null when the XML leaves it out. */
  read: (invoice: EInvoice, line: InvoiceLine | null) => string | null;
  /** For a value printed over several lines (an address): the pieces to locate one by one. */
  parts?: (invoice: EInvoice) => Array<string | null>;
  /** The page may spell the value its own way (a unit: `Stück` for `Stk`): its reading is the value's spelling, not a disagreement. */
  pageSpelling?: boolean;
}

const doc = (kind: Term['kind'], read: (i: EInvoice) => string | null): Term => ({ level: 'document', kind, read: (i) => read(i) });
const line = (kind: Term['kind'], read: (l: InvoiceLine) => string | null): Term => ({
  level: 'line',
  kind,
  read: (_i, l) => (l ? read(l) : null),
});

/**
 * A credit note's amounts as the document means them: money going back to
 * the buyer, so negative. Most credit notes write them positive (EN 16931
 * wants that; the type code says they are credits); one that writes its
 * total negative has signed them already and is left as written.
 */
function credited(i: EInvoice, amount: string | null): string | null {
  if (amount === null || !i.creditNote || (i.totals.grandTotal ?? i.totals.due ?? '').startsWith('-')) return amount;
  return amount.startsWith('-') ? amount.slice(1) : `-${amount}`;
}

/** An amount of the invoice, of a line: signed as the document means it (a unit price is a price, never signed). */
const docAmount = (read: (i: EInvoice) => string | null): Term => doc('money', (i) => credited(i, read(i)));
const lineAmount = (read: (l: InvoiceLine) => string | null): Term => ({
  level: 'line',
  kind: 'money',
  read: (i, l) => (l ? credited(i, read(l)) : null),
});

const addressParts = (p: Party) => [p.street, p.additionalStreet, [p.postcode, p.city].filter(Boolean).join(' ') || null];

/** A single VAT rate for the whole invoice, or null when it has several. */
function singleRate(i: EInvoice): string | null {
  const rates = new Set([...i.taxes.map((t) => t.rate), ...i.lines.map((l) => l.vatRate)].filter((r): r is string => r !== null).map(Number));
  return rates.size === 1 ? (i.taxes.find((t) => t.rate !== null)?.rate ?? i.lines.find((l) => l.vatRate !== null)?.vatRate ?? null) : null;
}

/** Catalogue concept id → business term. */
const BY_CONCEPT: Record<string, Term> = {
  document_number: doc('text', (i) => i.number),
  invoice_number: doc('text', (i) => i.number),
  credit_note_number: doc('text', (i) => i.number),
  document_date: doc('date', (i) => i.issueDate),
  invoice_date: doc('date', (i) => i.issueDate),
  due_date: doc('date', (i) => i.dueDate),
  delivery_date: doc('date', (i) => i.deliveryDate),
  ship_date: doc('date', (i) => i.deliveryDate),
  order_number: doc('text', (i) => i.orderReference),
  purchase_order_number: doc('text', (i) => i.orderReference),
  seller_name: doc('text', (i) => i.seller.name),
  buyer_name: doc('text', (i) => i.buyer.name),
  seller_address: { ...doc('text', (i) => partyAddress(i.seller)), parts: (i) => addressParts(i.seller) },
  buyer_address: { ...doc('text', (i) => partyAddress(i.buyer)), parts: (i) => addressParts(i.buyer) },
  seller_tax_id: doc('text', (i) => i.seller.vatId ?? i.seller.taxRegistrationId),
  buyer_tax_id: doc('text', (i) => i.buyer.vatId),
  iban: doc('text', (i) => i.iban),
  bic: doc('text', (i) => i.bic),
  currency: doc('text', (i) => i.currency),
  payment_terms: doc('text', (i) => i.paymentTerms),
  subtotal: docAmount((i) => i.totals.lineNet ?? i.totals.taxExclusive),
  discount: docAmount((i) => i.totals.allowances),
  shipping: docAmount((i) => i.totals.charges),
  tax_amount: docAmount((i) => i.totals.tax),
  total_amount: docAmount((i) => i.totals.grandTotal),
  amount_due: docAmount((i) => i.totals.due),
  amount_paid: docAmount((i) => i.totals.prepaid),
  // On a row of lines, the VAT rate is the line's own (BT-152); alone, the invoice's single rate.
  tax_rate: { level: 'document', kind: 'percent', read: (i, l) => (l ? l.vatRate : singleRate(i)) },
  position: line('text', (l) => l.id),
  item_code: line('text', (l) => l.sellerItemId),
  description: line('text', (l) => l.name ?? l.description),
  quantity: line('number', (l) => l.quantity),
  // The unit as a person writes it (`h`, `Stk`); the code itself answers `unit code`.
  unit: { level: 'line', kind: 'text', read: (i, l) => (l ? invoiceUnit(i, l.unitCode) : null), pageSpelling: true },
  unit_price: line('money', (l) => l.netPrice),
  line_total: lineAmount((l) => l.netAmount),
};

/** Terms without a catalogue concept, by the tokens of their usual field names. */
const BY_NAME: Record<string, Term> = {
  'buyer reference': doc('text', (i) => i.buyerReference),
  'leitweg id': doc('text', (i) => i.buyerReference),
  'order reference': doc('text', (i) => i.orderReference),
  'seller legal id': doc('text', (i) => i.seller.legalId),
  'buyer legal id': doc('text', (i) => i.buyer.legalId),
  'seller vat id': doc('text', (i) => i.seller.vatId),
  'seller tax number': doc('text', (i) => i.seller.taxRegistrationId),
  'type code': doc('text', (i) => i.typeCode),
  'invoice type code': doc('text', (i) => i.typeCode),
  'tax basis': docAmount((i) => i.totals.taxExclusive),
  'tax exclusive amount': docAmount((i) => i.totals.taxExclusive),
  'line net amount': lineAmount((l) => l.netAmount),
  'line id': line('text', (l) => l.id),
  'seller item id': line('text', (l) => l.sellerItemId),
  'item description': line('text', (l) => l.description),
  'unit code': line('text', (l) => l.unitCode),
  'vat category': line('text', (l) => l.vatCategory),
  'line vat rate': line('percent', (l) => l.vatRate),
};

/** The business term a requested field name means, or null (the field falls back to the engine). */
export function termFor(fieldName: string): Term | null {
  const named = BY_NAME[conceptTokens(fieldName).join(' ')];
  if (named) return named;
  const concept = resolveConcept(fieldName);
  return (concept && BY_CONCEPT[concept.id]) ?? null;
}
