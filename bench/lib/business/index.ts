/**
 * Business documents with exact ground truth, generated in code from a seed
 * (README.md describes the API and the truth). `generateBusinessDoc` makes
 * one document; `generateBusinessSet` a reproducible set of one split.
 */
import { COMMERCIAL_KINDS, type Ctx } from './kinds.js';
import { drawCommercial, drawCommercialLayout } from './commercial.js';
import { FIELD_LABELS } from './labels.js';
import { logoImage } from './marks.js';
import { drawLocale, WIDE_DATES } from './locale.js';
import { chance, mix, pick, rng, type Rand } from './random.js';
import { documentNames } from './names.js';
import { generateReceipt } from './receipt.js';
import { widenKindLayout } from './wide-kinds.js';
import { drawTableWidening, tableWideNote, widenTableLayout } from './wide-tables.js';
import { drawFieldWidening, FIELD_KINDS, FIELD_LANGS, widenLayout, widenSpec } from './wide-fields.js';
import { seedSplit, splitSeeds } from '../splits.js';
import { FONT_FAMILIES, fontsFor, renderPdf } from './sheet.js';
import { KINDS, LANGS, type BusinessDoc, type BusinessKind, type Lang, type NamingStyle, type RequestedField, type Split } from './types.js';

export * from './types.js';

/** A seed's split and a split's seeds live in bench/lib/splits.ts, with the real sets' split. */
export { seedSplit, splitSeeds } from '../splits.js';

const camel = (key: string) => key.replace(/_([a-z])/g, (_, ch: string) => ch.toUpperCase());
const title = (key: string) => key.split('_').map((w) => w[0].toUpperCase() + w.slice(1)).join(' ');

/** The names a client sends: snake_case keys, camelCase, or the labels printed on the page. */
function requestFor(style: NamingStyle, keys: string[], printed: Record<string, string>): RequestedField[] {
  const used = new Set<string>();
  return keys.map((key) => {
    // Two fields printed under the same label ("Date") are asked by their keys: names must stay unique.
    const label = printed[key];
    const name = style === 'snake' ? key : style === 'camel' ? camel(key) : style === 'title' ? title(key) : label && !used.has(label) ? label : key;
    used.add(name);
    return { key, name };
  });
}

export interface GenerateOptions {
  seed: number;
  kind: BusinessKind;
  lang: Lang;
  /**
   * One document of a series: the sender, its layout and what the client asks
   * are those of the lone document of seed `series`; the values (numbers,
   * dates, items) follow `seed`. A series is one page a document.
   */
  series?: number;
  /**
   * Only the draws made before issue 28's second widening (no article line over the description, no header gap,
   * no heads set left or broken, no single item, receipts' tills as they were): a document a test was written
   * for, as it printed then.
   */
  narrow?: boolean;
  /**
   * Payslips, packing lists and orders as they printed before the fifth widening (wide-kinds.ts), every other draw as
   * it is: a document a test was written for.
   */
  plainKinds?: boolean;
  /** Document fields as they printed before the seventh widening (wide-fields.ts), every other draw as it is. */
  plainFields?: boolean;
  /** Receipts as they printed before the eighth widening (till-formats.ts), every other draw as it is: a document a test was written for. */
  plainTills?: boolean;
  /** Receipts' heads as they printed before the ninth widening (till-header.ts), every other draw as it is: a document a test was written for. */
  plainHeads?: boolean;
  /** Line tables as they printed before the tenth widening (wide-tables.ts), every other draw as it is. */
  plainTables?: boolean;
  /** Receipts' item records as they printed before the eleventh widening (till-records.ts), every other draw as it is. */
  plainRecords?: boolean;
}

/** Salt of a series document's value stream. */
const VALUE_SALT = 0x7a1e5;
/** Salt of the stream of the draws issue 28's second widening added (receipt.ts, commercial.ts, kinds.ts). */
const WIDER_SALT = 0x3d9e1;
/** Salt of the stream of the third widening's draws (more tills, descriptions under their items' figures). */
const WIDEST_SALT = 0x51d7e;
/**
 * Salt of the fourth widening's stream (document fields and the page around them: labels worded as other documents
 * word them, header dates in more forms, ids with letters and slashes, sender and recipient side by side, a meta box,
 * totals as a small tax table or a row of boxes).
 */
