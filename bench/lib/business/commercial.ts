/**
 * The page layout shared by invoices, orders, statements, payslips, utility
 * bills, packing lists and price lists: letterhead, title, an address block,
 * a block of labelled values, a line table (flowing over pages), totals and
 * a footer. Each arrangement is drawn from the seed; the kinds only say what
 * goes where (kinds.ts).
 */
import { drawHandwriting, drawLogo, drawStamp } from './marks.js';
import type { Party } from './names.js';
import { chance, int, pick, type Rand } from './random.js';
import type { Sheet } from './sheet.js';
import type { Lang } from './types.js';
import { BLOCK_LABELS, SENDER_LABELS, TAX_TABLE_HEADS, type Labels } from './labels.js';
import { drawTotalBox, drawTwoColumn, drawWideMeta } from './wide-fields.js';

/** A labelled value; `key` '' = printed but not part of the truth. */
export interface Item {
  key: string;
  label: string;
  value: string;
  /** The truth when it differs from the print (an amount printed with its currency mark is recorded without it). */
  truth?: string;
  /** More truth carried by the same print (the rate inside "VAT 19%"). */
  extra?: Record<string, string>;
  bold?: boolean;
}

export interface Column {
  key: string;
  label: string;
  align: 'left' | 'right';
  /** Share of the table width. */
  weight: number;
}

export interface PartyBlock {
  party: Party;
  nameKey: string;
  addressKey: string;
  /** Printed above the block ("Bill to"); null = window-envelope position without a label. */
  label: string | null;
}

export interface CommercialSpec {
  title: string;
  issuer: { party: Party; nameKey: string; addressKey: string; /** VAT id, IBAN: in the letterhead or the footer. */ extras: Item[] };
  recipient: PartyBlock | null;
  meta: Item[];
  /** Values printed between the header and the table (opening balance). */
  before: Item[];
  columns: Column[];
  rows: Array<Record<string, string>>;
  totals: Item[];
  notes: string[];
  /** The carried-forward line at a page break (not a line item): its label, and the running sum of `rowAmounts` as printed. */
  carried: { label: string; format(v: number): string } | null;
  /** The amount of each row, for the carried-forward line. */
  rowAmounts?: number[];
  /** Price lists: the rows set as two lists side by side. */
  sideBySide?: boolean;
  /** Payslips: one amount column, with a year-to-date column beside it, or earnings and deductions apart. */
  payColumns?: 'amount' | 'year_to_date' | 'split';
  /** Cells as printed where they differ from the truth (a lot line under the item: `\n` where the truth has a space). */
  printed?: Array<Record<string, string>>;
  /** Payslips: earnings (rows before `split`) and deductions as two tables side by side, each with its columns. */
  twoTables?: { left: Column[]; right: Column[]; split: number };
  /** Group lines inside the table before these rows (the delivery note the next items came under): no items. */
  groups?: Map<number, string>;
}

export interface CommercialLayout {
  letterhead: 'left' | 'right' | 'center';
  extrasIn: 'letterhead' | 'footer';
  meta: 'kv_right' | 'colon' | 'boxes' | 'stacked' | 'kv_table';
  rules: 'grid' | 'rows' | 'header' | 'none';
  headerFill: boolean;
  /** `grid`: totals as rows under the table, the value in the amount column. */
  totals: 'kv' | 'colon' | 'grid';
  returnLine: boolean;
  repeatHeader: boolean;
  carriedLine: boolean;
  /** A logo image in the top corner opposite the letterhead text, or above a centred one. */
  logo: boolean;
  /** A second header column at the top right: phone, e-mail, web (letterhead left only). */
  contactColumn: boolean;
  /** Unruled or header-ruled tables: column widths drawn far from even, so columns sit at odd positions. */
  oddColumns: boolean;
  /** Some items carry a second line in the description cell (an EAN, serial or reference). */
  detailLines: boolean;
  /** An office stamp left of the totals, and a pen mark (a tick or ring at the total, a signature under it). */
  stamp: boolean;
  pen: 'none' | 'tick' | 'ring' | 'signature';
  /** Tables with an article code: each item over two lines in one column, the code (with the numbers) over the description. */
  articleOver: boolean;
  /** Blank lines between the header row and the first item: the header sits far from its column's values. */
  headerGap: number;
  /** Header labels at the left of their column even over right-aligned numbers (far from them in a wide column). */
  headerLeft: boolean;
  /** Header labels of two words broken over two lines. */
  headerBreak: boolean;
  /**
   * Goods tables with a column before the description: each item's description on a line of its own under the
   * item's figures, running under the number columns, its head under the head of the column before it.
   */
  descUnder: boolean;
  /**
   * The header (fourth widening): `classic` letterhead over the recipient; `side_by_side` sender and recipient in two
   * columns under the title, each under a small label; `meta_box` the labelled values framed at the top right beside
   * a left letterhead.
   */
  header: 'classic' | 'side_by_side' | 'meta_box' | 'two_column';
  /**
   * The totals (fourth widening): `lines` as `totals` says; `tax_table` the net, tax and gross as a small table under
   * their heads (rate | net | tax | gross) with the total on a line under it; `boxes` a row of framed boxes, each label
   * above its value.
   */
  totalsForm: 'lines' | 'tax_table' | 'boxes';
  /**
   * The seventh widening (wide-fields.ts; absent where a document does not take it): the labelled values' form
   * (`header: 'two_column'` sets seller left and buyer right), a colon after labels, the seller's name set large, the
   * amount to pay in a box of its own.
   */
  fieldForm?: 'below' | 'above' | 'cells' | 'grid_far' | 'keep';
  colon?: boolean;
  bigName?: boolean;
  totalBox?: boolean;
  /** The tenth widening (wide-tables.ts): cells set in the middle of their row, the description column narrower. */
  cellMiddle?: boolean;
  /** The tenth widening: heads centred over their columns. */
  headCenter?: boolean;
}

