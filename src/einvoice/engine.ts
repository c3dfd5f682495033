/**
 * An engine that reads an e-invoice's pages from its XML: every requested
 * field with a business term takes the XML's value, located on the page's
 * words for its box; the wrapped engine answers the rest. With `compare`
 * (the local layout engine, whose reading costs nothing) the page's own
 * reading of the XML's fields is asked for too, so a value the page prints
 * differently keeps the XML's value at a confidence below 0.5, boxed where
 * the page prints its version.
 */
import { applyFormat, resolveFormat } from '../extract/format/index.js';
import type { CellValue, Engine, EnginePage, ExtractedCell, ExtractRequest, ExtractResult, FieldSpec, PageInvoice, Word } from '../extract/types.js';
import { isImageRegion } from '../extract/types.js';
import { readingOrder } from './line-pages.js';
import { findValue, sameValue, unionBox, type Located } from './locate.js';
import type { InvoiceLine } from './model.js';
import { termFor, type Term } from './terms.js';

/** How sure a value is, by what the page says of it. */
export const EINVOICE_CONFIDENCE = {
  /** The XML's value, printed on the page as well. */
  printed: 0.99,
  /** The XML's value, not printed on this page (another page, or not at all). */
  unprinted: 0.75,
  /** The page prints something else where this value belongs. */
  disagreement: 0.4,
  /** The XML's value as the page's reading spells it (a unit the page writes its own way). */
  pageSpelling: 0.9,
} as const;

/** Columns of an e-invoice page when the request names none: its lines. */
const DEFAULT_FIELDS = ['position', 'item_code', 'description', 'quantity', 'unit', 'unit_price', 'tax_rate', 'line_total'];

export interface EInvoiceEngineOptions {
  /** Ask the wrapped engine for the XML's fields too, to compare (free for the layout engine; never for a model). */
  compare: boolean;
}

export function withEInvoice(engine: Engine, options: EInvoiceEngineOptions): Engine {
  return {
    name: engine.name,
    extract: (page, request) => (page.einvoice ? extractFromInvoice(engine, options, page, page.einvoice, request) : engine.extract(page, request)),
    ...(engine.close ? { close: () => engine.close!() } : {}),
  };
}

interface Field {
  spec: FieldSpec;
  term: Term | null;
}

async function extractFromInvoice(engine: Engine, options: EInvoiceEngineOptions, page: EnginePage, pi: PageInvoice, request: ExtractRequest): Promise<ExtractResult> {
  const { invoice } = pi;
  const specs = request.fields.length > 0 ? request.fields : DEFAULT_FIELDS.map((name) => ({ name, formatRequirement: '' }));
  // Line terms of an invoice without lines (MINIMUM, BASIC WL) are the page's to answer.
  const fields: Field[] = specs.map((spec) => {
    const term = termFor(spec.name);
    return { spec, term: term && (term.level === 'document' || invoice.lines.length > 0) ? term : null };
  });
  const asked = fields.filter((f) => options.compare || f.term === null).map((f) => f.spec);
  const reading = asked.length > 0 ? await engine.extract(page, { ...request, fields: asked }) : null;
  const readRows = reading?.ok ? reading.rows : [];
  const words = readingOrder(page.textLayer?.words ?? []);
  const lineLevel = fields.some((f) => f.term?.level === 'line');
  const lines: Array<InvoiceLine | null> = lineLevel ? invoice.lines.filter((_, i) => pi.linePages[i] === pi.page) : [null];
  const rows = lines.map((line, r) => {
    const row: Record<string, ExtractedCell> = {};
    const read = readRows[r] ?? readRows[0];
    const anchor = line ? lineAnchor(words, line) : null;
    for (const f of fields) {
      const pageCell = read?.[f.spec.name];
      const cell = f.term ? termCell(f.term, invoice, line, words, anchor, pageCell) : (pageCell ?? { value: null, box: null });
      row[f.spec.name] = isImageRegion(cell) ? cell : formatted(cell, f.spec, request);
    }
    return row;
  });
  return { ok: true, fields: specs.map((s) => s.name), rows, ...(reading?.usage ? { usage: reading.usage } : {}) };
}

/** Where the line's row is printed (its name or amount): values of the line are looked for nearest to it. */
function lineAnchor(words: Word[], line: InvoiceLine): number | null {
  const text = line.name ?? line.description ?? line.sellerItemId;
  const hit = text ? findValue(words, text, 'text', 0, true)[0] : undefined;
  return hit ? (hit.box.y1 + hit.box.y2) / 2 : null;
}

function termCell(term: Term, invoice: PageInvoice['invoice'], line: InvoiceLine | null, words: Word[], anchor: number | null, pageCell: ExtractedCell | undefined): CellValue {
  const value = term.read(invoice, line);
  if (value === null) return { value: null, box: null };
  const where = term.parts ? locateParts(words, term.parts(invoice)) : nearest(findValue(words, value, term.kind), anchor);
  if (where) {
    // Amounts and dates as the page prints them; names and ids as the XML spells them.
    const shown = term.kind === 'text' || term.parts ? value : signedAsMeant(where.printed, value);
    return { value: shown, box: where.box, confidence: EINVOICE_CONFIDENCE.printed };
  }
  const printed = pageCell && !isImageRegion(pageCell) ? pageCell : null;
  if (printed?.value && term.pageSpelling) return { value: printed.value, box: printed.box, confidence: EINVOICE_CONFIDENCE.pageSpelling };
  if (printed?.value && !sameValue(value, printed.value, term.kind)) {
    return { value, box: printed.box, confidence: EINVOICE_CONFIDENCE.disagreement };
  }
  return { value, box: null, confidence: EINVOICE_CONFIDENCE.unprinted };
}

/** A credit's amount the page prints without its sign (a credit note's "1.525,50") keeps the sign the value means. */
function signedAsMeant(printed: string, value: string): string {
  return value.startsWith('-') && !/[-−(]/.test(printed) ? `-${printed}` : printed;
}

/** Of several places printing the value, the one on the line's row (or the first, for a document value). */
function nearest(hits: Located[], anchor: number | null): Located | null {
  if (hits.length === 0) return null;
  if (anchor === null) return hits[0];
  const distance = (h: Located) => Math.abs((h.box.y1 + h.box.y2) / 2 - anchor);
  return hits.reduce((best, h) => (distance(h) < distance(best) ? h : best));
}

/** A value printed in pieces (an address over lines): found when each piece is, boxed around them all. */
function locateParts(words: Word[], parts: Array<string | null>): Located | null {
  const present = parts.filter((p): p is string => !!p);
  const hits = present.map((p) => findValue(words, p, 'text', 0, true)[0]);
  if (present.length === 0 || hits.some((h) => !h)) return null;
  return { printed: present.join(', '), box: unionBox(hits.map((h) => h!.box)), at: hits[0]!.at };
}

function formatted(cell: CellValue, spec: FieldSpec, request: ExtractRequest): CellValue {
  if (cell.value === null || (spec.formatRequirement === '' && request.globalFormatRequirement === '')) return cell;
  return { ...cell, value: applyFormat(cell.value, resolveFormat(spec.formatRequirement, request.globalFormatRequirement)) };
}