const FIELDS_SALT = 0x2f0c7;
/**
 * Salt of the fifth widening's streams (payslips, packing lists and purchase orders as other payroll, warehouse and ERP
 * systems print them: wide-kinds.ts); one for the kinds' tables, one for the page around them.
 */
const KINDS_SALT = 0x4b2d3;
const KINDS_LAYOUT_SALT = 0x5c817;
/** The kinds the fifth widening draws for. */
const WIDE_KINDS: ReadonlySet<BusinessKind> = new Set(['payslip', 'packing_list', 'purchase_order']);
/**
 * Salt of the sixth widening's stream (receipts' item lines from more tills: weighed items, article numbers, other
 * tax marks, the currency sign on items, discount and deposit lines; till-lines.ts), and of its values' stream.
 */
const TILL_SALT = 0x1c4b3;
const TILL_VALUE_SALT = 0x4e8d5;
/**
 * Salt of the seventh widening's stream (document fields as other invoicing systems set them: wide-fields.ts;
 * invoices, orders and utility bills).
 */
const HEAD_SALT = 0x3a6f1;
/**
 * Salt of the eighth widening's stream (receipts' item lines from still more tills: the count before the article,
 * modifiers, savings told, voids, pounds; till-formats.ts), and of its values' stream.
 */
const FORMAT_SALT = 0x2a6f1;
const FORMAT_VALUE_SALT = 0x73c4d;
/**
 * Salt of the ninth widening's stream (receipts' heads as more tills print them: the name in capitals or only a logo,
 * a registration number after or under the name, addresses over more lines with commas at their ends, the tax id
 * under the name, a fax line; till-header.ts).
 */
const HEADER_SALT = 0x6d2b9;
/**
 * Salt of the tenth widening's stream (line tables as web and office tools print them: cells in the middle of their
 * row, heads centred, group lines between items; wide-tables.ts).
 */
const TABLES_SALT = 0x6e2b9;
/**
 * Salt of the eleventh widening's stream (receipts' item records from more tills: the article number over the article,
 * a count line without a price, the currency's code before amounts, a price-of-one line, rates as tax classes, items
 * asked by two columns; till-records.ts), and of its values' stream.
 */
const RECORD_SALT = 0x5b3e7;
const RECORD_VALUE_SALT = 0x2d9c1;
/** Salt of the stream of the names a request gives the line columns (the third widening). */
const LINE_NAMES_SALT = 0x6a3c9;
/** Salt of the stream of the names a request gives the document values (names.ts, DOCUMENT_NAMES). */
const DOCUMENT_NAMES_SALT = 0x2d9b7;

/**
 * Names clients give a line table's columns besides the truth's keys ("description, quantity, unit_price, amount"):
 * a snake_case request takes one of them for a column on some documents. `price` means the price of one only beside
 * a quantity and the line's amount.
 */
const LINE_NAMES: Record<string, string[]> = {
  description: ['item', 'name', 'product', 'article'],
  quantity: ['qty', 'count'],
  unit_price: ['price', 'price_per_unit', 'unit_cost'],
  line_total: ['amount', 'total', 'line_amount', 'total_price'],
};

/** A snake_case line request with names drawn from `x` on some documents, where the request stays unambiguous. */
function lineNames(x: Rand, request: RequestedField[]): RequestedField[] {
  if (!chance(x, 0.6)) return request;
  const keys = new Set(request.map((f) => f.key));
  return request.map((f) => {
    const names = LINE_NAMES[f.key]?.filter((n) => n !== 'price' || (keys.has('quantity') && keys.has('line_total')));
    return names?.length && chance(x, 0.7) ? { key: f.key, name: pick(x, names) } : f;
  });
}

