/**
 * What each kind of document holds: its parties, labelled values, line table
 * and totals, with the arithmetic real ones obey (quantity × price = line
 * total, Σ lines = subtotal, subtotal + tax = total, opening + credits −
 * debits = closing). The page arrangement is commercial.ts's business.
 */
import type { Column, CommercialSpec, Item } from './commercial.js';
import { BLOCK_LABELS, CARRIED, COLUMN_LABELS, FIELD_LABELS, PAYSLIP_DESCRIPTION, STATEMENT_DESCRIPTION, THANKS, TITLES, TOTAL_DUE_LABELS, WIDE_FIELD_LABELS, type Labels } from './labels.js';
import { addDays, formatDate, formatMonth, formatNumber, formatPercent, formatTableDate, formatWideDate, PERIOD_JOIN, randomDate, withCurrency, type Locale, type WideDate, type Ymd } from './locale.js';
import { BANKS, company, GOODS, iban, otherCompany, PAY_ITEMS, person, TRANSACTIONS, UTILITY_ITEMS, vatId } from './names.js';
import { chance, int, pick, type Rand } from './random.js';
import type { BusinessKind, Lang } from './types.js';
import { cartonNumbers, countWithUnit, dimensionsOf, lotLine, payCodes, slashCode, wideLabel, type WideDraws } from './wide-kinds.js';

export interface Ctx {
  /** The sender and the layout: the same for every document of a series. */
  r: Rand;
  /** The values (numbers, dates, items): `r` itself for a lone document, a stream of its own for each document of a series. */
  v: Rand;
  lang: Lang;
  l: Locale;
  /** Several pages of line items. */
  long: boolean;
  /** What issue 28's second widening added (a single item): a stream of its own, so other documents print as before. */
  w: Rand | null;
  /**
   * The fourth widening's stream (labels worded as other documents word them, ids with letters and slashes) and the
   * header dates' printed form it drew: null where a document prints as before.
   */
  y?: Rand | null;
  dateForm?: WideDate | null;
  /**
   * The fifth widening's stream (payslips, packing lists and orders as other systems print them, wide-kinds.ts) and
   * the list of what it drew: null where a document prints as before.
   */
  z?: Rand | null;
  drawn?: WideDraws;
}

const label = (c: Ctx, labels: Labels): string => pick(c.r, labels[c.lang]);
/** A field's label; on the fourth widening's stream, sometimes another wording (labels.ts WIDE_FIELD_LABELS). */
function field(c: Ctx, key: string): string {
  const printed = label(c, FIELD_LABELS[key]);
  const wide = WIDE_FIELD_LABELS[key]?.[c.lang];
  if (!c.y || !wide || !chance(c.y, 0.45)) return printed;
  const other = pick(c.y, wide);
  // In capitals, the rate's and base's places stay places ("IVA À TAXA DE {r}").
  return chance(c.y, 0.12) ? other.toUpperCase().replace(/\{([RB])\}/g, (_, k: string) => `{${k.toLowerCase()}}`) : other;
}
const col = (c: Ctx, key: string, align: 'left' | 'right', weight: number, labels: Labels = COLUMN_LABELS[key]): Column => ({ key, label: label(c, labels), align, weight });
/** A column the fifth widening adds, its head drawn from its stream. */
const wideCol = (c: Ctx, z: Rand, key: string, align: 'left' | 'right', weight: number, labelKey = key): Column => ({ key, label: wideLabel(z, labelKey, c.lang), align, weight });
/** Notes what the fifth widening drew, for slicing results. */
const drew = (c: Ctx, what: string): true => {
  c.drawn?.push(what);
  return true;
};

/** Amount as printed in cells and as recorded in the truth. */
const amount = (c: Ctx, v: number) => formatNumber(v, c.l.number);
/** A total: printed with the currency mark (when the document uses one), recorded without. */
function money(c: Ctx, key: string, lbl: string, v: number, extra?: Record<string, string>): Item {
  const truth = amount(c, v);
  return { key, label: lbl, value: withCurrency(truth, c.l.money), truth, extra };
}
const date = (c: Ctx, t: Ymd) => (c.dateForm ? formatWideDate(t, c.l, c.dateForm) : formatDate(t, c.l));
const round2 = (v: number) => Math.round(v * 100) / 100;

const TAX_RATES: Record<Lang, number[]> = { en: [20, 20, 5, 8.25], de: [19, 19, 7], fr: [20, 20, 5.5, 10], es: [21, 21, 10], nl: [21, 21, 9], it: [22, 22, 10], pt: [23, 23, 13], pl: [23, 23, 8] };

