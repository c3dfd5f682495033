/**
 * The shape of the business field-concept catalogue: what a concept is, at
 * which level it lives and what kind of value it takes. The catalogue itself
 * is data (`document.ts`, `line.ts`; each language's printed labels in
 * `src/extract/lang/<code>/labels.ts`); `index.ts` resolves a requested field
 * name to a concept and a printed label to the concepts it names.
 */

import type { Lang } from '../lang/index.js';

/** `document`: one value per document (invoice number, total); `line`: one per line item (quantity). */
export type ConceptLevel = 'document' | 'line';

/** What a candidate value must look like to fit the concept. */
export type ValueKind = 'date' | 'money' | 'number' | 'percent' | 'identifier' | 'name' | 'address' | 'text';

export interface Concept {
  /** Stable id, snake_case (`invoice_number`, `unit_price`). */
  id: string;
  level: ConceptLevel;
  kind: ValueKind;
  /** Field names integrators use for it, besides the id (`invoice_no`, `inv_number`), in any casing. */
  aliases: string[];
  /** Printed labels per language, abbreviations and variants included ("Rechnungsnr.", "N° de facture"), from the language folders. */
  labels: Record<Lang, string[]>;
  /** A more general concept whose labels also fit, less surely (invoice date → a bare "Date"). */
  broader?: string;
}
