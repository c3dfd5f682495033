/**
 * The shape of a generated business document and its ground truth. Every
 * truth value is the exact string printed on the page (see README.md).
 */
import { LANGS, type Lang } from '../../../src/extract/lang/index.js';

/** The engine's languages (src/extract/lang/index.ts): the generator writes documents in each. */
export { LANGS, type Lang };

export type BusinessKind =
  | 'invoice'
  | 'receipt'
  | 'bank_statement'
  | 'purchase_order'
  | 'price_list'
  | 'payslip'
  | 'utility_bill'
  | 'packing_list';

export const KINDS: readonly BusinessKind[] = ['invoice', 'receipt', 'bank_statement', 'purchase_order', 'price_list', 'payslip', 'utility_bill', 'packing_list'];

import type { Split } from '../splits.js';

export type { Split };

/** How the client spells the field names it asks for: `invoice_number`, `invoiceNumber`, the printed label, `Invoice Number`. */
export type NamingStyle = 'snake' | 'camel' | 'label' | 'title';

/** One requested field: the name sent to the engine and the truth key it means. */
export interface RequestedField {
  name: string;
  key: string;
}

export interface BusinessDoc {
  /** `<kind>-<lang>-<seed>`. */
  id: string;
  seed: number;
  split: Split;
  kind: BusinessKind;
  lang: Lang;
  /** Born-digital PDF (one or more pages). */
  pdf: Buffer;
  pages: number;
  /** Document-level truth: snake_case key -> value exactly as printed (multi-line values joined by one space). */
  fields: Record<string, string>;
  /** Line-item columns in table order (snake_case keys). */
  lineColumns: string[];
  /** Line items: one record per item, keyed by `lineColumns`; '' = not printed for this item. */
  lines: Array<Record<string, string>>;
  /** What a client asks for document fields, and for line items, in this document's naming style. */
  request: { style: NamingStyle; fields: RequestedField[]; lines: RequestedField[] };
  /** Layout choices, for slicing results (letterhead, arrangement, ruled, font, ...). */
  layout: Record<string, string | number | boolean>;
}