function docNumber(c: Ctx, prefixes: string[]): string {
  const { r, v } = c;
  const p = pick(r, prefixes);
  const y = 2022 + int(v, 0, 3);
  const [n5, n4, n3, n6] = [int(v, 10000, 99999), int(v, 1, 9999), int(v, 100, 999), int(v, 100000, 999999)];
  const printed = pick(r, [`${p}-${n5}`, `${p}${y}-${String(n4).padStart(4, '0')}`, `${y}/${n3}`, `${n6}`]);
  if (!c.y || !chance(c.y, 0.5)) return printed;
  // Ids the way other systems number them: letters, slashes, dots, the year inside (the same numbers drawn above).
  const q = chance(c.y, 0.5) ? p : pick(c.y, ['INV', 'FAC', 'RG', 'FV', 'NR', 'DOC']);
  const yy = String(y % 100).padStart(2, '0');
  const four = String(n4).padStart(4, '0');
  return pick(c.y, [
    `${q}/${y}/${String(n5).padStart(5, '0')}`,
    `${q}-${y}/${n3}`,
    `${y}-${q}-${four}`,
    `${q}${n3}/${yy}`,
    `${n3}/${yy}`,
    `${q}.${y}.${four}`,
    `${q}-${String.fromCharCode(65 + (n5 % 26))}${String.fromCharCode(65 + (n6 % 26))}-${four}`,
    `${yy}${String(n4 % 12 + 1).padStart(2, '0')}-${n3}`,
  ]);
}

/** The currency code where the document prints one: on its totals, or as a labelled value. */
function currencyItem(c: Ctx): Item | null {
  if (c.l.money.useCode) return null;
  return chance(c.r, 0.35) ? { key: 'currency', label: field(c, 'currency'), value: c.l.money.code } : null;
}
const currencyExtra = (c: Ctx): Record<string, string> => (c.l.money.useCode ? { currency: c.l.money.code } : {});

/** `base`: the amount the tax is taken on, for labels that print it ("VAT 20% on 1,234.00"). */
function taxLabel(c: Ctx, rate: number, base = 0): { lbl: string; printed: string } {
  const printed = formatPercent(rate, c.l);
  return { lbl: field(c, 'tax_amount').replace('{r}', printed).replace('{b}', amount(c, base)), printed };
}

function carried(c: Ctx): CommercialSpec['carried'] {
  return { label: label(c, CARRIED), format: (v) => amount(c, v) };
}

/** Goods lines with quantity × price = line total, optionally a position, code, unit, discount and VAT column. */
function goodsTable(c: Ctx, opts: { code?: number; unit?: number; discount?: number; taxCol?: number; position?: number; ordered?: Ymd }, taxRate: number) {
  const r = c.r;
  // The fifth widening (orders): codes with slashes, a discount column, a delivery date on each line.
  const z = opts.ordered ? (c.z ?? null) : null;
  const withPos = chance(r, opts.position ?? 0.25);
  const withCode = chance(r, opts.code ?? 0.4);
  const withUnit = chance(r, opts.unit ?? 0.35);
  const withDisc = chance(r, opts.discount ?? 0.12) || (z !== null && chance(z, 0.3) && drew(c, 'discount'));
  const withTax = chance(r, opts.taxCol ?? 0.15);
  const slashes = z !== null && withCode && chance(z, 0.5) && drew(c, 'slash_codes') ? int(z, 0, 2) : -1;
  const lineDates = z !== null && opts.ordered && chance(z, 0.35) && drew(c, 'line_dates') ? opts.ordered : null;
  const datesEarly = z !== null && chance(z, 0.5);
  const dateCol = z && lineDates ? [wideCol(c, z, 'delivery_date', 'left', 1.1)] : [];
  const columns: Column[] = [
    ...(withPos ? [col(c, 'position', 'left', 0.5)] : []),
    ...(withCode ? [col(c, 'item_code', 'left', 1.1)] : []),
    col(c, 'description', 'left', 3.6),
    ...(datesEarly ? dateCol : []),
    col(c, 'quantity', 'right', 0.9),
    ...(withUnit ? [col(c, 'unit', 'left', 0.8)] : []),
    col(c, 'unit_price', 'right', 1.3),
    ...(withDisc ? [col(c, 'discount', 'right', 0.8)] : []),
    ...(withTax ? [col(c, 'tax_rate', 'right', 0.8)] : []),
    ...(datesEarly ? [] : dateCol),
    col(c, 'line_total', 'right', 1.4),
  ];
  const v = c.v;
  // Some invoices and orders hold a single item.
  const n = c.long ? int(v, 34, 60) : c.w && chance(c.w, 0.1) ? 1 : int(v, 2, 12);
  const rows: Array<Record<string, string>> = [];
  const amounts: number[] = [];
  const codeStyle = pick(r, ['A', 'SKU', 'N']);
  for (let i = 0; i < n; i++) {
    const [desc, unit] = pick(v, GOODS[c.lang]);
    const hourly = unit === 'h' || unit === 'Std' || unit === 'uur' || unit === 'ore';
    const qty = hourly && chance(v, 0.5) ? int(v, 1, 80) / 2 : chance(v, 0.8) ? int(v, 1, 12) : int(v, 13, 250);
    // Log-uniform 0.50 .. 1,800.00: cheap and dear goods alike.
    const price = Math.round(50 * Math.exp(v() * Math.log(3600))) / 100;
    const disc = withDisc && chance(v, 0.4) ? pick(v, [5, 10, 15]) : 0;
    const total = round2(qty * price * (1 - disc / 100));
    amounts.push(total);
    const code = withCode ? (codeStyle === 'A' ? `A${int(v, 100, 999)}-${int(v, 10, 99)}` : codeStyle === 'SKU' ? `SKU-${int(v, 10000, 99999)}` : String(int(v, 100000, 999999))) : '';
    rows.push({
      ...(withPos ? { position: String(i + 1) } : {}),
      ...(withCode ? { item_code: z && slashes >= 0 ? slashCode(z, slashes) : code } : {}),
      description: desc,
      ...(z && lineDates ? { delivery_date: formatTableDate(addDays(lineDates, int(z, 3, 45)), c.l) } : {}),
      quantity: Number.isInteger(qty) ? String(qty) : formatNumber(qty, c.l.number, 1),
      ...(withUnit ? { unit } : {}),
      unit_price: amount(c, price),
      ...(withDisc ? { discount: disc ? formatPercent(disc, c.l) : '' } : {}),
      ...(withTax ? { tax_rate: formatPercent(taxRate, c.l) } : {}),
      line_total: amount(c, total),
    });
  }
  return { columns, rows, amounts };
}

