/**
 * Till receipts on 58 and 80 mm thermal paper, as many till systems print
 * them: the merchant in the top lines (bold, in capitals, or under a logo
 * image), the address as the till breaks it (two or three lines, a phone
 * line under it), then the items in one of four arrangements:
 * - `classic`: description and amount on one line, a `2 x 1,25` line above
 *   or below an item bought more than once;
 * - `columns`: quantity, unit price and amount in columns on every item line,
 *   in one of several orders (`QTY DESCRIPTION PRICE AMOUNT`, description
 *   first, quantity after the price, or no unit price at all, its amount
 *   sometimes headed "Price"), under a header row (in capitals on some tills)
 *   or none; on 58 mm paper only quantity, description and amount;
 * - `two_line`: an item over two lines, the description (after an article
 *   code on some tills) and under it `qty x price` with the amount on either line;
 * - `qty_first`: the quantity before the description, the amount at the right;
 * - `inline`: the description, `2 x 3.79` (or `2 @ 3.79`, `2 Stk x 3,79`) in
 *   the middle of the same line and the amount at the right.
 * Some tills wrap a long description onto a second line, and some leave blank
 * lines between their heads and the first item.
 * Then lines that are not items: a subtotal, the bold total, payment (a masked
 * card number for cards), change and a VAT line; and sometimes a pen mark
 * (a tick, a ring round the total, a signature). The page is as long as its content.
 */
import { COLUMN_LABELS, FIELD_LABELS } from './labels.js';
import { formatNumber, formatPercent, formatTableDate, randomDate, withCurrency, type Locale } from './locale.js';
import { drawHandwriting, drawLogo, logoImage } from './marks.js';
import { company, SHOP_ITEMS, vatId } from './names.js';
import { chance, int, pick, type Rand } from './random.js';
import { FONT_FAMILIES, fontsFor, renderPdf, type Sheet } from './sheet.js';
import { DEPOSIT_WORDS, DISCOUNT_WORDS, drawTillExtras, weighedItem, withSign, type TillExtras } from './till-lines.js';
import { drawModifier, drawTillFormats, SAVINGS_WORDS, VOID_WORDS } from './till-formats.js';
import { drawTillHeader, faxLine, headAddress, registrationText } from './till-header.js';
import { COUNT_UNITS, drawTillRecords, rateMarks, TWO_COLUMN_NAMES, UNIT_PRICE_WORDS } from './till-records.js';
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
  pl: ['Gotówka', 'Karta', 'Karta płatnicza'],
};
const CASH = new Set(['Cash', 'Bar', 'Espèces', 'Efectivo', 'Contant', 'Contanti', 'Numerário', 'Gotówka']);
const TAX_WORD: Record<Lang, string> = { en: 'VAT', de: 'MwSt', fr: 'TVA', es: 'IVA', nl: 'BTW', it: 'IVA', pt: 'IVA', pl: 'PTU' };
const RATES: Record<Lang, number> = { en: 20, de: 19, fr: 20, es: 21, nl: 21, it: 22, pt: 23, pl: 23 };
const REDUCED: Record<Lang, number> = { en: 5, de: 7, fr: 5.5, es: 10, nl: 9, it: 10, pt: 6, pl: 8 };
const PHONE: Record<Lang, string> = { en: 'Tel', de: 'Tel.', fr: 'Tél.', es: 'Tel.', nl: 'Tel.', it: 'Tel.', pt: 'Tel.', pl: 'Tel.' };

type Line = (s: Sheet, y: number, left: number, right: number) => void;

