/**
 * Till receipts on 58 and 80 mm thermal paper: the merchant in the top lines,
 * item lines with the amount at the right edge and no header row, quantity
 * lines such as `2 x 1,25` above or below their item, a bold total, payment
 * and change, and a VAT line. The page is as long as its content.
 */
import { FIELD_LABELS } from './labels.js';
import { formatNumber, formatPercent, formatTableDate, randomDate, withCurrency, type Locale } from './locale.js';
import { company, SHOP_ITEMS, vatId } from './names.js';
import { chance, int, pick, type Rand } from './random.js';
import { FONT_FAMILIES, renderPdf, type Sheet } from './sheet.js';
import type { Lang } from './types.js';

const MM = 72 / 25.4;

const PAYMENT: Record<Lang, string[]> = {
  en: ['Cash', 'Card', 'VISA'],
  de: ['Bar', 'EC-Karte', 'Kartenzahlung'],
  fr: ['Espèces', 'Carte bancaire', 'CB'],
  es: ['Efectivo', 'Tarjeta'],
  nl: ['Contant', 'Pin', 'Pinbetaling'],
  it: ['Contanti', 'Carta', 'Bancomat'],
  pt: ['Numerário', 'Multibanco', 'Cartão'],
};
const CASH = new Set(['Cash', 'Bar', 'Espèces', 'Efectivo', 'Contant', 'Contanti', 'Numerário']);
const TAX_WORD: Record<Lang, string> = { en: 'VAT', de: 'MwSt', fr: 'TVA', es: 'IVA', nl: 'BTW', it: 'IVA', pt: 'IVA' };
const RATES: Record<Lang, number> = { en: 20, de: 19, fr: 20, es: 21, nl: 21, it: 22, pt: 23 };

type Line = (s: Sheet, y: number, left: number, right: number) => void;

export interface ReceiptLayout {
  widthMm: 58 | 80;
  /** Where a quantity shows: a `2 x 1,25` line above or below the item, or quantity and price columns on every item line (80 mm only). */
  qtyLine: 'above' | 'below' | 'columns';
  font: string;
  taxLetter: boolean;
}