/**
 * `r` draws the arrangement as it was before issue 28's second widening, `w` what that widening added, `x` what the
 * third added (documents print as they did where a widening adds nothing; null: nothing).
 */
export function drawCommercialLayout(r: Rand, w: Rand | null, x: Rand | null = null, y: Rand | null = null): CommercialLayout {
  const articleOver = w !== null && chance(w, 0.35);
  const layout: CommercialLayout = {
    letterhead: pick(r, ['left', 'left', 'right', 'center'] as const),
    extrasIn: pick(r, ['letterhead', 'footer'] as const),
    meta: pick(r, ['kv_right', 'kv_right', 'colon', 'boxes', 'stacked', 'kv_table'] as const),
    rules: pick(r, ['grid', 'rows', 'header', 'header', 'none'] as const),
    headerFill: chance(r, 0.3),
    totals: pick(r, ['kv', 'kv', 'colon', 'grid'] as const),
    returnLine: chance(r, 0.3),
    repeatHeader: chance(r, 0.8),
    carriedLine: chance(r, 0.5),
    logo: chance(r, 0.35),
    contactColumn: chance(r, 0.3),
    oddColumns: chance(r, 0.4),
    detailLines: chance(r, 0.25),
    stamp: chance(r, 0.15),
    pen: pick(r, ['none', 'none', 'none', 'none', 'tick', 'ring', 'signature'] as const),
    articleOver,
    headerGap: w ? pick(w, [0, 0, 0, 1, 2]) : 0,
    headerLeft: w !== null && chance(w, 0.25),
    headerBreak: w !== null && chance(w, 0.3),
    descUnder: false,
    header: 'classic',
    totalsForm: 'lines',
  };
  if (y) {
    const header = pick(y, ['classic', 'classic', 'side_by_side', 'meta_box'] as const);
    // The box stands where a right or centred letterhead, or the contact column, would be.
    layout.header = header === 'meta_box' && (layout.letterhead !== 'left' || layout.contactColumn) ? 'classic' : header;
    layout.totalsForm = pick(y, ['lines', 'lines', 'tax_table', 'boxes'] as const);
  }
  // A description running on under the figures crosses no column rulings: tables ruled in a grid keep it in its cell.
  layout.descUnder = x !== null && !articleOver && layout.rules !== 'grid' && chance(x, 0.3);
  return layout;
}

const MARGIN = 42;

const LOGO = 52;

/** Draws the whole document; truth is recorded on the sheet as values are drawn. `logo`: the PNG when `L.logo`. */
/**
 * `r` draws the arrangement, `v` what varies with the values (an item's second line): `r` itself unless the page is
 * one of a series. `f`: the fourth widening's stream (the labels of a side-by-side header and of a tax table).
 */
