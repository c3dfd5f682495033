/**
 * Which page prints each invoice line. Lines are printed in order, so each
 * is looked for after the one before it (page by page, top to bottom): a
 * line repeated word for word on two pages goes to the page where it falls
 * in sequence. A line not found stays with the page of the line before it.
 */
import type { Word } from '../extract/types.js';
import { findValue } from './locate.js';
import type { EInvoice, InvoiceLine } from './model.js';

/** An invoice with the page (1-based) of each of its lines; what ingestion stores and the engine reads. */
export interface PagedInvoice {
  invoice: EInvoice;
  linePages: number[];
}

/** The words that identify a printed line: its name, else its item id, else its amount. */
function signature(line: InvoiceLine): { value: string; kind: 'text' | 'money' } | null {
  const text = line.name ?? line.description ?? line.sellerItemId;
  if (text) return { value: text, kind: 'text' };
  return line.netAmount ? { value: line.netAmount, kind: 'money' } : null;
}

/** Words in reading order (top to bottom, then left to right), as a page's text layer may not give them. */
export function readingOrder(words: Word[]): Word[] {
  return [...words].sort((a, b) => (Math.abs(a.box.y1 - b.box.y1) > 0.004 ? a.box.y1 - b.box.y1 : a.box.x1 - b.box.x1));
}

export function assignLinePages(invoice: EInvoice, pages: Word[][]): PagedInvoice {
  const ordered = pages.map(readingOrder);
  const linePages: number[] = [];
  let page = 0;
  let at = 0;
  for (const line of invoice.lines) {
    const sig = signature(line);
    let found = false;
    for (let p = page; sig && p < ordered.length && !found; p++) {
      const hit = findValue(ordered[p], sig.value, sig.kind, p === page ? at : 0, true)[0];
      if (hit) {
        page = p;
        at = hit.at + 1;
        found = true;
      }
    }
    linePages.push(page + 1);
  }
  return { invoice, linePages };
}