export async function generateReceipt(r: Rand, lang: Lang, l: Locale) {
  const widthMm = pick(r, [58, 80] as const);
  const font = pick(r, [FONT_FAMILIES[2], FONT_FAMILIES[2], FONT_FAMILIES[0], FONT_FAMILIES[3]]);
  const size = widthMm === 58 ? pick(r, [6.5, 7]) : pick(r, [7.5, 8, 8.5]);
  const layout: ReceiptLayout = { widthMm, qtyLine: pick(r, widthMm === 80 ? (['above', 'below', 'columns'] as const) : (['above', 'below'] as const)), font: font.name, taxLetter: chance(r, 0.5) };
  const merchant = company(r, lang);
  const amount = (v: number) => formatNumber(v, l.number, 2, 'minus');
  const lines: Line[] = [];
  const truth: Record<string, string> = {};
  const items: Array<Record<string, string>> = [];
  const center = (text: string, o: { bold?: boolean; size?: number } = {}): Line => (s, y, left, right) => s.text(text, (left + right) / 2, y, { ...o, align: 'center' });
  const both = (a: string, b: string, o: { bold?: boolean; size?: number; indent?: number } = {}): Line => (s, y, left, right) => {
    s.text(a, left + (o.indent ?? 0), y, o);
    s.text(b, right, y, { ...o, align: 'right' });
  };
  const dashes: Line = (s, y, left, right) => s.rule(left, y + size * 0.5, right, y + size * 0.5, 0.5);

  lines.push(center(merchant.name, { bold: true, size: size + 2.5 }));
  truth.merchant_name = merchant.name;
  for (const a of merchant.address) lines.push(center(a));
  truth.merchant_address = merchant.address.join(' ');
  if (chance(r, 0.6)) {
    const v = vatId(r, lang);
    lines.push(center(`${pick(r, FIELD_LABELS.seller_vat_id[lang])} ${v}`));
    truth.merchant_vat_id = v;
  }
  lines.push(() => undefined);
  const when = randomDate(r);
  const date = formatTableDate(when, l);
  const time = `${String(int(r, 7, 21)).padStart(2, '0')}:${String(int(r, 0, 59)).padStart(2, '0')}`;
  const receiptNo = String(int(r, 1000, 999999));
  const noLabel = pick(r, FIELD_LABELS.receipt_number[lang]);
  if (chance(r, 0.5)) {
    lines.push(both(`${pick(r, FIELD_LABELS.receipt_date[lang])}: ${date}`, time));
    lines.push(both(noLabel, receiptNo));
  } else {
    lines.push(both(`${date} ${time}`, `${noLabel} ${receiptNo}`));
  }
  truth.date = date;
  truth.time = time;
  truth.receipt_number = receiptNo;
  lines.push(dashes);

  const rate = RATES[lang];
  const n = int(r, 2, widthMm === 58 ? 9 : 14);
  let total = 0;
  for (let i = 0; i < n; i++) {
    const desc = pick(r, SHOP_ITEMS[lang]);
    const qty = chance(r, 0.35) ? int(r, 2, 6) : 1;
    const price = int(r, 29, 1299) / 100;
    const lineTotal = Math.round(qty * price * 100) / 100;
    total += lineTotal;
    const letter = layout.taxLetter ? ' A' : '';
    const qtyText = `${qty} x ${amount(price)}`;
    if (layout.qtyLine === 'columns') {
      lines.push((s, y, left, right) => {
        s.text(desc, left, y);
        s.text(String(qty), right - (right - left) * 0.4, y, { align: 'right' });
        s.text(amount(price), right - (right - left) * 0.2, y, { align: 'right' });
        s.text(`${amount(lineTotal)}${letter}`, right, y, { align: 'right' });
      });
      items.push({ description: desc, quantity: String(qty), unit_price: amount(price), line_total: amount(lineTotal) });
      continue;
    }
    if (qty > 1 && layout.qtyLine === 'above') lines.push((s, y, left) => s.text(qtyText, left + size, y));
    lines.push(both(desc, `${amount(lineTotal)}${letter}`));
    if (qty > 1 && layout.qtyLine === 'below') lines.push((s, y, left) => s.text(qtyText, left + size, y));
    items.push({ description: desc, quantity: qty > 1 ? String(qty) : '', unit_price: qty > 1 ? amount(price) : '', line_total: amount(lineTotal) });
  }
  total = Math.round(total * 100) / 100;
  lines.push(dashes);
  const totalLabel = pick(r, FIELD_LABELS.receipt_total[lang]);
  const totalText = withCurrency(amount(total), l.money);
  lines.push(both(totalLabel, totalText, { bold: true, size: size + 1.5 }));
  truth.total_amount = amount(total);
  if (l.money.useCode && l.money.place !== 'none') truth.currency = l.money.code;
  const pay = pick(r, PAYMENT[lang]);
  truth.payment_method = pay;
  if (CASH.has(pay)) {
    const given = Math.ceil(total / 5) * 5 + (chance(r, 0.5) ? 5 : 0);
    lines.push(both(pay, amount(given)));
    lines.push(both(pick(r, FIELD_LABELS.change[lang]), amount(Math.round((given - total) * 100) / 100)));
  } else {
    lines.push(both(pay, amount(total)));
  }
  lines.push(() => undefined);
  const tax = Math.round((total - total / (1 + rate / 100)) * 100) / 100;
  const pct = formatPercent(rate, l);
  lines.push(both(`${layout.taxLetter ? 'A ' : ''}${TAX_WORD[lang]} ${pct}`, amount(tax)));
  truth.tax_amount = amount(tax);
  truth.tax_rate = pct;
  lines.push(() => undefined);
  lines.push(center(pick(r, ['*** ', '']) + pick(r, THANKS_SHORT[lang])));

  const lh = size * 1.45;
  const width = widthMm * MM;
  const height = lines.length * lh + 16 * MM;
  const margin = widthMm === 58 ? 3 * MM : 4 * MM;
  const { pdf, sheet } = await renderPdf([width, height], font, size, (s) => {
    lines.forEach((line, i) => line(s, 8 * MM + i * lh, margin, width - margin));
  });
  return { pdf, pages: sheet.pages, fields: truth, labels: { receipt_number: noLabel, total_amount: totalLabel } as Record<string, string>, lines: items, lineColumns: ['description', 'quantity', 'unit_price', 'line_total'], layout: { ...layout } };
}

const THANKS_SHORT: Record<Lang, string[]> = {
  en: ['Thank you for shopping with us', 'Please keep your receipt'],
  de: ['Vielen Dank für Ihren Einkauf', 'Bitte Bon aufbewahren'],
  fr: ['Merci de votre visite', 'À bientôt'],
  es: ['Gracias por su compra', 'Conserve su ticket'],
  nl: ['Bedankt en tot ziens', 'Bewaar uw kassabon'],
  it: ['Grazie e arrivederci', 'Conservare lo scontrino'],
  pt: ['Obrigado pela visita', 'Volte sempre'],
};
