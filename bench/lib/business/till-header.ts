/**
 * A receipt's head as more tills print it (issue 28 item 6, the ninth widening; a stream of its own, `HEADER_SALT` in
 * `index.ts`): the name in capitals over the address, a logo image in place of the name (the first text is then the
 * address), the company's registration number after the name on its line or on a line under it ("(Co. No: 20154-T)",
 * "HRB 12345", "KvK 12345678"), the address over two to five lines (a unit or a shopping centre before the street, a
 * district after it, a region or country under the postal line), each line but the last ending in a comma and the
 * last in a full stop on some tills, the tax id right under the name, a fax line under the phone line, and US house
 * numbers of five digits.
 */
import { chance, int, pick, type Rand } from './random.js';
import type { Lang } from './types.js';

export interface TillHeader {
  /** The name in capitals, whatever the till's header style. */
  caps: boolean;
  /** A logo image in place of the printed name (a `logo` header): no name in the text, the address first. */
  logoOnly: boolean;
  /** The company's registration number on the name's line after it, or on a line of its own under it. */
  registration: 'none' | 'after' | 'under';
  /** Each address line but the last ending in a comma; the last in a full stop. */
  commas: boolean;
  fullStop: boolean;
  /** A unit or a shopping centre before the street, a district after it, a region or country under the postal line. */
  unit: boolean;
  district: boolean;
  region: boolean;
  /** The tax id line right under the name, before the address. */
  taxIdFirst: boolean;
  /** A fax line under the phone line. */
  fax: boolean;
  /** On US tills, a house number of five digits. */
  longNumber: boolean;
}

/** The head of one receipt, or null where it prints as before; `h` is the ninth widening's stream. */
export function drawTillHeader(h: Rand, header: 'bold' | 'capitals' | 'logo', widthMm: number): TillHeader | null {
  if (!chance(h, 0.6)) return null;
  const logoOnly = header === 'logo' && chance(h, 0.5);
  return {
    caps: chance(h, 0.4),
    logoOnly,
    // A number after the name needs an 80 mm line beside it.
    registration: logoOnly ? 'none' : pick(h, widthMm === 80 ? (['none', 'after', 'under'] as const) : (['none', 'under'] as const)),
    commas: chance(h, 0.5),
    fullStop: chance(h, 0.4),
    unit: chance(h, 0.3),
    district: chance(h, 0.3),
    region: chance(h, 0.35),
    taxIdFirst: chance(h, 0.3),
    fax: chance(h, 0.4),
    longNumber: chance(h, 0.5),
  };
}

/** A registration number as the country's tills print it (`#` a digit, `@` a capital letter). */
const REGISTRATIONS: Record<Lang, string[]> = {
  en: ['Co. No: #####-@', 'Co. Reg. ########', 'Company No. ########', '######-@'],
  de: ['HRB #####', 'Amtsgericht HRB ######'],
  fr: ['RCS ### ### ###', 'SIRET ### ### ### #####'],
  es: ['Reg. Merc. M-######'],
  nl: ['KvK ########'],
  it: ['REA MI-#######'],
  pt: ['CRC ######'],
  pl: ['KRS 00000#####'],
};

/** A unit, a floor or a shopping centre printed over the street. */
const UNITS: Record<Lang, string[]> = {
  en: ['Ground Floor, Kings Mall', 'Level 2, Riverside Centre', 'Unit G14, Retail Park'],
  de: ['Einkaufszentrum Nord', 'Marktpassage, EG'],
  fr: ['Centre Commercial Les Halles', 'Galerie Marchande, Niveau 1'],
  es: ['Centro Comercial La Vaguada', 'Local 12, Planta Baja'],
  nl: ['Winkelcentrum Zuidplein', 'Winkel 12, Begane grond'],
  it: ['Centro Commerciale Le Torri', 'Galleria Negozi, Piano Terra'],
  pt: ['Centro Comercial Colombo', 'Loja 12, Piso 0'],
  pl: ['Centrum Handlowe Arkadia', 'Lokal 12, Parter'],
};

/** A district printed under the street. */
const DISTRICTS: Record<Lang, string[]> = {
  en: ['Westfield Estate', 'Old Town', 'Riverside Business Park'],
  de: ['Gewerbegebiet Süd', 'Altstadt'],
  fr: ['Zone Industrielle Nord', 'Quartier Saint-Paul'],
  es: ['Polígono Industrial Sur', 'Barrio de Salamanca'],
  nl: ['Bedrijventerrein De Hoek', 'Oud-Zuid'],
  it: ['Zona Industriale Nord', 'Quartiere Centro'],
  pt: ['Zona Industrial Norte', 'Bairro Alto'],
  pl: ['Strefa Przemysłowa', 'Stare Miasto'],
};

/** A region or the country under the postal line. */
const REGIONS: Record<Lang, string[]> = {
  en: ['United Kingdom', 'England'],
  de: ['Deutschland', 'Bayern'],
  fr: ['France', 'Île-de-France'],
  es: ['España'],
  nl: ['Nederland', 'Noord-Holland'],
  it: ['Italia', 'Lombardia'],
  pt: ['Portugal'],
  pl: ['Polska'],
};
const FAX = 'Fax';

/** The registration text, drawn from `h`. */
export function registrationText(h: Rand, lang: Lang): string {
  return pick(h, REGISTRATIONS[lang]).replace(/#/g, () => String(int(h, 0, 9))).replace(/@/g, () => String.fromCharCode(65 + int(h, 0, 25)));
}

/** The address lines as this head prints them, from the merchant's `lines` (street first, postal line last). */
export function headAddress(h: Rand, head: TillHeader, lang: Lang, lines: string[]): string[] {
  const out = [...lines];
  // A US postal line: a state and a ZIP code.
  const us = /\b[A-Z]{2} \d{5}$/.test(lines[lines.length - 1]);
  // US streets run their house numbers to five digits, as long as a ZIP code ("10250 Harbour Road").
  if (head.longNumber && us) out[0] = out[0].replace(/^\d+/, () => String(int(h, 10000, 99999)));
  if (head.unit) out.unshift(pick(h, UNITS[lang]));
  if (head.district) out.splice(head.unit ? 2 : 1, 0, pick(h, DISTRICTS[lang]));
  if (head.region) out.push(us ? 'USA' : pick(h, REGIONS[lang]));
  const caps = head.caps ? out.map((a) => a.toUpperCase()) : out;
  // A postcode the till broke from its place stays bare ("20457" over "Hamburg"): no comma after a number alone.
  const ends = caps.map((a, i) => (i < caps.length - 1 ? (head.commas && !/^\d+$/.test(a) && !a.endsWith(',') ? `${a},` : a) : head.fullStop ? `${a}.` : a));
  return ends;
}

/** A fax line beside the phone line's number. */
export function faxLine(h: Rand): string {
  return `${FAX} 0${int(h, 10, 99)} ${int(h, 100, 999)} ${int(h, 1000, 9999)}`;
}
