/**
 * The seventh widening (issue 28 item 1, document fields as other invoicing systems set them): labels below or above
 * their values, label and value in cells of their own, key-value grids with the values far from their labels, labels
 * with or without a colon, the seller left and the buyer right each under its own label, the seller's name set large
 * like a logo, address blocks of two to four lines, tax ids in national formats, amounts with the currency code
 * before or after, long dates, and the amount to pay in a box of its own. Drawn on a stream of its own
 * (`HEAD_SALT` in index.ts) for invoices, orders and utility bills in English, German, French, Dutch and Spanish: a
 * document where it adds nothing prints as before.
 */
import type { CommercialLayout, CommercialSpec, Item, PartyBlock } from './commercial.js';
import { BLOCK_LABELS, SENDER_LABELS, type Labels } from './labels.js';
import type { WideDate } from './locale.js';
import { chance, int, pick, type Rand } from './random.js';
import type { Sheet } from './sheet.js';
import type { Lang } from './types.js';

/** What the widening drew for one document (sliced by the bench through `layout.fieldWide`). */
export interface FieldDraws {
  /** How the labelled values stand: value over its label, label over its value, label and value boxed apart, or a key-value grid with the values far right. */
  form: 'below' | 'above' | 'cells' | 'grid_far' | 'keep';
  colon: boolean;
  /** Seller block left, buyer block right, each under a label. */
  twoColumn: boolean;
  /** The seller's name set large like a logo (in capitals on some). */
  bigName: 'none' | 'large' | 'caps';
  /** The grand total (or what is due) in a box of its own, label over the amount. */
  totalBox: boolean;
  /** Totals with the currency code before or after the amount. */
  code: 'none' | 'before' | 'after';
  date: WideDate | null;
  /** Extra address lines (0-2) for the issuer and the recipient. */
  extraLines: [number, number];
  taxIdForm: boolean;
}

export const FIELD_KINDS: ReadonlySet<string> = new Set(['invoice', 'purchase_order', 'utility_bill']);
/** The languages of the invoicing systems it follows (the independent set's). */
export const FIELD_LANGS: ReadonlySet<string> = new Set(['en', 'de', 'fr', 'nl', 'es']);

/** Draws the widening from its stream `h`, or null where this document does not take it. */
export function drawFieldWidening(h: Rand): FieldDraws | null {
  if (!chance(h, 0.55)) return null;
  return {
    form: pick(h, ['below', 'above', 'cells', 'grid_far', 'grid_far', 'keep'] as const),
    colon: chance(h, 0.5),
    twoColumn: chance(h, 0.45),
    bigName: pick(h, ['none', 'large', 'large', 'caps'] as const),
    totalBox: chance(h, 0.4),
    code: pick(h, ['none', 'none', 'before', 'after'] as const),
    date: chance(h, 0.5) ? pick(h, ['d_month_y', 'd_month_y', 'd_mon_y'] as const) : null,
    extraLines: [pick(h, [0, 1, 1, 2]), pick(h, [0, 0, 1, 2])],
    taxIdForm: chance(h, 0.6),
  };
}

/** Labels over the buyer's block beside the seller's, as invoicing systems word them. */
export const BILL_TO_LABELS: Labels = {
  en: ['Bill to', 'Billed to', 'Invoice to', 'Customer', 'Sold to', 'Billing address'],
  de: ['Rechnungsadresse', 'Rechnungsempfänger', 'Rechnung an', 'Kunde', 'Empfänger'],
  fr: ['Facturé à', 'Adresse de facturation', 'Client', 'Destinataire'],
  es: ['Facturar a', 'Cliente', 'Dirección de facturación', 'Destinatario'],
  nl: ['Factuuradres', 'Klant', 'Gefactureerd aan', 'Aan'],
  it: ['Fatturare a', 'Cliente'],
  pt: ['Faturar a', 'Cliente'],
  pl: ['Nabywca', 'Odbiorca'],
};

/** What is to be paid, over the amount in a box of its own. */
export const PAY_BOX_LABELS: Labels = {
  en: ['Amount due', 'Balance due', 'Total due', 'Amount payable', 'Please pay'],
  de: ['Zu zahlen', 'Zahlbetrag', 'Zu zahlender Betrag', 'Rechnungsbetrag'],
  fr: ['Net à payer', 'Montant à payer', 'Total à payer', 'Montant dû'],
  es: ['Total a pagar', 'Importe a pagar', 'Total factura'],
  nl: ['Te betalen', 'Totaal te betalen', 'Te voldoen'],
  it: ['Totale da pagare', 'Netto a pagare'],
  pt: ['Total a pagar', 'Valor a pagar'],
  pl: ['Do zapłaty', 'Kwota do zapłaty'],
};