export function drawCommercial(s: Sheet, spec: CommercialSpec, L: CommercialLayout, r: Rand, lang: Lang, logo: Buffer | null, v: Rand = r, f: Rand | null = null, g: Rand | null = null): void {
  const size = s.size;
  const lh = size * 1.35;
  const right = s.width - MARGIN;
  let y = MARGIN;
  if (L.header === 'two_column' && spec.recipient && g) {
    if (logo) drawLogo(s, logo, MARGIN, MARGIN, LOGO);
    y = drawTwoColumn(s, spec, spec.recipient, L, g, lang, (m) => recordItem(s, m), MARGIN, logo ? MARGIN + LOGO + 8 : 0);
    y = drawMeta(s, spec.meta, L, y, y, right, g) + lh;
  } else if (L.header === 'side_by_side' && spec.recipient && f) y = drawSideBySide(s, spec, spec.recipient, L, r, f, lang, logo);
  else y = drawClassicHeader(s, spec, L, r, logo);
  y += lh;

  for (const b of spec.before) {
    y = drawTotalLine(s, b, L, MARGIN, right, y, lh, 'left');
  }
  if (spec.before.length) y += lh * 0.5;

  let lastColumn = right - 90;
  if (spec.twoTables) {
    const { left, right: rightColumns, split } = spec.twoTables;
    const gap = 16;
    const w = (right - MARGIN - gap) / 2;
    const part = (columns: Column[], from: number, to?: number): CommercialSpec => ({ ...spec, columns, rows: spec.rows.slice(from, to), printed: spec.printed?.slice(from, to), carried: null });
    const t1 = drawTable(s, part(left, 0, split), L, MARGIN, MARGIN + w, y, r, v);
    const t2 = drawTable(s, part(rightColumns, split), L, MARGIN + w + gap, right, y, r, v);
    y = Math.max(t1.y, t2.y);
    lastColumn = t2.lastColumn;
  } else if (spec.sideBySide) {
    const half = Math.ceil(spec.rows.length / 2);
    const gap = 16;
    const w = (right - MARGIN - gap) / 2;
    const t1 = drawTable(s, { ...spec, rows: spec.rows.slice(0, half), carried: null }, L, MARGIN, MARGIN + w, y, r, v);
    const t2 = drawTable(s, { ...spec, rows: spec.rows.slice(half), carried: null }, L, MARGIN + w + gap, right, y, r, v);
    y = Math.max(t1.y, t2.y);
  } else {
    const t = drawTable(s, spec, L, MARGIN, right, y, r, v);
    y = t.y;
    lastColumn = t.lastColumn;
  }
  if (L.totals !== 'grid') y += lh * 0.6;

  const needed = spec.totals.length * lh * 1.2 + spec.notes.length * lh + 80;
  if (y + needed > s.height - MARGIN) {
    s.addPage();
    y = MARGIN;
  }
  const totalsTop = y;
  const keys = spec.totals.map((t) => t.key);
  let rest = spec.totals;
  if (f && L.totalsForm === 'tax_table' && keys[0] === 'subtotal' && keys[1] === 'tax_amount' && keys[2] === 'total_amount') {
    y = drawTaxTable(s, spec.totals, f, lang, y);
    // The grand total and what follows it on lines under the table.
    rest = spec.totals.slice(2);
  } else if (L.totalsForm === 'boxes' && spec.totals.length > 1) {
    y = drawTotalBoxes(s, spec.totals, y);
    rest = [];
  }
  for (const t of rest) {
    if (L.totalBox && t === rest[rest.length - 1] && t.bold) y = drawTotalBox(s, t, y + lh * 0.3, (m) => recordItem(s, m), MARGIN);
    else if (L.totals === 'grid' && rest === spec.totals) y = drawTotalRow(s, t, L, lastColumn, right, y);
    else y = drawTotalLine(s, t, L, right - 250, right, y, lh * 1.15, 'right');
  }
  drawMarks(s, spec, L, r, lang, totalsTop, y);
  y += lh;
  for (const n of spec.notes) {
    for (const line of s.wrap(n, right - MARGIN, { size: size - 1 })) {
      s.text(line, MARGIN, y, { size: size - 1 });
      y += lh;
    }
  }
  if (L.extrasIn === 'footer') {
    const fy = s.height - MARGIN - lh * 2;
    const parts = [spec.issuer.party.name, ...spec.issuer.party.address];
    s.text(parts.join(' · '), s.width / 2, fy, { size: size - 2, align: 'center' });
    const extras = spec.issuer.extras.map((e) => `${e.label}: ${e.value}`).join('   ');
    s.text(extras, s.width / 2, fy + lh, { size: size - 2, align: 'center' });
    for (const e of spec.issuer.extras) recordItem(s, e);
  }
}