export interface ReceiptLayout {
  widthMm: 58 | 80;
  till: 'classic' | 'columns' | 'two_line' | 'qty_first' | 'inline';
  /** `classic`: where a `2 x 1,25` line shows. */
  qtyLine: 'above' | 'below' | '';
  /** `columns`: a header row over the items. */
  headerRow: boolean;
  /** `two_line`: an article code before the description; the amount on the first line (else the second). */
  codes: boolean;
  amountFirst: boolean;
  /** The merchant: bold, in capitals, or in capitals under a logo image. */
  header: 'bold' | 'capitals' | 'logo';
  font: string;
  /** A tax code after each amount: none, `A` on every item, or `A`/`B` by item (two rates); set apart or joined (`3.62A`). */
  taxLetter: 'none' | 'A' | 'AB';
  letterJoined: boolean;
  /** `columns`: the printed order of the item columns, q = quantity, d = description, p = unit price, a = amount. */
  order: 'dqpa' | 'qdpa' | 'dpqa' | 'qda' | 'dqa' | '';
  /** How a quantity line joins the count and the price of one: `2 x 3.79`, `2 @ 3.79`, `2 Stk x 3,79`. */
  qtyStyle: 'x' | 'at' | 'unit';
  /** Long descriptions (a pack size after the article) broken onto a second line. */
  wrap: boolean;
  /** `columns` with heads: blank lines between the heads and the first item. */
  headerGap: number;
  /** `columns` with `qda`: the amount column headed with the unit price's label ("Price"), as many tills do. */
  amountAsPrice: boolean;
  pen: 'none' | 'tick' | 'ring' | 'signature';
  /** The sixth widening's item lines (till-lines.ts `TillExtras`, the marks joined), absent on receipts drawn without it. */
  weighed?: boolean;
  itemCode?: TillExtras['code'];
  taxMarks?: string;
  itemCurrency?: boolean;
  discounts?: TillExtras['discounts'];
  deposits?: boolean;
  /** The eighth widening's item lines drawn (till-formats.ts `TillFormats`, the names of those on joined by `+`), absent on receipts drawn without it. */
  tillFormats?: string;
  /** The ninth widening's head (till-header.ts `TillHeader`, the draws on joined by `+`), absent on receipts drawn without it. */
  tillHeader?: string;
  /** The eleventh widening's records (till-records.ts `TillRecords`, the draws on joined by `+`), absent on receipts drawn without it. */
  tillRecords?: string;
}

/**
 * `r` draws the layout as it was before issue 28's second widening; `w` what that widening added, `x` what the third
 * added (receipts print as they did where a widening adds nothing).
 */
function drawReceiptLayout(r: Rand, w: Rand | null, x: Rand | null): ReceiptLayout {
  const widthMm = pick(r, [58, 80] as const);
  const till = pick(r, widthMm === 80 ? (['classic', 'classic', 'columns', 'two_line', 'qty_first'] as const) : (['classic', 'classic', 'two_line', 'qty_first'] as const));
  const layout: ReceiptLayout = {
    widthMm,
    till,
    qtyLine: till === 'classic' ? pick(r, ['above', 'below'] as const) : '',
    headerRow: till === 'columns' && chance(r, 0.6),
    order: '',
    amountAsPrice: false,
    codes: till === 'two_line' && chance(r, 0.5),
    amountFirst: till === 'two_line' && chance(r, 0.5),
    header: pick(r, ['bold', 'bold', 'capitals', 'logo'] as const),
    font: '',
    taxLetter: chance(r, 0.5) ? 'A' : 'none',
    letterJoined: false,
    qtyStyle: 'x',
    wrap: false,
    headerGap: 0,
    pen: pick(r, ['none', 'none', 'none', 'tick', 'ring', 'signature'] as const),
  };
  if (!w) return layout;
  // More tills print in columns, on 58 mm paper too (quantity, description, amount).
  if (layout.till !== 'columns' && chance(w, 0.2)) Object.assign(layout, { till: 'columns', qtyLine: '', codes: false, amountFirst: false, headerRow: chance(w, 0.6) });
  if (layout.till === 'columns') {
    layout.order = widthMm === 58 ? 'qda' : pick(w, ['dqpa', 'qdpa', 'dpqa', 'qda'] as const);
    layout.amountAsPrice = layout.order === 'qda' && chance(w, 0.5);
  }
  if (layout.taxLetter === 'A') {
    layout.taxLetter = pick(w, ['A', 'AB'] as const);
    layout.letterJoined = chance(w, 0.3);
  }
  if (!x) return layout;
  // Third widening: more tills (the quantity and price of one inside the item line or under it, the quantity right
  // after the description), other quantity lines, long descriptions wrapped, heads set apart from their items.
  if (chance(x, 0.4)) {
    // The count and price in the item line need an 80 mm line beside the article.
    const till = pick(x, widthMm === 80 ? (['inline', 'inline', 'two_line', 'columns'] as const) : (['two_line', 'columns'] as const));
    Object.assign(layout, { till, qtyLine: '', codes: false, amountFirst: till === 'two_line' && chance(x, 0.5), headerRow: till === 'columns' && chance(x, 0.5) });
    layout.order = till === 'columns' ? 'dqa' : '';
    layout.amountAsPrice = false;
  }
  layout.qtyStyle = pick(x, ['x', 'x', 'at', 'unit'] as const);
  layout.wrap = chance(x, 0.3);
  layout.headerGap = layout.headerRow && chance(x, 0.4) ? int(x, 1, 2) : 0;
  return layout;
}

