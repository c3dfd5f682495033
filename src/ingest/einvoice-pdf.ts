/**
 * An XML e-invoice → PDF pages a person reads: title, dates and references,
 * the two parties, the lines as a table (repeating its head on each page),
 * VAT breakdown and totals, payment. Labels are in the seller's language;
 * values are printed as the XML writes them, so what the page shows is what
 * the rows say.
 */
import { readFile } from 'node:fs/promises';
import { languageOfCountry, LANGUAGES, type PrintLabels } from '../extract/lang/index.js';
import { invoiceUnit, readEInvoice, type EInvoice, type Party } from '../einvoice/index.js';
import { breakLongWords, createPagedDoc, PAGE } from './pdfkit-pages.js';

const SIZE = 9;
const LEFT = PAGE.margin;
const RIGHT = PAGE.width - PAGE.margin;
const BOTTOM = PAGE.height - PAGE.margin;

/** The lines table: x and width of each column, and which are right-aligned (numbers). */
const COLUMNS = [
  { key: 'position', x: LEFT, w: 26 },
  { key: 'itemId', x: 82, w: 60 },
  { key: 'item', x: 144, w: 148 },
  { key: 'quantity', x: 294, w: 36, right: true },
  { key: 'unit', x: 334, w: 36 },
  { key: 'price', x: 370, w: 56, right: true },
  { key: 'vatRate', x: 428, w: 34, right: true },
  { key: 'amount', x: 464, w: RIGHT - 464, right: true },
] as const satisfies ReadonlyArray<{ key: keyof PrintLabels; x: number; w: number; right?: boolean }>;

type Doc = PDFKit.PDFDocument;

/** Reads the XML (refusing what is not a safe e-invoice) and renders it; the model comes back with the PDF. */
export async function einvoiceXmlToPdf(path: string, maxPages: number): Promise<{ pdf: Buffer; invoice: EInvoice }> {
  const invoice = readEInvoice(await readFile(path));
  return { pdf: await renderInvoicePdf(invoice, maxPages), invoice };
}

