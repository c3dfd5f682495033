/**
 * Payslips, packing lists and purchase orders as other payroll, warehouse and
 * ERP systems print them (issue 28's fifth widening): wage-type codes,
 * earnings and deductions in two tables side by side, employer contributions,
 * trailing minus signs; carton numbers, dimensions, quantities with their
 * unit, lot and serial lines under an item; delivery dates per line, codes
 * with slashes, discounts; heads far from their columns. Every draw comes
 * from the kinds' own stream (`KINDS_SALT` in index.ts), so a document where
 * it adds nothing prints as before, and no other kind changes.
 */
import type { CommercialLayout } from './commercial.js';
import type { Labels } from './labels.js';
import { chance, int, pick, type Rand } from './random.js';
import type { BusinessKind, Lang } from './types.js';

/** Heads of the new columns, per truth key. */
export const WIDE_COLUMN_LABELS: Record<string, Labels> = {
  pay_code: {
    en: ['Code', 'Pay code', 'No.'],
    de: ['LA', 'Lohnart-Nr.', 'Schl.'],
    fr: ['Code', 'N°'],
    es: ['Código', 'Cód.'],
    nl: ['Code', 'Nr.'],
    it: ['Cod.', 'Codice'],
    pt: ['Cód.', 'Código'],
    pl: ['Kod', 'Symbol'],
  },
  employer_contribution: {
    en: ['Employer', "Employer's share", 'Employer contr.'],
    de: ['AG-Anteil', 'Arbeitgeber'],
    fr: ['Part patronale', 'Employeur'],
    es: ['Aportación empresa', 'Empresa'],
    nl: ['Werkgever', 'Werkgeversdeel'],
    it: ['Quota azienda', 'Carico ditta'],
    pt: ['Entidade patronal', 'Empregador'],
    pl: ['Pracodawca', 'Składka pracodawcy'],
  },
  package_number: {
    en: ['Carton No.', 'Ctn. No.', 'Box No.'],
    de: ['Kolli-Nr.', 'Karton-Nr.'],
    fr: ['N° colis', 'Colis n°'],
    es: ['N° bulto', 'Caja n°'],
    nl: ['Colli nr.', 'Doos nr.'],
    it: ['N. collo', 'Collo n.'],
    pt: ['N.º volume', 'Caixa n.º'],
    pl: ['Nr paczki', 'Nr kartonu'],
  },
  dimensions: {
    en: ['Dimensions (cm)', 'L x W x H (cm)', 'Size (cm)'],
    de: ['Maße (cm)', 'L x B x H (cm)'],
    fr: ['Dimensions (cm)', 'L x l x h (cm)'],
    es: ['Medidas (cm)', 'Dimensiones (cm)'],
    nl: ['Afmetingen (cm)', 'L x B x H (cm)'],
    it: ['Dimensioni (cm)', 'Misure (cm)'],
    pt: ['Dimensões (cm)', 'Medidas (cm)'],
    pl: ['Wymiary (cm)'],
  },
  delivery_date: {
    en: ['Delivery', 'Del. date', 'Required by'],
    de: ['Liefertermin', 'Lieferdatum'],
    fr: ['Date livr.', 'Livraison'],
    es: ['F. entrega', 'Entrega'],
    nl: ['Leverdatum', 'Levering'],
    it: ['Data cons.', 'Consegna'],
    pt: ['Data entrega', 'Entrega'],
    pl: ['Termin dostawy', 'Data dostawy'],
  },
};

/** Units a warehouse prints after a count ("12 pcs"). */
const COUNT_UNITS: Record<Lang, string[]> = {
  en: ['pcs', 'pc.', 'ea', 'units'],
  de: ['Stk', 'Stück', 'St.'],
  fr: ['pcs', 'pièces', 'u.'],
  es: ['uds', 'ud.', 'pzs'],
  nl: ['st', 'stuks'],
  it: ['pz', 'pezzi', 'nr'],
  pt: ['un', 'pçs', 'unid.'],
  pl: ['szt.', 'szt'],
};