/** Subtotal, optional discount and shipping, tax with its rate, total, and amount due after a deposit. */
function commercialTotals(c: Ctx, net: number, rate: number, opts: { due?: boolean } = {}): Item[] {
  const r = c.r;
  const items: Item[] = [money(c, 'subtotal', field(c, 'subtotal'), net)];
  let base = net;
  if (chance(r, 0.12)) {
    const d = round2(net * 0.05);
    items.push(money(c, 'discount', field(c, 'discount'), -d));
    base -= d;
  }
  if (chance(r, 0.15)) {
    const ship = int(c.v, 500, 4500) / 100;
    items.push(money(c, 'shipping', field(c, 'shipping'), ship));
    base += ship;
  }
  const tax = round2(base * (rate / 100));
  const { lbl, printed } = taxLabel(c, rate, base);
  items.push(money(c, 'tax_amount', lbl, tax, { tax_rate: printed }));
  const total = round2(base + tax);
  const totalItem: Item = { ...money(c, 'total_amount', field(c, 'total_amount'), total, currencyExtra(c)), bold: true };
  items.push(totalItem);
  if (opts.due !== false && chance(r, 0.25)) {
    const paid = round2(total * pick(c.v, [0.3, 0.5]));
    items.push(money(c, 'amount_paid', field(c, 'amount_paid'), -paid));
    items.push({ ...money(c, 'amount_due', field(c, 'amount_due'), round2(total - paid)), bold: true });
  } else if (c.y && TOTAL_DUE_LABELS[c.lang] && chance(c.y, 0.3)) {
    // Nothing paid yet: the grand total is what is due, and many documents say so ("Amount due", "Zahlbetrag").
    totalItem.label = pick(c.y, TOTAL_DUE_LABELS[c.lang] as string[]);
  }
  return items;
}

function notes(c: Ctx): string[] {
  return chance(c.r, 0.7) ? [pick(c.r, THANKS[c.lang])] : [];
}

const compact = <T,>(xs: Array<T | null | false>): T[] => xs.filter((x): x is T => Boolean(x));

function invoice(c: Ctx): CommercialSpec {
  const r = c.r;
  const seller = company(r, c.lang);
  const buyer = chance(r, 0.7) ? otherCompany(r, c.lang, seller) : person(r, c.lang);
  const issued = randomDate(c.v);
  const rate = pick(r, TAX_RATES[c.lang]);
  const t = goodsTable(c, {}, rate);
  const net = round2(t.amounts.reduce((a, b) => a + b, 0));
  return {
    title: label(c, TITLES.invoice),
    issuer: { party: seller, nameKey: 'seller_name', addressKey: 'seller_address', extras: compact([{ key: 'seller_vat_id', label: field(c, 'seller_vat_id'), value: vatId(r, c.lang) }, chance(r, 0.7) && { key: 'iban', label: 'IBAN', value: iban(r, c.lang) }]) },
    recipient: { party: buyer, nameKey: 'buyer_name', addressKey: 'buyer_address', label: chance(r, 0.7) ? label(c, BLOCK_LABELS.buyer) : null },
    meta: compact([
      { key: 'invoice_number', label: field(c, 'invoice_number'), value: docNumber(c, ['INV', 'RE', 'F', 'FA', 'FV']) },
      { key: 'invoice_date', label: field(c, 'invoice_date'), value: date(c, issued) },
      chance(r, 0.7) && { key: 'due_date', label: field(c, 'due_date'), value: date(c, addDays(issued, pick(r, [14, 30, 60]))) },
      chance(r, 0.5) && { key: 'customer_id', label: field(c, 'customer_id'), value: `${pick(r, ['C', 'K', 'CL', ''])}${int(r, 1000, 99999)}` },
      chance(r, 0.4) && { key: 'order_number', label: field(c, 'order_number'), value: docNumber(c, ['PO', 'ORD', 'B']) },
      chance(r, 0.4) && { key: 'payment_terms', label: field(c, 'payment_terms'), value: pick(r, PAYMENT_TERMS[c.lang]) },
      currencyItem(c),
    ]),
    before: [],
    columns: t.columns,
    rows: t.rows,
    rowAmounts: t.amounts,
    totals: commercialTotals(c, net, rate),
    notes: notes(c),
    carried: carried(c),
  };
}

