import { describe, expect, it } from 'vitest';
import { ask, readRows } from './helpers/requests.js';
import type { TypesetLine } from './helpers/words.js';

/**
 * A utility bill with two items under its heads, the bill's labelled values
 * set in columns above them ("Emitida em | 25/12/2024") and a box of totals
 * under them, as bench/lib/business/commercial.ts draws `meta: 'kv_right'`
 * with `totalsForm: 'boxes'`.
 */
const bill: TypesetLine[] = [
  [147, [[654, 'Documento n.º'], [783, 'RG-BL-7220']]],
  [160, [[654, 'Emitida em'], [783, '25/12/2024']]],
  [172, [[654, 'Nº cliente'], [783, '80633896']]],
  [185, [[654, 'Período'], [783, '25/10/2024'], [854, '-'], [862, '24/11/2024']]],
  [198, [[654, 'Pagar até'], [783, '08/01/2025']]],
  [241, [[77, 'Designação'], [485, 'Quantidade'], [573, 'Unidade'], [742, 'Preço'], [892, 'Total']]],
  [253, [[730, 'unitário']]],
  [274, [[77, 'Energia ativa vazio'], [541, '840'], [573, 'kWh'], [744, '0,0445'], [893, '37,39']]],
  [296, [[77, 'Energia ativa fora de vazio'], [541, '178'], [573, 'kWh'], [744, '0,0429'], [899, '7,64']]],
  [324, [[553, 'Base tributável'], [645, 'IVA 23%'], [710, 'Total'], [844, 'Valor em dívida']]],
  [339, [[580, '45,03 €'], [645, '10,36 €'], [710, '55,39 €'], [875, '27,69 €']]],
];

describe('the page\'s main table with no fields asked', () => {
  it('is the items under their heads, not the block of the bill\'s labelled values above them', () => {
    const rows = readRows(bill, ask());
    expect(rows.map((r) => Object.values(r))).toEqual([
      ['Energia ativa vazio', '840', 'kWh', '0,0445', '37,39'],
      ['Energia ativa fora de vazio', '178', 'kWh', '0,0429', '7,64'],
    ]);
  });
});

/**
 * The bill's labelled values set right of the customer's address on the
 * same lines ("Am Mühlbach 62 | Datum | 2022-04-28"): the first cell of
 * each row is the address, the labels a column of their own.
 */
const addressed: TypesetLine[] = [
  [147, [[77, 'Jörg Müller'], [560, 'Rechnungsnr.'], [720, 'ST/2022/78157']]],
  [160, [[77, 'Am Mühlbach 62'], [560, 'Datum'], [720, '2022-04-28']]],
  [172, [[77, '50667 Köln'], [560, 'Kundennummer'], [720, '11254320']]],
  [185, [[560, 'Abrechnungszeitraum'], [720, '2022-03-13 bis 2022-04-11']]],
  [198, [[560, 'Zahlbar bis'], [720, '2022-05-12']]],
  [241, [[77, 'Beschreibung'], [530, 'Anz.'], [570, 'Einheit'], [700, 'Preis/Einheit'], [880, 'Gesamt']]],
  [262, [[77, 'Arbeitspreis HT'], [535, '832'], [570, 'kWh'], [750, '0,0319'], [892, '26,56']]],
  [284, [[77, 'Arbeitspreis NT'], [535, '745'], [570, 'kWh'], [750, '0,0197'], [892, '14,69']]],
];

describe('the main table beside an address block of labelled values', () => {
  it('is the items, not the labels column set beside the address', () => {
    const rows = readRows(addressed, ask());
    expect(rows.map((r) => Object.values(r))).toEqual([
      ['Arbeitspreis HT', '832', 'kWh', '0,0319', '26,56'],
      ['Arbeitspreis NT', '745', 'kWh', '0,0197', '14,69'],
    ]);
  });
});