/** Words before a lot, batch or serial number on the line under an item. */
const LOT_WORDS: Record<Lang, string[]> = {
  en: ['Lot', 'Batch', 'S/N'],
  de: ['Charge', 'Ch.-Nr.', 'Los'],
  fr: ['Lot', 'N° lot'],
  es: ['Lote'],
  nl: ['Partij', 'Lot'],
  it: ['Lotto'],
  pt: ['Lote'],
  pl: ['Partia', 'Nr partii'],
};

/** What the kinds' stream drew for one document, for slicing results (`layout.wideKind`). */
export type WideDraws = string[];

/** A head for a new column. */
export const wideLabel = (z: Rand, key: string, lang: Lang): string => pick(z, WIDE_COLUMN_LABELS[key][lang]);

/** A count with its unit, as one cell. */
export const countWithUnit = (z: Rand, lang: Lang): ((n: string) => string) => {
  const unit = pick(z, COUNT_UNITS[lang]);
  return (n) => `${n} ${unit}`;
};

/** The line under an item: a lot, batch or serial number. */
export function lotLine(z: Rand, lang: Lang): string {
  const word = pick(z, LOT_WORDS[lang]);
  const code = pick(z, [`L${int(z, 22, 26)}${String(int(z, 1, 365)).padStart(3, '0')}-${int(z, 10, 99)}`, String(int(z, 100000, 999999)), `B-${int(z, 1000, 9999)}`]);
  return chance(z, 0.5) ? `${word}: ${code}` : `${word} ${code}`;
}

/** Carton numbers of consecutive items: `1-3`, `4`, `5-12`. */
export function cartonNumbers(packages: number[]): string[] {
  let next = 1;
  return packages.map((p) => {
    const first = next;
    next += p;
    return p === 1 ? String(first) : `${first}-${first + p - 1}`;
  });
}

/** Outer dimensions of a carton in centimetres: `60x40x35` or `60 x 40 x 35`. */
export function dimensionsOf(z: Rand, spaced: boolean): string {
  const [l, w, h] = [int(z, 20, 120), int(z, 20, 80), int(z, 10, 60)];
  return spaced ? `${l} x ${w} x ${h}` : `${l}x${w}x${h}`;
}

/** Item codes with slashes, as ERP systems number articles: `KX/2034/56`, `100/2034-5`. */
export function slashCode(z: Rand, style: number): string {
  const letters = String.fromCharCode(65 + int(z, 0, 25), 65 + int(z, 0, 25));
  if (style === 0) return `${letters}/${int(z, 1000, 9999)}/${int(z, 10, 99)}`;
  if (style === 1) return `${int(z, 100, 999)}/${int(z, 1000, 9999)}-${int(z, 1, 9)}`;
  return `${letters}/${int(z, 10000, 99999)}`;
}

/** Wage-type codes: earnings from one block of numbers, deductions from another. */
export function payCodes(z: Rand, earnings: number, deductions: number): string[] {
  const base = pick(z, [[1000, 5000], [100, 500], [10, 60]]);
  const step = base[0] >= 1000 ? pick(z, [10, 100]) : base[0] >= 100 ? 10 : 1;
  return [...Array.from({ length: earnings }, (_, i) => String(base[0] + i * step)), ...Array.from({ length: deductions }, (_, i) => String(base[1] + i * step))];
}

/**
 * The arrangement other systems print these kinds in: heads far from their columns over unruled tables at odd column
 * positions, and packing lists' article codes over their descriptions. Changes nothing where the stream draws nothing.
 */
export function widenKindLayout(kind: BusinessKind, layout: CommercialLayout, z: Rand, drawn: WideDraws): CommercialLayout {
  const out = { ...layout };
  if (chance(z, 0.3)) {
    out.rules = pick(z, ['none', 'header'] as const);
    out.oddColumns = true;
    out.headerGap = int(z, 1, 3);
    out.headerLeft = chance(z, 0.5);
    drawn.push('far_heads');
  }
  if (kind === 'packing_list' && !out.articleOver && chance(z, 0.3)) {
    out.articleOver = true;
    out.descUnder = false;
    drawn.push('sku_over');
  }
  return out;
}