const PAYMENT_TERMS: Record<Lang, string[]> = {
  en: ['Net 30', '30 days net', 'Due on receipt', '14 days'],
  de: ['30 Tage netto', '14 Tage 2% Skonto, 30 Tage netto', 'Sofort ohne Abzug'],
  fr: ['30 jours fin de mois', 'À réception', '45 jours net'],
  es: ['30 días', 'Transferencia a 30 días', 'Al contado'],
  nl: ['30 dagen netto', 'Binnen 14 dagen'],
  it: ['30 gg d.f.', 'Bonifico 60 gg f.m.', 'Rimessa diretta'],
  pt: ['30 dias', 'Pronto pagamento', '60 dias'],
  pl: ['Przelew 14 dni', 'Przelew 30 dni', 'Gotówka', 'Płatne przy odbiorze'],
};

function purchaseOrder(c: Ctx): CommercialSpec {
  const r = c.r;
  const buyer = company(r, c.lang);
  const supplier = otherCompany(r, c.lang, buyer);
  const ordered = randomDate(c.v);
  const rate = pick(r, TAX_RATES[c.lang]);
  const t = goodsTable(c, { code: 0.7, unit: 0.6, ordered }, rate);
  const net = round2(t.amounts.reduce((a, b) => a + b, 0));
  return {
    title: label(c, TITLES.purchase_order),
    issuer: { party: buyer, nameKey: 'buyer_name', addressKey: 'buyer_address', extras: compact([chance(r, 0.5) && { key: 'buyer_vat_id', label: field(c, 'seller_vat_id'), value: vatId(r, c.lang) }]) },
    recipient: { party: supplier, nameKey: 'seller_name', addressKey: 'seller_address', label: label(c, BLOCK_LABELS.supplier) },
    meta: compact([
      { key: 'order_number', label: field(c, 'order_number'), value: docNumber(c, ['PO', 'BE', 'BC', 'OC']) },
      { key: 'order_date', label: field(c, 'order_date'), value: date(c, ordered) },
      chance(r, 0.7) && { key: 'delivery_date', label: field(c, 'delivery_date'), value: date(c, addDays(ordered, int(c.v, 5, 40))) },
      chance(r, 0.5) && { key: 'payment_terms', label: field(c, 'payment_terms'), value: pick(r, PAYMENT_TERMS[c.lang]) },
      currencyItem(c),
    ]),
    before: [],
    columns: t.columns,
    rows: t.rows,
    rowAmounts: t.amounts,
    totals: commercialTotals(c, net, rate, { due: false }),
    notes: notes(c),
    carried: carried(c),
  };
}