/** Lines an address block carries besides street and city: before the street, or after the city. */
const BEFORE_STREET: Labels = {
  en: ['Accounts Payable', 'Building 4, Floor 2', 'Suite 210', 'Attn: Finance Dept.'],
  de: ['Buchhaltung', 'Abt. Einkauf', 'Gebäude B, 2. OG', 'z. Hd. Frau Krüger'],
  fr: ['Service comptabilité', 'Bâtiment C', 'Zone artisanale du Moulin', 'À l’att. de M. Girard'],
  es: ['Departamento de compras', 'Polígono Industrial Norte', 'Nave 12', 'Atn. Sr. Ortega'],
  nl: ['Afdeling crediteuren', 'Bedrijventerrein De Hoek', 't.a.v. mevr. De Groot', 'Unit 7'],
  it: ['Ufficio acquisti', 'Zona industriale'],
  pt: ['Departamento financeiro', 'Zona industrial'],
  pl: ['Dział księgowości', 'Budynek C'],
};
const AFTER_CITY: Labels = {
  en: ['United Kingdom', 'USA', 'Ireland'],
  de: ['Deutschland', 'Germany', 'Österreich'],
  fr: ['France', 'Belgique'],
  es: ['España', 'Spain'],
  nl: ['Nederland', 'België', 'The Netherlands'],
  it: ['Italia'],
  pt: ['Portugal'],
  pl: ['Polska'],
};

/** National labels and printed forms of a VAT or tax id. */
const TAX_ID_FORMS: Record<Lang, Array<(h: Rand) => [string, string]>> = {
  en: [(h) => ['VAT Reg. No.', `GB ${int(h, 100, 999)} ${int(h, 1000, 9999)} ${int(h, 10, 99)}`], (h) => ['VAT Registration Number', `GB${int(h, 100000000, 999999999)}`], (h) => ['EIN', `${int(h, 10, 99)}-${int(h, 1000000, 9999999)}`], (h) => ['Tax ID', `IE${int(h, 1000000, 9999999)}${String.fromCharCode(65 + int(h, 0, 25))}`]],
  de: [(h) => ['USt-IdNr.', `DE ${int(h, 100, 999)} ${int(h, 100, 999)} ${int(h, 100, 999)}`], (h) => ['Steuernummer', `${int(h, 10, 99)}/${int(h, 100, 999)}/${int(h, 10000, 99999)}`], (h) => ['Umsatzsteuer-ID', `DE${int(h, 100000000, 999999999)}`], (h) => ['UID-Nr.', `ATU${int(h, 10000000, 99999999)}`]],
  fr: [(h) => ['N° TVA intracom.', `FR ${int(h, 10, 99)} ${int(h, 100, 999)} ${int(h, 100, 999)} ${int(h, 100, 999)}`], (h) => ['SIRET', `${int(h, 100, 999)} ${int(h, 100, 999)} ${int(h, 100, 999)} ${int(h, 10000, 99999)}`], (h) => ['TVA', `FR${int(h, 10, 99)}${int(h, 100000000, 999999999)}`], (h) => ['N° TVA', `BE 0${int(h, 100, 999)}.${int(h, 100, 999)}.${int(h, 100, 999)}`]],
  es: [(h) => ['CIF', `B-${int(h, 10000000, 99999999)}`], (h) => ['NIF', `${int(h, 10000000, 99999999)}${String.fromCharCode(65 + int(h, 0, 25))}`], (h) => ['NIF-IVA', `ES B${int(h, 10000000, 99999999)}`], (h) => ['C.I.F.', `A${int(h, 10000000, 99999999)}`]],
  nl: [(h) => ['Btw-nr.', `NL${int(h, 100000000, 999999999)}B${String(int(h, 1, 99)).padStart(2, '0')}`], (h) => ['BTW nummer', `NL ${int(h, 1000, 9999)}.${int(h, 10, 99)}.${int(h, 100, 999)}.B01`], (h) => ['Ondernemingsnr.', `BE 0${int(h, 100, 999)}.${int(h, 100, 999)}.${int(h, 100, 999)}`], (h) => ['VAT', `NL${int(h, 100000000, 999999999)}B01`]],
  it: [(h) => ['P.IVA', `IT ${int(h, 10000000000, 99999999999)}`], (h) => ['C.F./P.IVA', `${int(h, 10000000000, 99999999999)}`]],
  pt: [(h) => ['NIF', `PT ${int(h, 100000000, 999999999)}`], (h) => ['Contribuinte n.º', `${int(h, 100000000, 999999999)}`]],
  pl: [(h) => ['NIP', `${int(h, 100, 999)}-${int(h, 100, 999)}-${int(h, 10, 99)}-${int(h, 10, 99)}`], (h) => ['NIP', `PL ${int(h, 1000000000, 9999999999)}`]],
};