/** A word for pieces on a quantity line (`2 Stk x 3,79`). */
const PIECES: Record<Lang, string> = { en: 'pcs', de: 'Stk', fr: 'pce', es: 'ud', nl: 'st', it: 'pz', pt: 'un', pl: 'szt' };
/**
 * Variants a till prints after an article, which break a long description onto a second line. Words only: a pack size
 * under an article (`2 x 200 g`) reads as its quantity line, on paper as to the engine.
 */
const VARIANTS = ['Multipack', 'Bio', 'XXL', 'Premium', 'Light', 'Family Pack', 'Extra', 'Classic'];

/**
 * `r` draws the till and the merchant, `v` the values (`r` itself unless the receipt is one of a series), `w` and `x`
 * what issue 28's second and third widenings added, `z` the sixth widening's item lines (till-lines.ts) and `zv` their
 * values, `t` the eighth widening's item lines (till-formats.ts) and `tv` their values, `hd` the ninth widening's head
 * (till-header.ts), `k` the eleventh widening's records (till-records.ts) and `kv` their values.
 */
export async function generateReceipt(r: Rand, lang: Lang, l: Locale, v: Rand, w: Rand | null, x: Rand | null = null, z: Rand | null = null, zv: Rand | null = null, t: Rand | null = null, tv: Rand | null = null, hd: Rand | null = null, k: Rand | null = null, kv: Rand | null = null) {
  const layout = drawReceiptLayout(r, w, x);
  const { widthMm } = layout;
  const extras = z && zv ? drawTillExtras(z, layout.till, widthMm) : null;
  if (extras) Object.assign(layout, { weighed: extras.weighed, itemCode: extras.code, taxMarks: extras.marks.join(''), itemCurrency: extras.itemCurrency, discounts: extras.discounts, deposits: extras.deposits });
  const formats = t && tv ? drawTillFormats(t, layout.till, widthMm, l.money.code === 'USD') : null;
  // A count glued to the article needs the quantity's column first, where the article then starts.
  if (formats) formats.gluedCount &&= layout.order[0] === 'q';
  if (formats) layout.tillFormats = Object.entries(formats).filter(([k, on]) => on && k !== 'priceAlways').map(([k]) => k).join('+') || 'none';
  const records = k && kv ? drawTillRecords(k, layout.till, widthMm, layout.headerRow, layout.order, layout.taxLetter !== 'none') : null;
  // An article number in the articles' column leaves no room for a count glued to the article.
  if (records?.codeOver && formats) formats.gluedCount = false;
  if (records) layout.tillRecords = Object.entries(records).filter(([, on]) => on).map(([k, on]) => (on === true ? k : `${k}_${on}`)).join('+') || 'none';
  const twoColumns = records?.twoColumns && k ? { description: pick(k, TWO_COLUMN_NAMES.description), line_total: pick(k, TWO_COLUMN_NAMES.line_total) } : null;
  let voided = false;
  const font = pick(r, fontsFor(lang, [FONT_FAMILIES[2], FONT_FAMILIES[2], FONT_FAMILIES[0], FONT_FAMILIES[3]]));
  layout.font = font.name;
  const size = widthMm === 58 ? pick(r, [6.5, 7]) : pick(r, [7.5, 8, 8.5]);
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
  const lh = size * 1.45;

  // Ninth widening: the head as more tills print it (till-header.ts), drawn after the till's own draws.
  const head = hd ? drawTillHeader(hd, layout.header, widthMm) : null;
  if (head) layout.tillHeader = Object.entries(head).filter(([, on]) => on && on !== 'none').map(([k, on]) => (on === true ? k : `${k}_${on}`)).join('+') || 'none';
  const name = layout.header === 'bold' && !head?.caps ? merchant.name : merchant.name.toUpperCase();
  if (layout.header === 'logo') {
    // The logo takes the height of four lines above the name.
    const png = await logoImage(r, merchant.name);
    const side = lh * 3.6;
    lines.push((s, y, left, right) => drawLogo(s, png, (left + right) / 2 - side / 2, y, side));
    for (let i = 0; i < 3; i++) lines.push(() => undefined);
  }
  const nameStyle = { bold: layout.header !== 'capitals' || chance(r, 0.5), size: size + (layout.header === 'capitals' ? 1 : 2.5) };
  const registration = head && hd && head.registration !== 'none' ? registrationText(hd, lang) : '';
  if (head?.registration === 'after') {
    // The name and its number on one line, set smaller where they would overrun the paper.
    const text = `${name} (${registration})`;
    lines.push((s, y, left, right) => {
      const o = { bold: nameStyle.bold, size: size + 1 };
      const fit = Math.min(o.size, (o.size * (right - left)) / s.widthOf(text, o));
      center(text, { ...o, size: fit })(s, y, left, right);
    });
  } else if (!head?.logoOnly) lines.push(center(name, nameStyle));
  if (!head?.logoOnly) truth.merchant_name = name;
  if (head?.registration === 'under' && hd) lines.push(center(chance(hd, 0.5) ? `(${registration})` : registration));
  const address = [...merchant.address];
  // Some tills break the street from its number, or the postcode from the city, onto lines of their own.
  if (chance(r, 0.3)) {
    const last = address.pop() as string;
    const cut = last.indexOf(' ');
    address.push(...(cut > 0 ? [last.slice(0, cut), last.slice(cut + 1)] : [last]));
  }
  const printed = head && hd ? headAddress(hd, head, lang, address) : address;
  truth.merchant_address = printed.join(' ');
  const phone = chance(r, 0.5) ? center(`${PHONE[lang]} 0${int(r, 10, 99)} ${int(r, 100, 999)} ${int(r, 1000, 9999)}`) : null;
  let taxId: Line | null = null;
  if (chance(r, 0.6)) {
    const v = vatId(r, lang);
    taxId = center(`${pick(r, FIELD_LABELS.seller_vat_id[lang])} ${v}`);
    truth.merchant_vat_id = v;
  }
  if (taxId && head?.taxIdFirst) lines.push(taxId);
  for (const a of printed) lines.push(center(a));
  if (phone) lines.push(phone);
  if (phone && head?.fax && hd) lines.push(center(faxLine(hd)));
  if (taxId && !head?.taxIdFirst) lines.push(taxId);
  lines.push(() => undefined);
  const when = randomDate(v);
  const date = formatTableDate(when, l);
  const time = `${String(int(v, 7, 21)).padStart(2, '0')}:${String(int(v, 0, 59)).padStart(2, '0')}`;
  const receiptNo = String(int(v, 1000, 999999));
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
  // Some receipts hold one item only.
  const n = w && chance(w, 0.08) ? 1 : int(v, 2, widthMm === 58 ? 9 : 14);
  const byLetter: Record<string, string> = { q: 'quantity', d: 'description', p: 'unit_price', a: 'line_total' };
  const columns = layout.order
    ? [...(records?.codeOver ? ['item_code'] : []), ...[...layout.order].map((ch) => byLetter[ch])]
    : layout.codes || extras?.code === 'before'
      ? ['item_code', 'description', 'quantity', 'unit_price', 'line_total']
      : extras?.code === 'after' ? ['description', 'item_code', 'quantity', 'unit_price', 'line_total'] : ['description', 'quantity', 'unit_price', 'line_total'];
  const caps = w !== null && chance(w, 0.5);
  const label = (k: string) => {
    const text = pick(r, COLUMN_LABELS[k === 'line_total' && layout.amountAsPrice ? 'unit_price' : k][lang]);
    return caps ? text.toUpperCase() : text;
  };
  const heads = layout.headerRow ? [...layout.order].map((ch) => [ch, label(byLetter[ch])] as const) : [];
  /** `columns` till: where each column sits (its left or right edge) and how it aligns; a leading quantity is as wide as its head. */
  const place = (ch: string, s: Sheet, left: number, right: number, head = false): { x: number; align: 'left' | 'right' } => {
    const w = right - left;
    const o = layout.order;
    const qtyWidth = Math.max(s.widthOf('00'), s.widthOf(heads.find(([c]) => c === 'q')?.[1] ?? '', { bold: true }));
    if (ch === 'a') return { x: right, align: 'right' };
    if (ch === 'd') return { x: o[0] === 'q' ? left + qtyWidth + s.widthOf('  ') : left, align: 'left' };
    if (ch === 'q' && o[0] === 'q') return head ? { x: left, align: 'left' } : { x: left + qtyWidth, align: 'right' };
    if (ch === 'q') return { x: right - w * (o === 'dpqa' ? 0.2 : 0.4), align: 'right' };
    return { x: right - w * (o === 'dpqa' ? 0.36 : 0.2), align: 'right' };
  };
  if (heads.length) {
    lines.push((s, y, left, right) => {
      for (const [ch, text] of heads) {
        const at = place(ch, s, left, right, true);
        s.text(text, at.x, y, { bold: true, align: at.align });
      }
    });
    for (let i = 0; i < layout.headerGap; i++) lines.push(() => undefined);
  }
  let total = 0;
  // Items taxed at the reduced rate (letter B): the VAT block then prints one line a rate.
  let reduced = false;
  const marks = records?.rateMarks ? rateMarks(records.rateMarks, rate, REDUCED[lang]) : extras?.marks ?? (['A', 'B'] as const);
  for (let i = 0; i < n; i++) {
    let article = pick(v, SHOP_ITEMS[lang]);
    // A long description: a variant after the article, broken onto a line of its own under it.
    let rest = x && layout.wrap && chance(x, 0.5) ? pick(x, VARIANTS) : '';
    // The article and, under it, the rest of its description: drawn together, so the text reads in the till's order.
    const printArticle = (s: Sheet, text: string, x: number, y: number) => {
      s.text(text, x, y);
      if (rest) s.text(rest, x, y + lh);
    };
    const wrapLine = () => {
      if (rest) lines.push(() => undefined);
    };
    const qty = chance(v, 0.35) ? int(v, 2, 6) : 1;
    const price = int(v, 29, 1299) / 100;
    let lineTotal = Math.round(qty * price * 100) / 100;
    const fromTill = layout.taxLetter === 'AB' && w && chance(w, 0.4) ? 1 : 0;
    // A digit for a tax class is never printed joined to the amount: it would read as one of its digits.
    const letter = layout.taxLetter === 'none' ? '' : `${layout.letterJoined && /^[^\d]$/.test(marks[fromTill]) ? '' : ' '}${marks[fromTill]}`;
    if (fromTill) reduced = true;
    let qtyText = layout.qtyStyle === 'at' ? `${qty} @ ${amount(price)}` : layout.qtyStyle === 'unit' ? `${qty} ${PIECES[lang]} x ${amount(price)}` : `${qty} x ${amount(price)}`;
    // Sixth widening: an item sold by weight prints its weight and price a kilo where a count line would be.
    let printedQty = String(qty);
    let printedPrice = amount(price);
    const weighed = extras?.weighed && zv && chance(zv, 0.3) ? weighedItem(zv, lang, l, layout.qtyStyle === 'at' ? '@' : 'x', pick(zv, [l.money.symbol, l.money.code])) : null;
    if (weighed) {
      [article, lineTotal, qtyText, printedQty, printedPrice] = [weighed.article, weighed.total, weighed.text, weighed.weight, weighed.perKg];
      // Loose produce has no variant after its name.
      rest = '';
      // Eighth widening: a US scale weighs in pounds to the hundredth, the price a pound with its sign ("2.34 lb @ $0.59/lb").
      if (formats?.pounds) {
        const lb = Math.round(weighed.kg * 100) / 100;
        [printedQty, lineTotal] = [formatNumber(lb, l.number, 2), Math.round(lb * weighed.perKgValue * 100) / 100];
        qtyText = `${printedQty} lb @ ${l.money.symbol}${printedPrice}/lb`;
      }
    }
    const desc = rest ? `${article} ${rest}` : article;
    total += lineTotal;
    const code = extras?.code && zv ? String(int(zv, 10 ** (extras.codeDigits - 1), 10 ** extras.codeDigits - 1)) : '';
    // Eleventh widening: the currency's code before the amount ("EUR 19,90") in place of its sign.
    const sum = records?.currencyWord ? `${l.money.code} ${amount(lineTotal)}${letter}` : `${extras?.itemCurrency ? withSign(amount(lineTotal), l) : amount(lineTotal)}${letter}`;
    // A quantity line shows for items bought more than once and for weighed ones.
    const counted = qty > 1 || weighed !== null;
    if (layout.till === 'columns') {
      const cell: Record<string, string> = { q: String(qty), d: article, p: amount(price), a: sum };
      // Eighth widening: the count glued to the article with its sign, where the quantity's head stands ("2x Apples").
      const glued = formats?.gluedCount && tv ? `${qty}${pick(tv, ['x ', ' x '])}${article}` : '';
      // Eleventh widening: the article number where the article stands, the article (and its variant) on the line under it.
      const over = records?.codeOver && kv ? String(int(kv, 1000, 99999)) : '';
      lines.push((s, y, left, right) => {
        if (glued) printArticle(s, glued, left, y);
        for (const ch of layout.order) {
          const at = place(ch, s, left, right);
          if (glued && (ch === 'd' || ch === 'q')) continue;
          if (ch === 'd' && over) s.text(over, at.x, y);
          else if (ch === 'd') printArticle(s, cell[ch], at.x, y);
          else s.text(cell[ch], at.x, y, { align: at.align });
        }
      });
      if (over) lines.push((s, y, left, right) => s.text(desc, place('d', s, left, right).x + size, y));
      else wrapLine();
      items.push({ ...(over ? { item_code: over } : {}), description: desc, quantity: String(qty), ...(layout.order.includes('p') ? { unit_price: amount(price) } : {}), line_total: amount(lineTotal) });
    } else if (layout.till === 'two_line') {
      const code = layout.codes ? String(int(v, 1_000_000, 9_999_999)) : '';
      const first = code ? `${code} ${article}` : article;
      // Eleventh widening: the count with a unit and three decimals, no price of one ("1,000 STK").
      const countOnly = records?.countLine && !weighed;
      if (countOnly) [qtyText, printedQty, printedPrice] = [`${formatNumber(qty, l.number, 3)} ${COUNT_UNITS[lang]}`, formatNumber(qty, l.number, 3), ''];
      if (layout.amountFirst) {
        lines.push((s, y, left, right) => {
          printArticle(s, first, left, y);
          s.text(sum, right, y, { align: 'right' });
        });
        wrapLine();
        lines.push((s, y, left) => s.text(qtyText, left + size * 2, y));
      } else {
        lines.push((s, y, left) => printArticle(s, first, left, y));
        wrapLine();
        lines.push(both(qtyText, sum, { indent: size * 2 }));
      }
      items.push({ ...(code ? { item_code: code } : {}), description: desc, quantity: printedQty, unit_price: printedPrice, line_total: amount(lineTotal) });
    } else if (layout.till === 'qty_first') {
      lines.push((s, y, left, right) => {
        // Eighth widening: the count and the article in one cell ("2 Burger").
        if (formats?.countInCell) printArticle(s, `${qty} ${article}`, left, y);
        else {
          s.text(String(qty), left, y);
          printArticle(s, article, left + s.widthOf('00 '), y);
        }
        s.text(sum, right, y, { align: 'right' });
      });
      wrapLine();
      items.push({ description: desc, quantity: String(qty), unit_price: '', line_total: amount(lineTotal) });
    } else if (layout.till === 'inline') {
      // The count and the price of one between the description and the amount, for items bought more than once.
      const first = code ? `${code} ${article}` : article;
      lines.push((s, y, left, right) => {
        printArticle(s, first, left, y);
        if (qty > 1 && !weighed) s.text(qtyText, right - (right - left) * 0.28, y, { align: 'right' });
        s.text(sum, right, y, { align: 'right' });
      });
      wrapLine();
      // A weighed article's weight line is too long for the middle of its line: the till prints it under the article.
      if (weighed) lines.push((s, y, left) => s.text(qtyText, left + size, y));
      items.push({ ...(code ? { item_code: code } : {}), description: desc, quantity: counted ? printedQty : '', unit_price: counted ? printedPrice : '', line_total: amount(lineTotal) });
    } else if (formats?.signed && !weighed && !code) {
      // Eighth widening: the count and its sign before the article, the price of one in a column before the amount.
      const shown = qty > 1 || formats.priceAlways;
      lines.push((s, y, left, right) => {
        printArticle(s, qty > 1 ? `${qty} x ${article}` : article, left, y);
        if (shown) s.text(amount(price), right - (right - left) * 0.3, y, { align: 'right' });
        s.text(sum, right, y, { align: 'right' });
      });
      wrapLine();
      items.push({ description: desc, quantity: qty > 1 ? String(qty) : '', unit_price: shown ? amount(price) : '', line_total: amount(lineTotal) });
    } else {
      if (counted && layout.qtyLine === 'above') lines.push((s, y, left) => s.text(qtyText, left + size, y));
      const first = code && extras?.code === 'before' ? `${code} ${article}` : article;
      lines.push((s, y, left, right) => {
        printArticle(s, first, left, y);
        // A UPC after the article, in the middle of the line (US retail).
        if (code && extras?.code === 'after') s.text(code, left + (right - left) * 0.5, y);
        s.text(sum, right, y, { align: 'right' });
      });
      wrapLine();
      if (counted && layout.qtyLine === 'below') lines.push((s, y, left) => s.text(qtyText, left + size, y));
      items.push({ ...(code ? { item_code: code } : {}), description: desc, quantity: counted ? printedQty : '', unit_price: counted ? printedPrice : '', line_total: amount(lineTotal) });
    }
    // Eleventh widening: the price of one on a line of its own under an item bought more than once; no item.
    const plainTill = layout.till === 'two_line' || (layout.till === 'classic' && !(formats?.signed && !weighed && !code));
    if (records?.unitPriceLine && kv && plainTill && qty > 1 && !weighed && printedPrice) lines.push(both(pick(kv, UNIT_PRICE_WORDS[lang]), amount(price), { indent: size * 2 }));
    // Eighth widening: a modifier under the item (a priced one adds to the sum), savings told, a voided item; no items.
    if (formats?.modifiers && tv && chance(tv, 0.35)) {
      const mod = drawModifier(tv, lang);
      if (mod.price === null) lines.push((s, y, left) => s.text(mod.text, left + size, y));
      else lines.push(both(mod.text, `${amount(mod.price)}${letter}`, { indent: size }));
      total += mod.price ?? 0;
    }
    if (formats?.savings && tv && chance(tv, 0.25)) {
      const saved = Math.min(lineTotal, pick(tv, [0.2, 0.3, 0.5, 1, 1.5]));
      lines.push(both(pick(tv, SAVINGS_WORDS[lang]), amount(saved), { indent: size }));
    }
    if (formats?.voids && tv && !voided && chance(tv, 0.2)) {
      voided = true;
      const word = pick(tv, VOID_WORDS[lang]);
      lines.push(both(chance(tv, 0.5) ? `${word} ${article}` : word, `${amount(-lineTotal)}${letter}`));
      total -= lineTotal;
    }
    // Sixth widening: a discount under the item lowers the sum and is no item; a deposit after it is one.
    if (extras?.discounts && zv && chance(zv, 0.2)) {
      const off = Math.min(lineTotal, pick(zv, [0.1, 0.2, 0.3, 0.5, 1]));
      const text = formatNumber(-off, l.number, 2, extras.discounts);
      const word = pick(zv, DISCOUNT_WORDS[lang]);
      lines.push(both(word, `${text}${letter}`, { indent: size }));
      total -= off;
    }
    if (extras?.deposits && zv && chance(zv, 0.2)) {
      const deposit = Math.round(pick(zv, [0.08, 0.15, 0.25]) * (weighed ? 1 : qty) * 100) / 100;
      const word = pick(zv, DEPOSIT_WORDS[lang]);
      lines.push(both(word, `${amount(deposit)}${letter}`));
      items.push({ description: word, quantity: '', unit_price: '', line_total: amount(deposit) });
      total += deposit;
    }
  }
  lines.push(dashes);
  if (chance(r, 0.4)) lines.push(both(pick(r, FIELD_LABELS.subtotal[lang]), amount(total)));
  const totalLabel = pick(r, FIELD_LABELS.receipt_total[lang]);
  const totalText = withCurrency(amount(total), l.money);
  const totalStyle = { bold: true, size: size + 1.5 };
  lines.push((s, y, left, right) => {
    both(totalLabel, totalText, totalStyle)(s, y, left, right);
    const w = s.widthOf(totalText, totalStyle);
    if (layout.pen === 'ring') drawHandwriting(s, r, 'ring', right - w, y - 1, w, totalStyle.size);
    if (layout.pen === 'tick') drawHandwriting(s, r, 'tick', right - w - totalStyle.size * 2.2, y - 1, w, totalStyle.size);
  });
  truth.total_amount = amount(total);
  if (l.money.useCode && l.money.place !== 'none') truth.currency = l.money.code;
  const pay = pick(r, PAYMENT[lang]);
  truth.payment_method = pay;
  if (CASH.has(pay)) {
    const given = Math.ceil(total / 5) * 5 + (chance(v, 0.5) ? 5 : 0);
    lines.push(both(pay, amount(given)));
    lines.push(both(pick(r, FIELD_LABELS.change[lang]), amount(Math.round((given - total) * 100) / 100)));
  } else {
    lines.push(both(pay, amount(total)));
    if (chance(r, 0.6)) lines.push((s, y, left) => s.text(`${'*'.repeat(12)}${int(v, 1000, 9999)}`, left, y));
  }
  lines.push(() => undefined);
  const tax = Math.round((total - total / (1 + rate / 100)) * 100) / 100;
  const pct = formatPercent(rate, l);
  if (reduced) {
    // Two rates: the receipt's tax is split over two lines, neither of which is the document's tax amount.
    const low = REDUCED[lang];
    const lowTax = Math.round(tax * 0.3 * 100) / 100;
    lines.push(both(`${marks[0]} ${TAX_WORD[lang]} ${pct}`, amount(Math.round((tax - lowTax) * 100) / 100)));
    lines.push(both(`${marks[1]} ${TAX_WORD[lang]} ${formatPercent(low, l)}`, amount(lowTax)));
  } else {
    lines.push(both(`${layout.taxLetter !== 'none' ? `${marks[0]} ` : ''}${TAX_WORD[lang]} ${pct}`, amount(tax)));
    truth.tax_amount = amount(tax);
    truth.tax_rate = pct;
  }
  lines.push(() => undefined);
  lines.push(center(pick(r, ['*** ', '']) + pick(r, THANKS_SHORT[lang])));
  if (layout.pen === 'signature') {
    lines.push(() => undefined);
    lines.push((s, y, left) => drawHandwriting(s, r, 'signature', left + size * 3, y, 60, size));
    lines.push(() => undefined);
  }

  const width = widthMm * MM;
  const height = lines.length * lh + 16 * MM;
  const margin = widthMm === 58 ? 3 * MM : 4 * MM;
  const { pdf, sheet } = await renderPdf([width, height], font, size, (s) => {
    lines.forEach((line, i) => line(s, 8 * MM + i * lh, margin, width - margin));
  });
  return { pdf, pages: sheet.pages, fields: truth, labels: { receipt_number: noLabel, total_amount: totalLabel } as Record<string, string>, lines: items, lineColumns: columns, layout: { ...layout }, twoColumns };
}

const THANKS_SHORT: Record<Lang, string[]> = {
  en: ['Thank you for shopping with us', 'Please keep your receipt'],
  de: ['Vielen Dank für Ihren Einkauf', 'Bitte Bon aufbewahren'],
  fr: ['Merci de votre visite', 'À bientôt'],
  es: ['Gracias por su compra', 'Conserve su ticket'],
  nl: ['Bedankt en tot ziens', 'Bewaar uw kassabon'],
  it: ['Grazie e arrivederci', 'Conservare lo scontrino'],
  pt: ['Obrigado pela visita', 'Volte sempre'],
  pl: ['Dziękujemy za zakupy', 'Zapraszamy ponownie'],
};