function utilityBill(c: Ctx): CommercialSpec {
  const r = c.r;
  const supplier = company(r, c.lang);
  const customer = person(r, c.lang);
  const issued = randomDate(c.v);
  const start = addDays(issued, -int(c.v, 40, 70));
  const end = addDays(start, int(c.v, 28, 31));
  const rate = pick(r, TAX_RATES[c.lang]);
  const columns = [col(c, 'description', 'left', 3.4), col(c, 'quantity', 'right', 1.1), col(c, 'unit', 'left', 0.8), col(c, 'unit_price', 'right', 1.2), col(c, 'line_total', 'right', 1.3)];
  const rows: Array<Record<string, string>> = [];
  const amounts: number[] = [];
  for (const [desc, unit] of UTILITY_ITEMS[c.lang].slice(0, int(r, 2, 4))) {
    const qty = unit === 'kWh' ? int(c.v, 40, 900) : 30;
    const price = unit === 'kWh' ? int(c.v, 1500, 4500) / 100000 : int(c.v, 20, 60) / 100;
    const total = round2(qty * price);
    amounts.push(total);
    rows.push({ description: desc, quantity: String(qty), unit, unit_price: formatNumber(price, c.l.number, unit === 'kWh' ? 4 : 2), line_total: amount(c, total) });
  }
  const net = round2(amounts.reduce((a, b) => a + b, 0));
  const period = `${formatTableDate(start, c.l)}${pick(r, PERIOD_JOIN[c.lang])}${formatTableDate(end, c.l)}`;
  return {
    title: label(c, TITLES.utility_bill),
    issuer: { party: supplier, nameKey: 'seller_name', addressKey: 'seller_address', extras: compact([chance(r, 0.6) && { key: 'seller_vat_id', label: field(c, 'seller_vat_id'), value: vatId(r, c.lang) }, chance(r, 0.5) && { key: 'iban', label: 'IBAN', value: iban(r, c.lang) }]) },
    recipient: { party: customer, nameKey: 'buyer_name', addressKey: 'buyer_address', label: chance(r, 0.4) ? label(c, BLOCK_LABELS.buyer) : null },
    meta: compact([
      { key: 'invoice_number', label: field(c, 'invoice_number'), value: docNumber(c, ['E', 'ST', 'FE']) },
      { key: 'invoice_date', label: field(c, 'invoice_date'), value: date(c, issued) },
      { key: 'customer_id', label: field(c, 'customer_id'), value: String(int(r, 10000000, 99999999)) },
      chance(r, 0.7) && { key: 'meter_number', label: field(c, 'meter_number'), value: `${pick(r, ['1ESY', 'Z', 'M'])}${int(r, 1000000, 9999999)}` },
      { key: 'billing_period', label: field(c, 'period'), value: period, extra: { period_start: formatTableDate(start, c.l), period_end: formatTableDate(end, c.l) } },
      { key: 'due_date', label: field(c, 'due_date'), value: date(c, addDays(issued, 14)) },
    ]),
    before: [],
    columns,
    rows,
    rowAmounts: amounts,
    totals: commercialTotals(c, net, rate, { due: true }),
    notes: notes(c),
    carried: null,
  };
}

function bankStatement(c: Ctx): CommercialSpec {
  const r = c.r;
  const holder = person(r, c.lang);
  const bank = { name: pick(r, BANKS[c.lang]), address: company(r, c.lang).address };
  const v = c.v;
  const start = { ...randomDate(v), d: 1 };
  const n = c.long ? int(v, 40, 70) : int(v, 5, 18);
  const withValue = chance(r, 0.3);
  const columns = [
    col(c, 'date', 'left', 1.1),
    ...(withValue ? [col(c, 'value_date', 'left', 1.1)] : []),
    col(c, 'description', 'left', 3.4, STATEMENT_DESCRIPTION),
    col(c, 'debit', 'right', 1.2),
    col(c, 'credit', 'right', 1.2),
    col(c, 'balance', 'right', 1.3),
  ];
  const opening = int(v, -50000, 900000) / 100;
  let balance = opening;
  const rows: Array<Record<string, string>> = [];
  let day = start;
  for (let i = 0; i < n; i++) {
    day = addDays(day, chance(v, 0.5) ? 1 : 0);
    const isCredit = chance(v, 0.35);
    const amt = int(v, 300, 250000) / 100;
    balance = round2(balance + (isCredit ? amt : -amt));
    const d = formatTableDate(day, c.l);
    rows.push({
      date: d,
      ...(withValue ? { value_date: d } : {}),
      description: pick(v, TRANSACTIONS[c.lang]),
      debit: isCredit ? '' : amount(c, amt),
      credit: isCredit ? amount(c, amt) : '',
      balance: amount(c, balance),
    });
  }
  const end = day;
  const period = `${formatTableDate(start, c.l)}${pick(r, PERIOD_JOIN[c.lang])}${formatTableDate(end, c.l)}`;
  return {
    title: label(c, TITLES.bank_statement),
    issuer: { party: bank, nameKey: 'bank_name', addressKey: 'bank_address', extras: [] },
    recipient: { party: holder, nameKey: 'account_holder', addressKey: 'account_holder_address', label: chance(r, 0.4) ? label(c, BLOCK_LABELS.holder) : null },
    meta: compact([
      { key: 'iban', label: 'IBAN', value: iban(r, c.lang) },
      chance(r, 0.5) && { key: 'account_number', label: field(c, 'account_number'), value: `${int(r, 1000, 9999)} ${int(r, 100000, 999999)}` },
      chance(r, 0.7) && { key: 'statement_number', label: field(c, 'statement_number'), value: `${int(v, 1, 12)}/${start.y}` },
      { key: 'statement_date', label: field(c, 'statement_date'), value: date(c, addDays(end, 1)) },
      { key: 'statement_period', label: field(c, 'period'), value: period, extra: { period_start: formatTableDate(start, c.l), period_end: formatTableDate(end, c.l) } },
      currencyItem(c),
    ]),
    before: [money(c, 'opening_balance', field(c, 'opening_balance'), opening)],
    columns,
    rows,
    totals: [{ ...money(c, 'closing_balance', field(c, 'closing_balance'), balance, currencyExtra(c)), bold: true }],
    notes: [],
    carried: null,
  };
}