/** Letterhead, title, the recipient block and the labelled values (a meta box at the top right with `L.header`); returns the y under them. */
function drawClassicHeader(s: Sheet, spec: CommercialSpec, L: CommercialLayout, r: Rand, logo: Buffer | null): number {
  const size = s.size;
  const lh = size * 1.35;
  const right = s.width - MARGIN;
  let y = MARGIN;
  const contact = L.contactColumn && L.letterhead === 'left';
  if (logo) {
    if (L.letterhead === 'center') {
      drawLogo(s, logo, s.width / 2 - LOGO / 2, y, LOGO);
      y += LOGO + lh * 0.5;
    } else drawLogo(s, logo, L.letterhead === 'left' && !contact ? right - LOGO : MARGIN, y, LOGO);
  }
  // With a logo at the left, a left letterhead starts right of it.
  const leftX = logo && L.letterhead === 'left' && contact ? MARGIN + LOGO + 12 : MARGIN;

  // Letterhead: the issuer's name, large and bold, address lines beneath.
  const nameSize = size + int(r, 4, 9) + (L.bigName ? 9 : 0);
  const anchorX = L.letterhead === 'left' ? leftX : L.letterhead === 'right' ? right : s.width / 2;
  if (contact) {
    const domain = spec.issuer.party.name.toLowerCase().split(/[^a-z]+/).filter(Boolean).slice(0, 2).join('-') || 'example';
    [`Tel. +${int(r, 30, 49)} ${int(r, 10, 99)} ${int(r, 100000, 999999)}`, `info@${domain}.com`, `www.${domain}.com`].forEach((line, i) => s.text(line, right, y + i * lh, { align: 'right', size: size - 0.5 }));
  }
  const align = L.letterhead;
  s.text(spec.issuer.party.name, anchorX, y, { bold: true, size: nameSize, align });
  s.set(spec.issuer.nameKey, spec.issuer.party.name);
  y += nameSize * 1.3;
  for (const line of spec.issuer.party.address) {
    s.text(line, anchorX, y, { align });
    y += lh;
  }
  s.set(spec.issuer.addressKey, spec.issuer.party.address.join(' '));
  if (L.extrasIn === 'letterhead') {
    for (const e of spec.issuer.extras) {
      s.text(`${e.label}: ${e.value}`, anchorX, y, { align });
      recordItem(s, e);
      y += lh;
    }
  }
  y += lh;

  // Title: under the letterhead on the left, or on the right when the letterhead is left.
  const titleSize = size + int(r, 5, 10);
  const titleRight = L.letterhead === 'left' && !contact && !logo && chance(r, 0.5);
  s.text(spec.title, titleRight ? right : MARGIN, titleRight ? MARGIN : y, { bold: true, size: titleSize, align: titleRight ? 'right' : 'left' });
  if (!titleRight) y += titleSize * 1.6;
  // The meta box at the top right, under the logo or a title there.
  const boxBottom = L.header === 'meta_box' ? drawMetaBox(s, spec.meta, MARGIN + (logo ? LOGO + 8 : 0) + (titleRight ? titleSize * 1.6 : 0)) : 0;

  // Recipient block on the left (window-envelope position), meta block on the right or below.
  const blockTop = Math.max(y, 150);
  let leftBottom = blockTop;
  if (spec.recipient) {
    let by = blockTop;
    if (L.returnLine && !spec.recipient.label) {
      s.text([spec.issuer.party.name, ...spec.issuer.party.address].join(' · '), MARGIN, by, { size: size - 2.5 });
      by += lh;
    }
    if (spec.recipient.label) {
      s.text(spec.recipient.label, MARGIN, by, { bold: true });
      by += lh;
    }
    s.text(spec.recipient.party.name, MARGIN, by);
    s.set(spec.recipient.nameKey, spec.recipient.party.name, spec.recipient.label ?? undefined);
    by += lh;
    for (const line of spec.recipient.party.address) {
      s.text(line, MARGIN, by);
      by += lh;
    }
    s.set(spec.recipient.addressKey, spec.recipient.party.address.join(' '));
    leftBottom = by;
  }
  if (L.header === 'meta_box') return Math.max(leftBottom, boxBottom) + lh;
  return drawMeta(s, spec.meta, L, blockTop, leftBottom, right, r) + lh;
}

/**
 * Title at the top, then the sender and the recipient side by side, each under a small label (the sender's from
 * labels.ts SENDER_LABELS), then the labelled values as the layout sets them; returns the y under them.
 */
function drawSideBySide(s: Sheet, spec: CommercialSpec, to: PartyBlock, L: CommercialLayout, r: Rand, f: Rand, lang: Lang, logo: Buffer | null): number {
  const size = s.size;
  const lh = size * 1.35;
  const right = s.width - MARGIN;
  const titleSize = size + int(r, 5, 10);
  if (logo) drawLogo(s, logo, MARGIN, MARGIN, LOGO);
  const titleLeft = !logo && chance(f, 0.5);
  s.text(spec.title, titleLeft ? MARGIN : right, MARGIN, { bold: true, size: titleSize, align: titleLeft ? 'left' : 'right' });
  const top = MARGIN + Math.max(logo ? LOGO + 6 : 0, titleSize * 1.6) + lh;
  const column = (x: number, label: string, name: string, nameKey: string, address: string[], addressKey: string, extras: Item[]): number => {
    let y = top;
    s.text(label, x, y, { bold: true, size: size - 1, color: '#444' });
    y += lh;
    s.text(name, x, y, { bold: true, size: size + 1 });
    s.set(nameKey, name, label);
    y += lh * 1.05;
    for (const line of address) {
      s.text(line, x, y);
      y += lh;
    }
    s.set(addressKey, address.join(' '));
    for (const e of extras) {
      s.text(`${e.label}: ${e.value}`, x, y, { size: size - 0.5 });
      recordItem(s, e);
      y += lh;
    }
    return y;
  };
  const extras = L.extrasIn === 'letterhead' ? spec.issuer.extras : [];
  const senderFirst = chance(f, 0.75);
  const xs = senderFirst ? [MARGIN, s.width / 2 + 10] : [s.width / 2 + 10, MARGIN];
  const b1 = column(xs[0], pick(f, partyLabels(spec.issuer.nameKey, true)[lang]), spec.issuer.party.name, spec.issuer.nameKey, spec.issuer.party.address, spec.issuer.addressKey, extras);
  const b2 = column(xs[1], to.label ?? pick(f, partyLabels(to.nameKey, false)[lang]), to.party.name, to.nameKey, to.party.address, to.addressKey, []);
  const bottom = Math.max(b1, b2) + lh * 0.5;
  return drawMeta(s, spec.meta, L, bottom, bottom, right, r) + lh;
}

