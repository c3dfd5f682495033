import { describe, expect, it } from 'vitest';
import { extractFromContent } from '../../src/extract/layout/rows/extract-page.js';
import { ask, page, rowsOf, scanned } from './helpers/requests.js';

/** Issue 28 item 4: a total a pen ringed on the paper, which the scan reads in brackets. */
describe('a ringed total on a scanned receipt', () => {
  const receipt = (total: string, payment: Array<[number, string]>) =>
    scanned(page([
      [20, [[380, 'SCHÄFER AG']]],
      [35, [[380, 'Gartenweg 128']]],
      [50, [[380, '01067 Dresden']]],
      [90, [[50, 'Bananen lose'], [860, '3,68']]],
      [105, [[50, 'Kaffee gemahlen'], [860, '4,01']]],
      [130, [[50, 'Summe'], [840, total]]],
      ...payment.map(([y, text], k): [number, Array<[number, string]>] => [y, [[50, text], [870, k === 0 ? '7,69' : '2,31']]]),
      [200, [[50, 'MwSt 19%'], [890, '1,23']]],
    ]));

  it('is the amount the card paid, the ring no minus sign', () => {
    expect(rowsOf(extractFromContent(receipt('(7,69)', [[145, 'Karte']]), ask('total_amount')))).toEqual([{ total_amount: '7,69' }]);
  });

  it('is the amount tendered less the change, paid in cash', () => {
    const cash = receipt('(7,69)', [[145, 'Bar'], [160, 'Rückgeld']]);
    // The cash given is 10,00: the line's amount is set apart from the sketch's two amounts.
    for (const w of cash.words) if (w.text === '7,69' && w.box.y1 > 0.14 && w.box.y1 < 0.15) w.text = '10,00';
    expect(rowsOf(extractFromContent(cash, ask('total_amount')))).toEqual([{ total_amount: '7,69' }]);
  });

  it('is the total, and the card the means, when the ring reaching down left the amount paid unread', () => {
    const ringed = receipt('(7,69)', [[145, 'Kartenzahlung']]);
    for (const w of ringed.words) if (w.text === '7,69' && w.box.y1 > 0.14 && w.box.y1 < 0.15) Object.assign(w, { text: 'Deere]', confidence: 0.13 });
    expect(rowsOf(extractFromContent(ringed, ask('total_amount', 'payment_method')))).toEqual([{ total_amount: '7,69', payment_method: 'Kartenzahlung' }]);
  });

  it('stays a credit in brackets when nothing paid says otherwise', () => {
    expect(rowsOf(extractFromContent(receipt('(7,69)', []), ask('total_amount')))).toEqual([{ total_amount: '(7,69)' }]);
  });
});