function priceList(c: Ctx): CommercialSpec {
  const r = c.r;
  const seller = company(r, c.lang);
  const sideBySide = chance(r, 0.35);
  const withCode = !sideBySide || chance(r, 0.5);
  const columns = [...(withCode ? [col(c, 'item_code', 'left', 1.1)] : []), col(c, 'description', 'left', 3.2), ...(chance(r, 0.6) ? [col(c, 'unit', 'left', 0.8)] : []), col(c, 'unit_price', 'right', 1.2)];
  const v = c.v;
  const n = sideBySide ? int(v, 12, 44) : c.long ? int(v, 45, 80) : int(v, 6, 24);
  const rows: Array<Record<string, string>> = [];
  const used = new Set<string>();
  for (let i = 0; i < n; i++) {
    const [desc, unit] = pick(v, GOODS[c.lang]);
    // Variants keep descriptions distinct, as catalogue lines are.
    const d = used.has(desc) ? `${desc} ${pick(v, ['XL', 'Pro', 'II', 'Eco', 'Plus'])}${int(v, 2, 99)}` : desc;
    used.add(desc);
    rows.push({ ...(withCode ? { item_code: `${int(v, 10, 99)}-${int(v, 1000, 9999)}` } : {}), description: d, unit, unit_price: amount(c, int(v, 50, 99999) / 100) });
  }
  const valid = randomDate(v);
  const y = String(valid.y);
  return {
    title: label(c, TITLES.price_list).replace('{y}', y),
    issuer: { party: seller, nameKey: 'seller_name', addressKey: 'seller_address', extras: [] },
    recipient: null,
    meta: compact([{ key: 'valid_from', label: field(c, 'valid_from'), value: date(c, valid) }, { key: 'currency', label: field(c, 'currency'), value: c.l.money.code }]),
    before: [],
    columns,
    rows,
    totals: [],
    notes: notes(c),
    carried: null,
    sideBySide,
  };
}

function payslip(c: Ctx): CommercialSpec {
  const r = c.r;
  const employer = company(r, c.lang);
  const employee = person(r, c.lang);
  const month = randomDate(c.v);
  const [earnings, deductions] = PAY_ITEMS[c.lang];
  const rows: Array<Record<string, string>> = [];
  const values: number[] = [];
  let gross = 0;
  for (const e of earnings.slice(0, int(r, 1, earnings.length))) {
    const hourly = chance(r, 0.6);
    const hours = hourly ? int(c.v, 4, 170) : 0;
    const rate = int(c.v, 1200, 6500) / 100;
    const amt = hourly ? round2(hours * rate) : int(c.v, 150000, 600000) / 100;
    gross += amt;
    rows.push({ description: e, hours: hourly ? String(hours) : '', rate: hourly ? amount(c, rate) : '', amount: amount(c, amt) });
    values.push(amt);
  }
  gross = round2(gross);
  let ded = 0;
  for (const d of deductions) {
    const amt = round2(gross * int(c.v, 20, 140) / 1000);
    ded += amt;
    rows.push({ description: d, hours: '', rate: '', amount: amount(c, -amt) });
    values.push(-amt);
  }
  ded = round2(ded);
  // Drawn after the items, so documents of the first arrangement stay as they were.
  const pay = pick(r, ['amount', 'amount', 'year_to_date', 'split'] as const);
  const wide = payslipWide(c, pay, values);
  const columns = [
    ...(wide.codeColumn ? [wide.codeColumn] : []),
    col(c, 'description', 'left', 3, PAYSLIP_DESCRIPTION),
    col(c, 'hours', 'right', 0.9),
    col(c, 'rate', 'right', 1.1),
    ...(pay === 'split' ? [col(c, 'earnings', 'right', 1.3), col(c, 'deductions', 'right', 1.3)] : [col(c, 'amount', 'right', 1.3)]),
    ...(pay === 'year_to_date' ? [col(c, 'year_to_date', 'right', 1.4)] : []),
    ...(wide.employerColumn ? [wide.employerColumn] : []),
  ];
  const months = int(r, 2, 12);
  rows.forEach((row, i) => {
    const v = values[i];
    // Year to date: the month's amount times the months so far, as printed; split: deductions as positive amounts.
    if (pay === 'year_to_date') row.year_to_date = wide.signed(round2(v * months));
    if (pay === 'split') {
      row[v < 0 ? 'deductions' : 'earnings'] = amount(c, Math.abs(v));
      row[v < 0 ? 'earnings' : 'deductions'] = '';
      delete row.amount;
    } else row.amount = wide.signed(v);
    const { codeBefore, ...cells } = wide.cells[i];
    Object.assign(row, cells);
    // The code printed before the item in its cell ("1000 Gehalt"): the truth's description as printed.
    if (codeBefore) row.description = `${codeBefore} ${row.description}`;
  });
  const spec: CommercialSpec = {
    title: label(c, TITLES.payslip),
    issuer: { party: employer, nameKey: 'employer_name', addressKey: 'employer_address', extras: [] },
    recipient: { party: employee, nameKey: 'employee_name', addressKey: 'employee_address', label: chance(r, 0.5) ? label(c, BLOCK_LABELS.employee) : null },
    meta: compact([
      chance(r, 0.8) && { key: 'employee_id', label: field(c, 'employee_id'), value: String(int(r, 1000, 99999)) },
      { key: 'pay_period', label: field(c, 'pay_period'), value: formatMonth(month, c.l) },
      { key: 'pay_date', label: field(c, 'pay_date'), value: date(c, { ...month, d: 28 }) },
    ]),
    before: [],
    columns,
    rows,
    totals: [money(c, 'gross_pay', field(c, 'gross_pay'), gross), money(c, 'total_deductions', field(c, 'total_deductions'), ded), { ...money(c, 'net_pay', field(c, 'net_pay'), round2(gross - ded), currencyExtra(c)), bold: true }],
    notes: [],
    carried: null,
    payColumns: pay,
  };
  return wide.twoTables ? twoPayTables(c, spec, values) : spec;
}

