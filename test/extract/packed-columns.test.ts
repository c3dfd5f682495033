import { describe, expect, it } from 'vitest';
import { extractFromContent } from '../../src/extract/layout/rows/extract-page.js';
import { ask, page, rowsOf } from './helpers/requests.js';

describe('columns set closer than a cell gap', () => {
  it('parts article numbers from the descriptions they are packed against, the code head reaching over the text', () => {
    const list = page([
      // Bold heads set wider than the codes: "Artikelnr." runs on over the start of "Bezeichnung".
      [80, [[77, 'Artikelnr.'], [125, 'Bezeichnung'], [361, 'Einheit'], [430, 'Preis']]],
      [105, [[77, '15-1478 Beratung'], [361, 'Std'], [430, '753,33']]],
      [117, [[125, 'Senior-Ingenieur']]],
      [140, [[77, '53-8368 Sechskantschrauben M8'], [361, 'Pck'], [430, '533,75']]],
      [165, [[77, '71-5937 Kopierpapier A4'], [361, 'Ries'], [430, '456,02']]],
    ]);
    const rows = rowsOf(extractFromContent(list, ask('item_code', 'description', 'unit', 'unit_price')));
    expect(rows).toEqual([
      { item_code: '15-1478', description: 'Beratung Senior-Ingenieur', unit: 'Std', unit_price: '753,33' },
      { item_code: '53-8368', description: 'Sechskantschrauben M8', unit: 'Pck', unit_price: '533,75' },
      { item_code: '71-5937', description: 'Kopierpapier A4', unit: 'Ries', unit_price: '456,02' },
    ]);
  });
});

describe('labelled figures under the items', () => {
  it('end the table, so their labels do not close the gap between two columns', () => {
    const list = page([
      [80, [[110, 'Artikelnr.'], [210, 'Omschrijving'], [660, 'Dozen'], [750, 'Netto (kg)']]],
      [105, [[110, '196903'], [210, 'Advieswerkzaamheden'], [678, '14'], [750, '326,3']]],
      [130, [[110, '425434'], [210, 'Koffiebonen arabica'], [678, '16'], [756, '68,9']]],
      [155, [[110, '542537'], [210, 'Verlenging licentie'], [678, '20'], [750, '342,5']]],
      [178, [[820, 'Colli:'], [880, '50']]],
      [200, [[700, 'Nettogewicht'], [787, '(kg):'], [835, '737,7']]],
    ]);
    const rows = rowsOf(extractFromContent(list, ask('item_code', 'description', 'packages', 'net_weight')));
    expect(rows.map((r) => [r.item_code, r.packages, r.net_weight])).toEqual([['196903', '14', '326,3'], ['425434', '16', '68,9'], ['542537', '20', '342,5']]);
  });
});