export async function generateBusinessDoc({ seed, kind, lang, series, narrow, plainKinds, plainFields, plainTills, plainHeads, plainTables, plainRecords }: GenerateOptions): Promise<BusinessDoc> {
  const r = rng(mix(series ?? seed, KINDS.indexOf(kind) * 16 + LANGS.indexOf(lang) + 1));
  const v = series === undefined ? r : rng(mix(seed, VALUE_SALT + KINDS.indexOf(kind) * 16 + LANGS.indexOf(lang)));
  const w = narrow ? null : rng(mix(series ?? seed, WIDER_SALT + KINDS.indexOf(kind) * 16 + LANGS.indexOf(lang)));
  const x = narrow ? null : rng(mix(series ?? seed, WIDEST_SALT + KINDS.indexOf(kind) * 16 + LANGS.indexOf(lang)));
  const locale = drawLocale(r, lang);
  const style: NamingStyle = pick(r, ['snake', 'snake', 'snake', 'snake', 'snake', 'camel', 'label', 'title'] as const);
  // Eleventh widening: a receipt's items asked by their article and amount only, under names clients give them.
  let twoColumns: Record<'description' | 'line_total', string> | null = null;
  let made: Pick<BusinessDoc, 'pdf' | 'pages' | 'fields' | 'lines' | 'lineColumns' | 'layout'> & { labels: Record<string, string>; columnLabels: Record<string, string> };
  if (kind === 'receipt') {
    const z = narrow ? null : rng(mix(series ?? seed, TILL_SALT + LANGS.indexOf(lang)));
    const zv = narrow ? null : rng(mix(seed, TILL_VALUE_SALT + LANGS.indexOf(lang)));
    const t = narrow || plainTills ? null : rng(mix(series ?? seed, FORMAT_SALT + LANGS.indexOf(lang)));
    const tv = narrow || plainTills ? null : rng(mix(seed, FORMAT_VALUE_SALT + LANGS.indexOf(lang)));
    const hd = narrow || plainHeads ? null : rng(mix(series ?? seed, HEADER_SALT + LANGS.indexOf(lang)));
    const k = narrow || plainRecords ? null : rng(mix(series ?? seed, RECORD_SALT + LANGS.indexOf(lang)));
    const kv = narrow || plainRecords ? null : rng(mix(seed, RECORD_VALUE_SALT + LANGS.indexOf(lang)));
    const { twoColumns: two, ...rc } = await generateReceipt(r, lang, locale, v, w, x, z, zv, t, tv, hd, k, kv);
    twoColumns = two;
    made = { ...rc, columnLabels: {} };
  } else {
    const long = kind !== 'utility_bill' && kind !== 'payslip' && chance(r, 0.12);
    const y = narrow ? null : rng(mix(series ?? seed, FIELDS_SALT + KINDS.indexOf(kind) * 16 + LANGS.indexOf(lang)));
    const fourthDate = y && chance(y, 0.4) ? pick(y, WIDE_DATES[lang]) : null;
    const h = narrow || plainFields || !FIELD_KINDS.has(kind) || !FIELD_LANGS.has(lang) ? null : rng(mix(series ?? seed, HEAD_SALT + KINDS.indexOf(kind) * 16 + LANGS.indexOf(lang)));
    const fw = h && drawFieldWidening(h);
    const dateForm = fw?.date ?? fourthDate;
    const wide = !narrow && !plainKinds && WIDE_KINDS.has(kind);
    const z = wide ? rng(mix(series ?? seed, KINDS_SALT + KINDS.indexOf(kind) * 16 + LANGS.indexOf(lang))) : null;
    const drawn: string[] = [];
    const ctx: Ctx = { r, v, w, y, dateForm, lang, l: locale, long: long && series === undefined, z, drawn };
    const drawnSpec = COMMERCIAL_KINDS[kind](ctx);
    const fieldSpec = h && fw ? widenSpec(drawnSpec, fw, h, lang, locale.money.code) : drawnSpec;
    const plainLayout = drawCommercialLayout(r, w, x, y);
    const narrowLayout = h && fw ? widenLayout(plainLayout, fw) : plainLayout;
    const kindLayout = wide ? widenKindLayout(kind, narrowLayout, rng(mix(series ?? seed, KINDS_LAYOUT_SALT + KINDS.indexOf(kind) * 16 + LANGS.indexOf(lang))), drawn) : narrowLayout;
    const tw = narrow || plainTables ? null : drawTableWidening(rng(mix(series ?? seed, TABLES_SALT + KINDS.indexOf(kind) * 16 + LANGS.indexOf(lang))), lang, fieldSpec);
    const spec = tw?.groups.size ? { ...fieldSpec, groups: tw.groups } : fieldSpec;
    const layout = tw ? widenTableLayout(kindLayout, tw) : kindLayout;
    const font = pick(r, fontsFor(lang, FONT_FAMILIES));
    const size = pick(r, [8, 8.5, 9, 9.5, 10]);
    const page: [number, number] = lang === 'en' && locale.money.code === 'USD' ? [612, 792] : [595.28, 841.89];
    const logo = layout.logo ? await logoImage(r, spec.issuer.party.name) : null;
    const { pdf, sheet } = await renderPdf(page, font, size, (s) => drawCommercial(s, spec, layout, r, lang, logo, v, y, fw ? h : null));
    made = {
      pdf,
      pages: sheet.pages,
      fields: sheet.truth,
      labels: sheet.labels,
      lines: spec.rows,
      lineColumns: spec.columns.map((c) => c.key),
      columnLabels: Object.fromEntries(spec.columns.map((c) => [c.key, c.label])),
      layout: { ...layout, ...(dateForm ? { dateForm } : {}), font: font.name, size, long: ctx.long, sideBySide: Boolean(spec.sideBySide), ...(spec.payColumns ? { payColumns: spec.payColumns } : {}), ...(wide ? { wideKind: drawn.join('+') || 'none' } : {}), ...(fw ? { fieldWide: `${fw.twoColumn ? 'two_column' : 'one_column'}+${fw.form}` } : {}), ...(tw ? { wideTable: tableWideNote(tw) } : {}) },
    };
  }
  const fieldKeys = Object.keys(made.fields);
  const printedNames = requestFor(style, made.lineColumns, made.columnLabels);
  // The names from a stream of their own: a series keeps its client's request whatever its values draw.
  const named = narrow || style !== 'snake' ? printedNames : lineNames(rng(mix(series ?? seed, LINE_NAMES_SALT + KINDS.indexOf(kind) * 16 + LANGS.indexOf(lang))), printedNames);
  const lineRequest = twoColumns ? Object.entries(twoColumns).map(([key, name]) => ({ key, name })) : named;
  const keyNames = requestFor(style, fieldKeys, made.labels);
  const documentRequest = narrow || plainFields || style !== 'snake' ? keyNames : documentNames(rng(mix(series ?? seed, DOCUMENT_NAMES_SALT + KINDS.indexOf(kind) * 16 + LANGS.indexOf(lang))), keyNames);
  return {
    id: series === undefined ? `${kind}-${lang}-${seed}` : `${kind}-${lang}-s${series}-${seed}`,
    seed,
    split: seedSplit(series ?? seed),
    kind,
    lang,
    pdf: made.pdf,
    pages: made.pages,
    fields: made.fields,
    lineColumns: made.lineColumns,
    lines: made.lines.map((row) => Object.fromEntries(made.lineColumns.map((k) => [k, row[k] ?? '']))),
    request: { style, fields: documentRequest, lines: lineRequest },
    layout: { ...made.layout, date: locale.date, group: locale.number.group, decimal: locale.number.decimal, currency: locale.money.code, currencyPlace: locale.money.place },
  };
}

export interface SetOptions {
  split: Split;
  /** Documents per (kind, language) pair. */
  perPair: number;
  kinds?: readonly BusinessKind[];
  langs?: readonly Lang[];
  /** First seed to consider (sets with other starts do not overlap when spaced apart). */
  start?: number;
}

export async function generateBusinessSet(o: SetOptions): Promise<BusinessDoc[]> {
  const kinds = o.kinds ?? KINDS;
  const langs = o.langs ?? LANGS;
  const seeds = splitSeeds(o.split, o.perPair, o.start);
  const docs: BusinessDoc[] = [];
  for (const seed of seeds) for (const kind of kinds) for (const lang of langs) docs.push(await generateBusinessDoc({ seed, kind, lang }));
  return docs;
}

/** Printed labels per truth key and language, for callers that want to ask the way a page reads. */
export { FIELD_LABELS };
