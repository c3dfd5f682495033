import { describe, expect, it } from 'vitest';
import { ask, readRows } from './helpers/requests.js';
import type { TypesetLine } from './helpers/words.js';

/**
 * A packing list scanned with its counts' and its boxes' heads misread ("Ovtè", "Lxixh (cm)"): the dimensions asked
 * are the column of a box's measures, found by the shape of its values, not the column of counts with their unit
 * ("374 lot") that stands before it.
 */
const list = (measures: string[]): TypesetLine[] => [
  [300, [[70, 'Code'], [150, 'Article'], [450, 'Ovtè'], [560, 'Colis'], [640, 'Lxixh (cm)'], [780, 'Poids net'], [880, 'Poids brut']]],
  [330, [[70, '639530'], [150, 'Fauteuil de bureau'], [450, '18 pce'], [572, '3'], [640, measures[0]], [796, '27,0'], [896, '32,1']]],
  [352, [[70, '888357'], [150, 'Marqueurs effaçables'], [450, '374 lot'], [566, '17'], [640, measures[1]], [790, '311,5'], [890, '325,1']]],
  [374, [[70, '712722'], [150, 'Vis hexagonales inox'], [450, '270 boîte'], [566, '15'], [640, measures[2]], [790, '339,7'], [890, '357,7']]],
  [396, [[70, '184549'], [150, 'Commutateur réseau'], [450, '33 pce'], [566, '11'], [640, measures[3]], [802, '1,2'], [896, '16,6']]],
];

const request = ask('item_code', 'description', 'packages', 'dimensions', 'net_weight', 'gross_weight');

describe('a box measures column under a misread head', () => {
  it('gives the dimensions the measures, not the counts with their unit', () => {
    const rows = readRows(list(['86x40x43', '92x20x54', '68x21x39', '51x41x32']), request);
    expect(rows.map((r) => [r.item_code, r.packages, r.dimensions, r.net_weight])).toEqual([
      ['639530', '3', '86x40x43', '27,0'],
      ['888357', '17', '92x20x54', '311,5'],
      ['712722', '15', '68x21x39', '339,7'],
      ['184549', '11', '51x41x32', '1,2'],
    ]);
  });

  it('reads measures set with spaced signs as measures', () => {
    const rows = readRows(list(['86 x 40 x 43', '92 x 20 x 54', '68 x 21 x 39', '51 x 41 x 32']), request);
    expect(rows.map((r) => r.dimensions)).toEqual(['86 x 40 x 43', '92 x 20 x 54', '68 x 21 x 39', '51 x 41 x 32']);
  });
});
