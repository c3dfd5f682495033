/** The generated text PDF (test/fixtures/ingest/pdf-fixtures.ts textPdf) read by a scripted engine, with boxes where the page prints each cell. */
import { unionBoxes } from '../../../src/extract/layout/lines/geometry.js';
import type { Engine, ExtractedCell, Word } from '../../../src/extract/types.js';

export const INVOICE_FIELDS = ['Item', 'Qty', 'Price', 'Total'];

/** The page's table rows (header excluded): each a list of its words left to right. */
function tableRows(words: Word[]): Word[][] {
  const lines = new Map<number, Word[]>();
  for (const w of words) {
    const y = Math.round(w.box.y1 * 200);
    lines.set(y, [...(lines.get(y) ?? []), w]);
  }
  return [...lines.entries()].sort((a, b) => a[0] - b[0]).map(([, ws]) => ws.sort((a, b) => a.box.x1 - b.box.x1))
    .filter((ws) => ws[0].text === 'Widget');
}

/**
 * Reads every table row as printed (Item = "Widget p-r", then Qty, Price,
 * Total), then applies `edit` to the rows: the mistakes a test needs.
 * Requested fields it does not read are blank.
 */
export function scriptedInvoiceEngine(edit: (rows: Array<Record<string, ExtractedCell>>) => Array<Record<string, ExtractedCell>>): Engine {
  return {
    name: 'scripted-invoice',
    async extract(page, request) {
      const rows = tableRows(page.textLayer?.words ?? []).map((ws) => ({
        Item: { value: `${ws[0].text} ${ws[1].text}`, box: unionBoxes([ws[0].box, ws[1].box]), confidence: 0.95 },
        Qty: { value: ws[2].text, box: ws[2].box, confidence: 0.95 },
        Price: { value: ws[3].text, box: ws[3].box, confidence: 0.95 },
        Total: { value: ws[4].text, box: ws[4].box, confidence: 0.95 },
      }));
      const fields = request.fields.length > 0 ? request.fields.map((f) => f.name) : INVOICE_FIELDS;
      const blank: ExtractedCell = { value: null, box: null };
      return { ok: true, fields, rows: edit(rows).map((row) => Object.fromEntries(fields.map((f) => [f, row[f] ?? blank]))) };
    },
  };
}