/**
 * The fifth widening's payslip draws: wage-type codes in a column or before the item ("1000 Gehalt"), the employer's
 * share of each contribution in a column of its own, deductions with a trailing minus, and (one amount column only)
 * earnings and deductions as two tables side by side.
 */
function payslipWide(c: Ctx, pay: 'amount' | 'year_to_date' | 'split', values: number[]) {
  const z = c.z ?? null;
  const plain = (v: number) => amount(c, v);
  const none = { codeColumn: null as Column | null, employerColumn: null as Column | null, cells: values.map(() => ({}) as Record<string, string>), signed: plain, twoTables: false };
  if (!z) return none;
  const out = { ...none };
  const earned = values.filter((v) => v >= 0).length;
  if (chance(z, 0.4) && drew(c, 'pay_codes')) {
    const codes = payCodes(z, earned, values.length - earned);
    if (chance(z, 0.5)) {
      out.codeColumn = wideCol(c, z, 'item_code', 'left', 0.7, 'pay_code');
      codes.forEach((code, i) => (out.cells[i].item_code = code));
    } else out.cells.forEach((cell, i) => (cell.codeBefore = codes[i]));
  }
  out.twoTables = pay === 'amount' && chance(z, 0.3) && drew(c, 'two_tables');
  if (!out.twoTables && pay !== 'split' && chance(z, 0.3) && drew(c, 'employer')) {
    out.employerColumn = wideCol(c, z, 'employer_contribution', 'right', 1.2);
    // The employer pays about as much again into social insurance; nothing beside earnings or the income tax.
    values.forEach((v, i) => (out.cells[i].employer_contribution = v < 0 && i > earned ? amount(c, round2(-v * int(z, 80, 120) / 100)) : ''));
  }
  if (!out.twoTables && pay !== 'split' && c.l.number.negative !== 'trailing' && chance(z, 0.35) && drew(c, 'trailing_minus')) {
    out.signed = (v: number) => formatNumber(v, c.l.number, 2, 'trailing');
  }
  return out;
}

/**
 * Earnings and deductions as two tables on one band: each a description and an amount (the earnings' hours and rate
 * too, on some), the deductions printed without a sign under their own head. The truth lists earnings, then deductions.
 */
function twoPayTables(c: Ctx, spec: CommercialSpec, values: number[]): CommercialSpec {
  const z = c.z as Rand;
  const earned = values.filter((v) => v >= 0).length;
  // Hours and rate beside the earnings only where an item is paid by the hour.
  const hours = spec.rows.slice(0, earned).some((row) => row.hours) && chance(z, 0.5);
  const code = spec.columns.find((k) => k.key === 'item_code');
  const find = (key: string) => spec.columns.find((k) => k.key === key) as Column;
  const left = [...(code ? [code] : []), { ...find('description'), label: pick(z, COLUMN_LABELS.earnings[c.lang]) }, ...(hours ? [find('hours'), find('rate')] : []), find('amount')];
  const right = [...(code ? [code] : []), { ...find('description'), label: pick(z, COLUMN_LABELS.deductions[c.lang]) }, find('amount')];
  const rows = spec.rows.map((row, i) => (i < earned ? row : { ...row, amount: amount(c, -values[i]) }));
  if (!hours) for (const row of rows) Object.assign(row, { hours: '', rate: '' });
  // The truth's columns under the heads the earnings table prints (a request in the page's labels asks by them).
  const columns = spec.columns.filter((k) => hours || (k.key !== 'hours' && k.key !== 'rate')).map((k) => left.find((l) => l.key === k.key) ?? k);
  return { ...spec, columns, rows, twoTables: { left, right, split: earned } };
}