/** The small labels over a party's block by the party's truth key: a purchase order's issuer is its buyer. */
function partyLabels(nameKey: string, issuer: boolean): Labels {
  if (nameKey.startsWith('buyer')) return BLOCK_LABELS.buyer;
  if (nameKey.startsWith('consignee')) return BLOCK_LABELS.consignee;
  if (nameKey.startsWith('account_holder')) return BLOCK_LABELS.holder;
  if (nameKey.startsWith('employee')) return BLOCK_LABELS.employee;
  // A purchase order's recipient is its supplier; otherwise the sender of an invoice, a bill, a statement or a payslip.
  return nameKey.startsWith('seller') && !issuer ? BLOCK_LABELS.supplier : SENDER_LABELS;
}

/** The labelled values framed at the top right, labels left and values right-aligned; returns its bottom. */
function drawMetaBox(s: Sheet, meta: Item[], top: number): number {
  const size = s.size;
  const h = size * 1.5;
  const right = s.width - MARGIN;
  const labelW = Math.max(...meta.map((m) => s.widthOf(m.label, { bold: true })), 40);
  const valueW = Math.max(...meta.map((m) => s.widthOf(m.value)), 40);
  const x = right - labelW - valueW - 28;
  s.box(x, top, right - x, h * meta.length + 6);
  meta.forEach((m, i) => {
    const y = top + 3 + i * h + (h - size) / 2;
    s.text(m.label, x + 6, y, { bold: true });
    s.text(m.value, right - 6, y, { align: 'right' });
    recordItem(s, m);
  });
  return top + h * meta.length + 6;
}

/** The stamp left of the totals and the pen mark at the last (grand) total or under the totals. */
function drawMarks(s: Sheet, spec: CommercialSpec, L: CommercialLayout, r: Rand, lang: Lang, top: number, bottom: number): void {
  const right = s.width - MARGIN;
  if (L.stamp) drawStamp(s, r, lang, spec.meta.find((m) => /date/.test(m.key))?.value ?? '', MARGIN + 80, top + 24);
  const last = spec.totals[spec.totals.length - 1];
  if (!last || L.pen === 'none') return;
  const w = s.widthOf(last.value, { bold: last.bold });
  const y = bottom - (L.totals === 'grid' ? s.size * 1.25 + 4 : s.size * 1.55);
  if (L.pen === 'ring') drawHandwriting(s, r, 'ring', right - w - (L.totals === 'grid' ? 4 : 0), y, w, s.size);
  else if (L.pen === 'tick') drawHandwriting(s, r, 'tick', right + 6, y, w, s.size);
  else drawHandwriting(s, r, 'signature', right - 140, bottom + s.size, 80, s.size + 2);
}

/** Language-neutral second lines of an item: an EAN, a serial number, a reference. */
function detailOf(r: Rand): string {
  return pick(r, [`EAN ${int(r, 4_000_000, 4_999_999)}${int(r, 100_000, 999_999)}`, `SN ${int(r, 1000, 9999)}-${int(r, 1000, 9999)}`, `Ref. ${int(r, 100_000, 999_999)}`]);
}

/** Writes a drawn item's truth: its value under its key, and what its label carries (the rate in "VAT 19%"). */
function recordItem(s: Sheet, m: Item): void {
  s.set(m.key, m.truth ?? m.value, m.label);
  for (const [k, v] of Object.entries(m.extra ?? {})) s.set(k, v);
}