/**
 * The parts of the spec the widening rewords before the page is drawn: address lines added to both parties, the tax
 * id in a national format, the buyer's block labelled as a bill-to block where two columns stand side by side.
 */
export function widenSpec(spec: CommercialSpec, d: FieldDraws, h: Rand, lang: Lang, code: string): CommercialSpec {
  const lines = (address: string[], n: number): string[] => {
    if (n === 0) return address;
    const out = [...address];
    if (chance(h, 0.5)) out.unshift(pick(h, BEFORE_STREET[lang]));
    else out.push(pick(h, AFTER_CITY[lang]));
    if (n > 1) {
      if (out[out.length - 1] === address[address.length - 1]) out.push(pick(h, AFTER_CITY[lang]));
      else out.unshift(pick(h, BEFORE_STREET[lang]));
    }
    return out;
  };
  const issuerName = d.bigName === 'caps' ? spec.issuer.party.name.toUpperCase() : spec.issuer.party.name;
  const extras = spec.issuer.extras.map((e): Item => {
    if (!d.taxIdForm || !/vat_id$/.test(e.key)) return e;
    const [lbl, value] = pick(h, TAX_ID_FORMS[lang])(h);
    return { ...e, label: lbl, value };
  });
  const recipient: PartyBlock | null = spec.recipient && {
    ...spec.recipient,
    party: { ...spec.recipient.party, address: lines(spec.recipient.party.address, d.extraLines[1]) },
    label: d.twoColumn && spec.recipient.nameKey.startsWith('buyer') ? pick(h, BILL_TO_LABELS[lang]) : spec.recipient.label,
  };
  const totals = spec.totals.map((t): Item => {
    const amount = t.truth ?? t.value;
    const printed = d.code === 'none' ? t.value : d.code === 'before' ? `${code} ${amount}` : `${amount} ${code}`;
    return { ...t, value: printed, truth: amount, extra: d.code !== 'none' && t.bold ? { ...t.extra, currency: code } : t.extra };
  });
  // What is to pay, in its box, under the words documents print over it.
  const pay = totals.filter((t) => t.bold).pop();
  // An order's total is what it will cost, not what is due.
  if (d.totalBox && pay && chance(h, 0.75) && spec.issuer.nameKey.startsWith('seller')) pay.label = pick(h, PAY_BOX_LABELS[lang]);
  return { ...spec, issuer: { ...spec.issuer, party: { name: issuerName, address: lines(spec.issuer.party.address, d.extraLines[0]) }, extras }, recipient, totals };
}

/** The layout fields the widening sets (a document without it keeps the layout as drawn). */
export function widenLayout(L: CommercialLayout, d: FieldDraws): CommercialLayout {
  return { ...L, fieldForm: d.form, colon: d.colon, header: d.twoColumn ? 'two_column' : L.header, bigName: d.bigName !== 'none', totalBox: d.totalBox };
}

/** `Label:` where the document sets a colon after its labels. */
const labelled = (label: string, colon: boolean) => (colon && !/[:.]$/.test(label) ? `${label}:` : label);

/**
 * The labelled values in the widening's forms, from `top` (at the right of the recipient block, or under it where
 * they take the page's width); returns the y under everything drawn so far.
 */
export function drawWideMeta(s: Sheet, meta: Item[], L: CommercialLayout, top: number, leftBottom: number, record: (m: Item) => void, margin: number): number {
  const size = s.size;
  const lh = size * 1.35;
  const right = s.width - margin;
  const colon = Boolean(L.colon);
  const labelW = Math.max(...meta.map((m) => s.widthOf(labelled(m.label, colon), { bold: true })), 40);
  const valueW = Math.max(...meta.map((m) => s.widthOf(m.value)), 40);
  if (L.fieldForm === 'below' || L.fieldForm === 'above') {
    // A row of columns under the address block: each value with its small label under it (or over it), no frames.
    let y = leftBottom + lh;
    const per = Math.min(4, meta.length);
    const w = (right - margin) / per;
    for (let i = 0; i < meta.length; i += per) {
      meta.slice(i, i + per).forEach((m, k) => {
        const x = margin + k * w;
        const [ly, vy] = L.fieldForm === 'below' ? [y + lh * 1.05, y] : [y, y + lh * 0.95];
        s.text(labelled(m.label, colon), x, ly, { size: size - 1.5, color: '#555' });
        s.text(m.value, x, vy, { bold: L.fieldForm === 'below' });
        if (L.fieldForm === 'below') s.rule(x, y + lh * 0.95, x + Math.min(w - 10, Math.max(s.widthOf(m.value, { bold: true }), 60)), y + lh * 0.95, 0.4);
        record(m);
      });
      y += lh * 2.6;
    }
    return y;
  }
  if (L.fieldForm === 'cells') {
    // Each label in a shaded cell of its own, its value in a framed cell beside it, a gap between the two.
    const h = lh * 1.4;
    const x2 = right - valueW - 12;
    const x1 = x2 - labelW - 20;
    let y = top;
    for (const m of meta) {
      s.fill(x1, y + 1, labelW + 10, h - 2, '#e6e6e6');
      s.text(labelled(m.label, colon), x1 + 4, y + (h - size) / 2, { bold: true, size: size - 0.5 });
      s.box(x2, y + 1, right - x2, h - 2);
      s.text(m.value, right - 5, y + (h - size) / 2, { align: 'right' });
      record(m);
      y += h + 2;
    }
    return Math.max(y, leftBottom);
  }
  // A key-value grid: the labels in a column at the left half of the page, the values several centimetres right of them.
  const x1 = s.width / 2 - 10;
  const x2 = Math.min(x1 + labelW + 70 + (meta.length % 3) * 20, right - valueW);
  let y = top;
  for (const m of meta) {
    s.text(labelled(m.label, colon), x1, y);
    s.text(m.value, x2, y, { bold: m.key.endsWith('number') });
    record(m);
    y += lh * 1.1;
  }
  return Math.max(y, leftBottom);
}