function packingList(c: Ctx): CommercialSpec {
  const r = c.r;
  const z = c.z ?? null;
  const shipper = company(r, c.lang);
  const consignee = otherCompany(r, c.lang, shipper);
  const shipped = randomDate(c.v);
  const base = [col(c, 'item_code', 'left', 1.1), col(c, 'description', 'left', 3), col(c, 'quantity', 'right', 0.9), ...(chance(r, 0.5) ? [col(c, 'unit', 'left', 0.8)] : []), col(c, 'packages', 'right', 0.9), col(c, 'net_weight', 'right', 1.1), col(c, 'gross_weight', 'right', 1.1)];
  // The fifth widening: carton numbers first, the cartons' dimensions, counts with their unit, lot lines under items.
  const cartons = z !== null && chance(z, 0.35) && drew(c, 'cartons');
  const dims = z !== null && chance(z, 0.3) && drew(c, 'dimensions');
  const counted = z !== null && !base.some((k) => k.key === 'unit') && chance(z, 0.4) && drew(c, 'count_units') ? countWithUnit(z, c.lang) : null;
  const lots = z !== null && chance(z, 0.35) && drew(c, 'lot_lines');
  const spaced = z !== null && chance(z, 0.5);
  const columns = [
    ...(z && cartons ? [wideCol(c, z, 'package_number', 'left', 0.9)] : []),
    ...base.flatMap((k) => (z && dims && k.key === 'packages' ? [k, wideCol(c, z, 'dimensions', 'left', 1.3)] : [k])),
  ];
  const v = c.v;
  const n = c.long ? int(v, 34, 55) : int(v, 2, 12);
  const rows: Array<Record<string, string>> = [];
  const printed: Array<Record<string, string>> = [];
  let pk = 0;
  let nw = 0;
  let gw = 0;
  const decimals = chance(r, 0.5) ? 1 : 2;
  for (let i = 0; i < n; i++) {
    const [desc, unit] = pick(v, GOODS[c.lang]);
    const packages = int(v, 1, 20);
    const net = int(v, 5, 4000) / 10;
    const gross = round2(net + packages * int(v, 5, 20) / 10);
    pk += packages;
    nw += net;
    gw += gross;
    // Drawn in the order the narrow document draws them.
    const code = `${int(v, 100000, 999999)}`;
    const quantity = String(packages * int(v, 1, 24));
    rows.push({ item_code: code, description: desc, quantity: counted ? counted(quantity) : quantity, unit, packages: String(packages), net_weight: formatNumber(net, c.l.number, decimals), gross_weight: formatNumber(gross, c.l.number, decimals) });
    const lot = z && lots && chance(z, 0.6) ? lotLine(z, c.lang) : '';
    // The lot line prints under the item in its description cell; the truth joins both lines.
    printed.push(lot ? { description: `${desc}\n${lot}` } : {});
    if (lot) rows[i].description = `${desc} ${lot}`;
    if (z && dims) rows[i].dimensions = dimensionsOf(z, spaced);
  }
  if (cartons) cartonNumbers(rows.map((row) => Number(row.packages))).forEach((no, i) => (rows[i].package_number = no));
  return {
    title: label(c, TITLES.packing_list),
    issuer: { party: shipper, nameKey: 'shipper_name', addressKey: 'shipper_address', extras: [] },
    recipient: { party: consignee, nameKey: 'consignee_name', addressKey: 'consignee_address', label: label(c, BLOCK_LABELS.consignee) },
    meta: compact([
      { key: 'packing_list_number', label: field(c, 'packing_list_number'), value: docNumber(c, ['PL', 'LS', 'BL']) },
      chance(r, 0.6) && { key: 'order_number', label: field(c, 'order_number'), value: docNumber(c, ['PO', 'ORD']) },
      { key: 'ship_date', label: field(c, 'ship_date'), value: date(c, shipped) },
    ]),
    before: [],
    columns,
    rows,
    ...(lots ? { printed } : {}),
    totals: [
      { key: 'packages', label: field(c, 'packages'), value: String(pk) },
      { key: 'net_weight', label: field(c, 'net_weight'), value: formatNumber(nw, c.l.number, decimals) },
      { key: 'gross_weight', label: field(c, 'gross_weight'), value: formatNumber(gw, c.l.number, decimals), bold: true },
    ],
    notes: notes(c),
    carried: null,
  };
}

export const COMMERCIAL_KINDS: Record<Exclude<BusinessKind, 'receipt'>, (c: Ctx) => CommercialSpec> = {
  invoice,
  purchase_order: purchaseOrder,
  utility_bill: utilityBill,
  bank_statement: bankStatement,
  price_list: priceList,
  payslip,
  packing_list: packingList,
};