/** The labelled values next to or under the recipient block; returns the y below everything drawn so far. */
function drawMeta(s: Sheet, meta: Item[], L: CommercialLayout, top: number, leftBottom: number, right: number, r: Rand): number {
  const size = s.size;
  const lh = size * 1.35;
  const record = (m: Item) => recordItem(s, m);
  if (L.fieldForm && L.fieldForm !== 'keep') return drawWideMeta(s, meta, L, top, leftBottom, record, MARGIN);
  if (L.meta === 'boxes') {
    // A row of framed boxes under the address block, label small above value.
    let y = leftBottom + lh;
    const per = Math.min(4, meta.length);
    const w = (right - MARGIN) / per;
    for (let i = 0; i < meta.length; i += per) {
      meta.slice(i, i + per).forEach((m, k) => {
        const x = MARGIN + k * w;
        s.box(x, y, w, lh * 2.4);
        s.text(m.label, x + 4, y + 3, { size: size - 1.5, color: '#333' });
        s.text(m.value, x + 4, y + 3 + lh, { bold: chance(r, 0.3) });
        record(m);
      });
      y += lh * 2.4;
    }
    return y;
  }
  const labelW = Math.max(...meta.map((m) => s.widthOf(`${m.label}:`, { bold: true })), 40);
  const valueW = Math.max(...meta.map((m) => s.widthOf(m.value)), 40);
  if (L.meta === 'kv_right') {
    // Right-hand block: labels in one column, values in another, a gap between.
    const valueRight = chance(r, 0.5);
    const x2 = valueRight ? right : right - valueW;
    const x1 = x2 - (valueRight ? valueW : 0) - labelW - 18;
    let y = top;
    for (const m of meta) {
      s.text(m.label, x1, y, { bold: chance(r, 0.5) });
      s.text(m.value, x2, y, { align: valueRight ? 'right' : 'left' });
      record(m);
      y += lh;
    }
    return Math.max(y, leftBottom);
  }
  if (L.meta === 'kv_table') {
    // A ruled two-column key/value table at the right of the address block.
    const h = lh * 1.3;
    const x1 = right - labelW - valueW - 24;
    const x2 = right - valueW - 12;
    let y = top;
    for (const m of meta) {
      s.box(x1, y, right - x1, h);
      s.rule(x2, y, x2, y + h);
      s.text(m.label, x1 + 4, y + (h - size) / 2, { bold: true });
      s.text(m.value, x2 + 4, y + (h - size) / 2);
      record(m);
      y += h;
    }
    return Math.max(y, leftBottom);
  }
  if (L.meta === 'stacked') {
    // Label on one line, value under it, in a column at the right.
    const x = right - Math.max(labelW, valueW) - 10;
    let y = top;
    for (const m of meta) {
      s.text(m.label, x, y, { bold: true, size: size - 1 });
      s.text(m.value, x, y + lh * 0.95);
      record(m);
      y += lh * 2.2;
    }
    return Math.max(y, leftBottom);
  }
  // "Label: value" lines, at the right of the address block or under it.
  const under = meta.length > 5 || chance(r, 0.4);
  const x = under ? MARGIN : right - labelW - valueW - 12;
  let y = under ? leftBottom + lh : top;
  for (const m of meta) {
    const lw = s.text(`${m.label}:`, x, y, { bold: true });
    s.text(m.value, x + lw + size * 0.5, y);
    record(m);
    y += lh;
  }
  return Math.max(y, leftBottom);
}

function drawTotalLine(s: Sheet, t: Item, L: CommercialLayout, x1: number, x2: number, y: number, step: number, side: 'left' | 'right'): number {
  if (L.totals === 'colon' || side === 'left') {
    const text = `${t.label}:`;
    const lw = s.widthOf(text, { bold: t.bold });
    const vx = side === 'left' ? x1 + lw + s.size * 0.6 : x2;
    s.text(text, side === 'left' ? x1 : x2 - s.widthOf(t.value, { bold: t.bold }) - lw - s.size * 0.6, y, { bold: t.bold });
    s.text(t.value, vx, y, { bold: t.bold, align: side === 'left' ? 'left' : 'right' });
  } else {
    s.text(t.label, x1, y, { bold: t.bold });
    s.text(t.value, x2, y, { bold: t.bold, align: 'right' });
  }
  recordItem(s, t);
  return y + step;
}

/**
 * Net, tax and gross as a small table at the right (rate | net | tax | gross), heads above their values, amounts
 * without a currency mark; the truth's labels are the heads. Returns the y under it.
 */
function drawTaxTable(s: Sheet, totals: Item[], f: Rand, lang: Lang, top: number): number {
  const [net, tax, gross] = totals;
  const size = s.size;
  const h = size * 1.3 + 6;
  const right = s.width - MARGIN;
  const heads = (['rate', 'net', 'tax', 'gross'] as const).map((k) => pick(f, TAX_TABLE_HEADS[k][lang]));
  const rate = tax.extra?.tax_rate ?? '';
  const values = [rate, net.truth ?? net.value, tax.truth ?? tax.value, gross.truth ?? gross.value];
  const widths = heads.map((hd, i) => Math.max(s.widthOf(hd, { bold: true }), s.widthOf(values[i])) + 14);
  const ruled = chance(f, 0.6);
  let x = right - widths.reduce((n, w) => n + w, 0);
  if (ruled) s.box(x, top, right - x, h * 2);
  s.rule(x, top + h, right, top + h, 0.6);
  heads.forEach((hd, i) => {
    s.text(hd, x + widths[i] - 6, top + 4, { bold: true, align: 'right' });
    s.text(values[i], x + widths[i] - 6, top + h + 4, { align: 'right' });
    x += widths[i];
  });
  s.set('subtotal', values[1], heads[1]);
  s.set('tax_amount', values[2], heads[2]);
  s.set('tax_rate', rate, heads[0]);
  return top + h * 2 + size * 0.8;
}

