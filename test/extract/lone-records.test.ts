import { describe, expect, it } from 'vitest';
import { ask, readRows } from './helpers/requests.js';
import type { TypesetLine } from './helpers/words.js';

/**
 * The printed view of a ZUGFeRD rental invoice: each item record stands between rulings, with its notes under it
 * ("Weitere Eigenschaften:", "Inklusiv-Kilometer waren: 873") and its description wrapped at the font's leading, the
 * values centred in their columns. Only the first record sits under the heads; every later one is a lone line of
 * cells, which no table held, and they are items of the headed table all the same.
 */
const records: TypesetLine[] = [
  [380, [[89, 'Pos'], [124, 'Art-Nr'], [254, 'Beschreibung'], [410, 'Nettopreis'], [601, 'Menge'], [740, 'USt.'], [860, 'Betrag']]],
  [410, [[99, '1'], [264, 'Miettage'], [414, '86,5500'], [586, '2 Stk'], [735, '19 %'], [874, '173,10']]],
  [467, [[267, 'Weitere Eigenschaften:']]],
  [494, [[267, 'Fahrzeug-Kennzeichen: = M-MM 0000']]],
  [523, [[96, '2'], [233, 'Navigationssystem'], [480, '5,0400'], [623, '2 Stk'], [751, '19 %'], [880, '10,08']]],
  [537, [[233, '- Garantie']]],
  [567, [[267, 'Inklusiv-Kilometer waren: 873']]],
  [611, [[99, '3'], [261, 'Vollkasko'], [419, '23,1000'], [590, '2 Stk'], [736, '19 %'], [880, '46,20']]],
  [671, [[97, '4'], [236, 'minimale'], [465, '15,5500'], [620, '2 Stk'], [750, '19 %'], [880, '31,10']]],
  [685, [[236, 'Selbstbeteiligung']]],
];

describe('item records set apart one by one', () => {
  it('are rows of the headed table above them, with their wrapped descriptions and without their notes', () => {
    const rows = readRows(records, ask('description', 'quantity', 'unit_price', 'line_total'));
    expect(rows.map((r) => [r.description, r.line_total])).toEqual([
      ['Miettage', '173,10'],
      ['Navigationssystem - Garantie', '10,08'],
      ['Vollkasko', '46,20'],
      ['minimale Selbstbeteiligung', '31,10'],
    ]);
  });

  it('end at a total under them', () => {
    const rows = readRows([...records.slice(0, 5), [560, [[480, 'Positionssumme'], [874, '183,18']]], [600, [[96, '3'], [261, 'Vollkasko'], [419, '23,1000'], [590, '2 Stk'], [736, '19 %'], [880, '46,20']]]], ask('description', 'line_total'));
    expect(rows.map((r) => r.line_total)).toEqual(['173,10', '10,08']);
  });
});

/**
 * The same records as another generator prints them: the second record's position stands beside its note, a line
 * lower, so the record and its note read as a headless table of their own. The records after them are still items.
 */
const numberBesideNote: TypesetLine[] = [
  [343, [[88, 'Pos'], [254, 'Beschreibung'], [409, 'Nettopreis'], [600, 'Menge'], [723, 'Steuer'], [847, 'Entgelt']]],
  [378, [[98, '1'], [262, 'Miettage'], [432, '86,55'], [584, '2 Stk'], [657, '19 % VAT (S)'], [856, '173,10']]],
  [439, [[266, 'Weitere Eigenschaften:']]],
  [466, [[266, 'Fahrzeug-Kennzeichen: = M-MM 0000']]],
  [494, [[236, 'Navigationssystem'], [488, '5,04'], [615, '2 Stk'], [672, '19 % VAT (S)'], [866, '10,08']]],
  [508, [[236, '- Garantie']]],
  [528, [[99, '2'], [266, 'Inklusiv-Kilometer waren: 873']]],
  [572, [[98, '3'], [260, 'Vollkasko'], [438, '23,10'], [589, '2 Stk'], [659, '19 % VAT (S)'], [866, '46,20']]],
  [634, [[96, '4'], [235, 'minimale'], [479, '15,55'], [615, '2 Stk'], [672, '19 % VAT (S)'], [866, '31,10']]],
  [648, [[235, 'Selbstbeteiligung']]],
];

describe('lone item records after a record read as a headless table', () => {
  it('are rows of the headed table still', () => {
    const rows = readRows(numberBesideNote, ask('description', 'quantity', 'unit_price', 'line_total'));
    expect(rows.filter((r) => r.line_total !== null).map((r) => [r.description, r.line_total])).toEqual([
      ['Miettage', '173,10'],
      ['Vollkasko', '46,20'],
      ['minimale Selbstbeteiligung', '31,10'],
    ]);
  });
});