/**
 * The seller's block at the left (the name large, address under it, tax id and IBAN), the buyer's at the right
 * under its bill-to label, the title over the buyer's or at the top right; returns the y under both blocks.
 */
export function drawTwoColumn(s: Sheet, spec: CommercialSpec, to: PartyBlock, L: CommercialLayout, r: Rand, lang: Lang, record: (m: Item) => void, margin: number, logoBottom: number): number {
  const size = s.size;
  const lh = size * 1.35;
  const right = s.width - margin;
  const titleSize = size + int(r, 5, 10);
  s.text(spec.title, right, margin, { bold: true, size: titleSize, align: 'right' });
  let y = Math.max(margin, logoBottom);
  const nameSize = L.bigName ? size + int(r, 12, 18) : size + int(r, 3, 6);
  // A seller's block may stand under "From"; an order's issuer is its buyer, whose block needs no such label.
  const senderLabel = chance(r, 0.35) && spec.issuer.nameKey.startsWith('seller') ? pick(r, SENDER_LABELS[lang]) : null;
  if (senderLabel) {
    s.text(senderLabel, margin, y, { bold: true, size: size - 1, color: '#444' });
    y += lh;
  }
  s.text(spec.issuer.party.name, margin, y, { bold: true, size: nameSize });
  s.set(spec.issuer.nameKey, spec.issuer.party.name, senderLabel ?? undefined);
  y += nameSize * 1.25;
  for (const line of spec.issuer.party.address) {
    s.text(line, margin, y);
    y += lh;
  }
  s.set(spec.issuer.addressKey, spec.issuer.party.address.join(' '));
  if (L.extrasIn === 'letterhead') {
    for (const e of spec.issuer.extras) {
      s.text(`${labelled(e.label, true)} ${e.value}`, margin, y, { size: size - 0.5 });
      record(e);
      y += lh;
    }
  }
  // The buyer's block at the right half, level with the seller's address, under its label.
  const bx = s.width / 2 + 20;
  let by = margin + titleSize * 1.8 + lh;
  const label = to.label ?? pick(r, (to.nameKey.startsWith('buyer') ? BILL_TO_LABELS : BLOCK_LABELS.supplier)[lang]);
  s.text(labelled(label, Boolean(L.colon)), bx, by, { bold: true });
  by += lh;
  s.text(to.party.name, bx, by);
  s.set(to.nameKey, to.party.name, label);
  by += lh;
  for (const line of to.party.address) {
    s.text(line, bx, by);
    by += lh;
  }
  s.set(to.addressKey, to.party.address.join(' '));
  return Math.max(y, by) + lh * 0.5;
}

/** The amount to pay in a framed, shaded box at the right: its label over it, the amount large; returns the y under it. */
export function drawTotalBox(s: Sheet, t: Item, top: number, record: (m: Item) => void, margin: number): number {
  const size = s.size;
  const right = s.width - margin;
  const big = size + 4;
  const w = Math.max(s.widthOf(t.label, { bold: true }), s.widthOf(t.value, { bold: true, size: big })) + 24;
  const h = size * 1.4 + big * 1.5 + 8;
  const x = right - w;
  s.fill(x, top, w, h, '#eeeeee');
  s.box(x, top, w, h, 1);
  s.text(t.label, x + 10, top + 5, { bold: true });
  s.text(t.value, right - 10, top + 5 + size * 1.5, { bold: true, size: big, align: 'right' });
  record(t);
  return top + h + size * 0.6;
}