/** The totals as a row of framed boxes at the right, each label small above its value; returns the y under them. */
function drawTotalBoxes(s: Sheet, totals: Item[], top: number): number {
  const size = s.size;
  const h = size * 1.35 * 2.4;
  const right = s.width - MARGIN;
  const widths = totals.map((t) => Math.max(s.widthOf(t.label, { size: size - 1.5 }), s.widthOf(t.value, { bold: true })) + 12);
  // More boxes than fit on a row start a second row.
  const rows: number[][] = [[]];
  let used = 0;
  widths.forEach((w, i) => {
    if (used + w > right - MARGIN && rows[rows.length - 1].length) {
      rows.push([]);
      used = 0;
    }
    rows[rows.length - 1].push(i);
    used += w;
  });
  let y = top;
  for (const row of rows) {
    let x = right - row.reduce((n, i) => n + widths[i], 0);
    for (const i of row) {
      const t = totals[i];
      s.box(x, y, widths[i], h);
      s.text(t.label, x + 6, y + 3, { size: size - 1.5, color: '#333' });
      s.text(t.value, x + widths[i] - 6, y + 3 + size * 1.5, { bold: t.bold, align: 'right' });
      recordItem(s, t);
      x += widths[i];
    }
    y += h;
  }
  return y;
}

/** A totals row closing the table: label right-aligned before the amount column, value in it. */
function drawTotalRow(s: Sheet, t: Item, L: CommercialLayout, lastColumn: number, right: number, y: number): number {
  const h = s.size * 1.25 + 8;
  s.text(t.label, lastColumn - 6, y + 4, { bold: t.bold, align: 'right' });
  s.text(t.value, right - 4, y + 4, { bold: t.bold, align: 'right' });
  if (L.rules === 'grid') s.box(lastColumn, y, right - lastColumn, h);
  recordItem(s, t);
  return y + h;
}

/** A column as printed: the truth keys its cell shows, one a line (an article code over its description). */
interface PrintedColumn extends Column {
  keys: string[];
  /** The key printed on a line of its own under the item's figures, from this column's left edge (`L.descUnder`). */
  under?: string;
}

/**
 * The printed columns: with `L.articleOver`, an item code and the description after it share one column; with
 * `L.descUnder` (goods tables), the description leaves the row for a line under it, its head under the head of the
 * column before it.
 */
function printedColumns(columns: Column[], L: CommercialLayout): PrintedColumn[] {
  const code = columns.findIndex((c) => c.key === 'item_code');
  const under = L.descUnder && columns.some((c) => c.key === 'unit_price' || c.key === 'net_weight');
  const out: PrintedColumn[] = [];
  columns.forEach((c, i) => {
    const head = out[out.length - 1];
    if (L.articleOver && code >= 0 && i === code + 1 && c.key === 'description') {
      out[out.length - 1] = { ...head, label: `${head.label}\n${c.label}`, weight: head.weight + c.weight, keys: [...head.keys, c.key] };
    } else if (under && head && c.key === 'description') {
      // The figures take most of the room: the description line runs on under them.
      out[out.length - 1] = { ...head, label: `${head.label}\n${c.label}`, weight: head.weight + c.weight * 0.25, under: c.key };
    } else out.push({ ...c, keys: [c.key] });
  });
  return out;
}

/**
 * The narrowest each column may be and still hold its cells apart: a wrapping
 * text column its longest word, any other its longest value (a printed page
 * never runs one column's text into the next).
 */
function columnNeeds(s: Sheet, columns: PrintedColumn[], rows: Array<Record<string, string>>, pad: number): number[] {
  return columns.map((c) => {
    const texts = [...c.label.split(/[\s\n]+/), ...rows.flatMap((row) => c.keys.map((k) => row[k] ?? ''))];
    const parts = c.keys.includes('description') ? texts.flatMap((t) => t.split(/\s+/)) : texts;
    return Math.max(0, ...parts.map((t) => s.widthOf(t, { bold: true }))) + 2 * pad;
  });
}

/** Widths drawn for the look, widened where a column needs more, the room taken from the columns with room to spare. */
function fitWidths(widths: number[], needs: number[]): number[] {
  const short = widths.reduce((n, w, i) => n + Math.max(0, needs[i] - w), 0);
  const spare = widths.reduce((n, w, i) => n + Math.max(0, w - needs[i]), 0);
  if (short <= 0 || spare <= short) return widths;
  return widths.map((w, i) => (w < needs[i] ? needs[i] : w - ((w - needs[i]) * short) / spare));
}