export function renderInvoicePdf(inv: EInvoice, maxPages: number): Promise<Buffer> {
  const { doc, finished } = createPagedDoc('e-invoice', maxPages);
  // The seller writes the invoice in its country's language (the language folders name their countries).
  const L = LANGUAGES[languageOfCountry(inv.seller.countryCode)].print;
  const clip = (s: string) => breakLongWords(s.slice(0, 2000));
  let y = LEFT;
  const ensure = (height: number, onNewPage?: () => void) => {
    if (y + height <= BOTTOM) return;
    doc.addPage();
    y = PAGE.margin;
    onNewPage?.();
  };

  doc.font('bold').fontSize(16).text(`${inv.creditNote ? L.creditNote : L.invoice} ${inv.number ?? ''}`.trim(), LEFT, y, { lineBreak: false });
  y += 28;
  doc.fontSize(SIZE);
  const pairs: Array<[string, string | null]> = [
    [L.number, inv.number],
    [L.issueDate, inv.issueDate],
    [L.dueDate, inv.dueDate],
    [L.deliveryDate, inv.deliveryDate],
    [L.buyerReference, inv.buyerReference],
    [L.orderReference, inv.orderReference],
  ];
  for (const [label, value] of pairs) {
    if (value === null) continue;
    doc.font('bold').text(`${label}:`, LEFT, y, { width: 120, lineBreak: false });
    doc.font('body').text(clip(value), LEFT + 124, y, { width: 250, lineBreak: false });
    y += 13;
  }
  y += 10;
  const partyHeight = Math.max(party(doc, L.seller, inv.seller, LEFT, y, L), party(doc, L.buyer, inv.buyer, 320, y, L));
  y += partyHeight + 16;

  if (inv.lines.length > 0) {
    const head = () => {
      doc.font('bold');
      for (const c of COLUMNS) doc.text(L[c.key], c.x, y, { width: c.w, align: 'right' in c ? 'right' : 'left', lineBreak: false });
      y += 14;
      doc.moveTo(LEFT, y - 2).lineTo(RIGHT, y - 2).lineWidth(0.5).stroke();
      doc.font('body');
    };
    ensure(40);
    head();
    for (const line of inv.lines) {
      const cells: Record<(typeof COLUMNS)[number]['key'], string> = {
        position: line.id ?? '',
        itemId: line.sellerItemId ?? '',
        item: clip([line.name, line.description].filter(Boolean).join('\n')),
        quantity: line.quantity ?? '',
        unit: invoiceUnit(inv, line.unitCode) ?? '',
        price: line.netPrice ?? '',
        vatRate: line.vatRate ?? '',
        amount: line.netAmount ?? '',
      };
      const height = Math.max(...COLUMNS.map((c) => doc.heightOfString(cells[c.key] || ' ', { width: c.w })));
      ensure(height + 4, head);
      for (const c of COLUMNS) if (cells[c.key]) doc.text(cells[c.key], c.x, y, { width: c.w, align: 'right' in c ? 'right' : 'left' });
      y += height + 4;
    }
    y += 8;
  }

  const t = inv.totals;
  const totals: Array<[string, string | null, boolean?]> = [
    [L.lineNet, t.lineNet],
    [L.allowances, t.allowances],
    [L.charges, t.charges],
    [L.taxBasis, t.taxExclusive],
    ...inv.taxes.map((x): [string, string | null] => [`${L.vat} ${x.rate ?? ''} % (${x.basis ?? ''})`, x.amount]),
    [L.vat, t.tax],
    [L.total, t.grandTotal, true],
    [L.prepaid, t.prepaid],
    [L.due, t.due, true],
  ];
  for (const [label, value, bold] of totals) {
    if (value === null) continue;
    ensure(13);
    doc.font(bold ? 'bold' : 'body').text(`${label}:`, 300, y, { width: 160, align: 'right', lineBreak: false });
    doc.text(`${value}${inv.currency ? ` ${inv.currency}` : ''}`, 464, y, { width: RIGHT - 464, align: 'right', lineBreak: false });
    y += 13;
  }
  y += 12;
  const payment = [inv.iban && `IBAN: ${inv.iban}`, inv.bic && `BIC: ${inv.bic}`, inv.paymentTerms && clip(inv.paymentTerms), inv.note && clip(inv.note)]
    .filter((s): s is string => !!s);
  if (payment.length > 0) {
    ensure(26);
    doc.font('bold').text(L.payment, LEFT, y, { lineBreak: false });
    y += 12;
    doc.font('body');
    for (const p of payment) {
      const h = doc.heightOfString(p, { width: RIGHT - LEFT });
      ensure(h);
      doc.text(p, LEFT, y, { width: RIGHT - LEFT });
      y += h + 2;
    }
  }
  doc.end();
  return finished;
}

/** A party block at (x, y); returns its height. */
function party(doc: Doc, title: string, p: Party, x: number, y: number, L: PrintLabels): number {
  const lines = [
    p.name,
    p.street,
    p.additionalStreet,
    [p.postcode, p.city].filter(Boolean).join(' ') || null,
    p.countryCode,
    p.vatId && `${L.vatId}: ${p.vatId}`,
    p.taxRegistrationId && `${L.taxNumber}: ${p.taxRegistrationId}`,
    p.legalId && `${L.legalId}: ${p.legalId}`,
  ].filter((s): s is string => !!s);
  doc.font('bold').text(title, x, y, { lineBreak: false });
  doc.font('body');
  let h = 13;
  for (const line of lines) {
    const text = breakLongWords(line.slice(0, 300));
    doc.text(text, x, y + h, { width: 230 });
    h += doc.heightOfString(text, { width: 230 }) + 1;
  }
  return h;
}