/** A line table from x1 to x2, wrapping long cells and flowing onto new pages; returns the y below it. */
function drawTable(s: Sheet, spec: CommercialSpec, L: CommercialLayout, x1: number, x2: number, y0: number, r: Rand, v: Rand): { y: number; lastColumn: number } {
  const size = s.size;
  const lh = size * 1.25;
  const pad = 4;
  const columns = printedColumns(spec.columns, L);
  // Without rulings, real tables often sit at odd positions: widths stretched or squeezed by up to 1.7×.
  const odd = columns.map((c) => c.weight * (L.oddColumns && L.rules !== 'grid' && L.rules !== 'rows' ? 0.6 + r() * 1.1 : 1));
  // Cells set in the middle of their row: the description narrower, so more of them wrap over two lines.
  const weights = L.cellMiddle ? odd.map((w, i) => (columns[i].keys.includes('description') ? w * 0.5 : w)) : odd;
  const total = weights.reduce((n, w) => n + w, 0);
  const widths = fitWidths(weights.map((w) => ((x2 - x1) * w) / total), columnNeeds(s, columns, spec.rows, pad));
  const bottom = s.height - MARGIN - lh * 4;
  let y = y0;
  const underAt = columns.findIndex((c) => c.under);
  const underX = x1 + widths.slice(0, Math.max(0, underAt)).reduce((n, w) => n + w, 0) + pad;
  /** `under`: a line of its own under the cells, from `underX` to the table's right edge. */
  const drawRow = (cells: string[], bold: boolean, fill: boolean, head = false, under = ''): number => {
    // A cell breaks where it holds a line break (a second line of an item), and wraps to its width.
    const wrapped = cells.map((c, i) => (c ? c.split('\n').flatMap((part) => s.wrap(part, widths[i] - 2 * pad, { bold })) : []));
    const rows = Math.max(1, ...wrapped.map((w) => w.length));
    const underLines = under ? under.split('\n').flatMap((part) => s.wrap(part, x2 - underX - pad, { bold })) : [];
    const h = (rows + underLines.length) * lh + 2 * pad;
    underLines.forEach((line, k) => s.text(line, underX, y + pad + (rows + k) * lh, { bold }));
    if (fill) s.fill(x1, y, x2 - x1, h, '#dddddd');
    let x = x1;
    wrapped.forEach((lines, i) => {
      // Set in the middle of the row, a one-line cell stands between the lines of a wrapped one.
      const drop = L.cellMiddle && !head ? ((rows - lines.length) * lh) / 2 : 0;
      lines.forEach((line, k) => {
        const align = head && L.headCenter ? 'center' : head && L.headerLeft ? 'left' : columns[i].align;
        const at = align === 'right' ? x + widths[i] - pad : align === 'center' ? x + widths[i] / 2 : x + pad;
        s.text(line, at, y + pad + drop + k * lh, { bold, align });
      });
      x += widths[i];
    });
    if (L.rules === 'grid') {
      s.box(x1, y, x2 - x1, h);
      let vx = x1;
      for (const w of widths.slice(0, -1)) {
        vx += w;
        s.rule(vx, y, vx, y + h);
      }
    } else if (L.rules === 'rows') s.rule(x1, y + h, x2, y + h, 0.4);
    y += h;
    return h;
  };
  const header = () => {
    drawRow(columns.map((c) => (L.headerBreak && !c.label.includes('\n') ? c.label.replace(' ', '\n') : c.label)), true, L.headerFill, true);
    if (L.rules === 'header') s.rule(x1, y, x2, y, 0.8);
    // Grid and row rulings close every row: a gap there would be an empty row.
    if (L.rules === 'header' || L.rules === 'none') y += lh * L.headerGap;
  };
  header();
  let running = 0;
  const amountCol = columns.length - 1;
  spec.rows.forEach((row, i) => {
    const shown = { ...row, ...spec.printed?.[i] };
    if (L.detailLines && row.description && chance(v, 0.5)) {
      // The truth follows the print: the description is both lines joined by a space.
      const detail = detailOf(v);
      shown.description = `${shown.description}\n${detail}`;
      row.description = `${row.description} ${detail}`;
    }
    const cells = columns.map((c) => c.keys.map((k) => shown[k] ?? '').filter(Boolean).join('\n'));
    const group = spec.groups?.get(i);
    if (y + lh * (group ? 4 : 3) > bottom) {
      if (spec.carried && L.carriedLine && spec.rowAmounts) {
        const c = columns.map(() => '');
        c[Math.max(0, amountCol - 1)] = spec.carried.label;
        c[amountCol] = spec.carried.format(running);
        drawRow(c, true, false);
      }
      s.addPage();
      y = MARGIN;
      if (L.repeatHeader) header();
    }
    if (group) {
      // A group line across the table, from the first column's left edge: no cell of any item.
      s.text(group, x1 + pad, y + pad, { bold: true });
      if (L.rules === 'grid') s.box(x1, y, x2 - x1, lh + 2 * pad);
      y += lh + 2 * pad;
      if (L.rules === 'rows') s.rule(x1, y, x2, y, 0.4);
    }
    drawRow(cells, false, false, false, underAt >= 0 ? (shown[columns[underAt].under as string] ?? '') : '');
    running += spec.rowAmounts?.[i] ?? 0;
  });
  if (L.rules === 'header') s.rule(x1, y, x2, y, 0.6);
  return { y, lastColumn: x2 - widths[widths.length - 1] };
}
