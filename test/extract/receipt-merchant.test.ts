import { describe, expect, it } from 'vitest';
import type { PageContent } from '../../src/extract/read/page-content.js';
import { extractFromContent } from '../../src/extract/layout/rows/extract-page.js';
import { ask, page, rowsOf, scanned } from './helpers/requests.js';

/** A scan's words with the lines starting at `ys` (per mille) read `times` as tall as typeset. */
const taller = (content: PageContent, ys: number[], times: number): PageContent => ({
  ...content,
  words: content.words.map((w) => (ys.some((y) => Math.abs(w.box.y1 - y / 1000) < 1e-9) ? { ...w, box: { ...w.box, y2: w.box.y1 + (w.box.y2 - w.box.y1) * times } } : w)),
});

/** Issue 28 item 6: the merchant is the head of a receipt's top block, the address the block under it. */
describe('the merchant and its address on real tills', () => {
  it('finds the name on a flatbed scan whose print starts a third down, under a slogan, its form set apart', () => {
    const receipt = scanned(page([
      [130, [[300, 'E'], [340, 'h']]],
      [214, [[300, "Respekt, wer's selber macht."]]],
      [301, [[300, 'toom'], [360, 'Baumarkt'], [440, 'GmbH']]],
      [319, [[300, 'Grüner Weg 41']]],
      [338, [[300, '33098 Paderborn']]],
      [356, [[300, 'Tel. 05251-871871-0']]],
      [400, [[300, '4078500873307 Grasschere']]],
      [418, [[300, '1.000 STK'], [560, '19.99 19']]],
      [450, [[300, 'SUMME EUR'], [560, '19.99']]],
    ]), { E: 0.3, h: 0.3 });
    expect(rowsOf(extractFromContent(receipt, ask('merchant_name', 'address')))).toEqual([{ merchant_name: 'toom Baumarkt GmbH', address: 'Grüner Weg 41 33098 Paderborn' }]);
  });

  it('takes the name over the company number, however tall a street line under it was read, and ends the address at a phone number', () => {
    const receipt = taller(scanned(page([
      [20, [[300, 'B & BEST RESTAURANT']]],
      [35, [[300, '(001610235- P)']]],
      [50, [[300, 'NO.12, SS4C/5, PETALING JAYA']]],
      [70, [[300, 'SELANGOR DARUL EHSAN']]],
      [85, [[300, '012-2060 778']]],
      [100, [[300, 'BILL NO: 00134609']]],
      [130, [[100, 'TOTAL'], [600, '21.00']]],
    ])), [50], 1.4);
    expect(rowsOf(extractFromContent(receipt, ask('merchant_name', 'address')))).toEqual([{ merchant_name: 'B & BEST RESTAURANT', address: 'NO.12, SS4C/5, PETALING JAYA SELANGOR DARUL EHSAN' }]);
  });

  it('joins a name set over two lines over the company number, and opens the address under its last line', () => {
    const receipt = scanned(page([
      [20, [[300, 'CT281 - Tealive Shell Kepong']]],
      [35, [[300, 'Ottogo Enterprise']]],
      [50, [[300, '002570632-X']]],
      [65, [[300, 'SHELL STATION PT15944, Mukim']]],
      [80, [[300, 'Batu,']]],
      [95, [[300, 'Jln Besar Kepong']]],
      [115, [[300, 'TAX INVOICE']]],
      [150, [[100, 'Total'], [600, '8.60']]],
    ]));
    expect(rowsOf(extractFromContent(receipt, ask('merchant_name', 'address')))).toEqual([{ merchant_name: 'CT281 - Tealive Shell Kepong Ottogo Enterprise', address: 'SHELL STATION PT15944, Mukim Batu, Jln Besar Kepong' }]);
  });

  it('takes a company name whose number in brackets holds a colon', () => {
    const receipt = scanned(page([
      [20, [[300, 'Dion Realties Sdn Bhd (Co. No:20154-T)']]],
      [40, [[300, 'Menara Dion #02-03, Level 2,']]],
      [55, [[300, '27, Jalan Sultan Ismail,']]],
      [70, [[300, '50250 Kuala Lumpur.']]],
      [120, [[100, 'Total'], [600, '5.00']]],
    ]));
    expect(rowsOf(extractFromContent(receipt, ask('merchant_name')))).toEqual([{ merchant_name: 'Dion Realties Sdn Bhd' }]);
  });

  it('reads a date whose label a scan joined to it, before the time', () => {
    const receipt = scanned(page([
      [20, [[300, "KING'S CONFECTIONERY S/B"]]],
      [60, [[100, 'Inv No :GKJ30785499'], [500, 'Date:02/02/17 19:46']]],
      [120, [[100, 'Due'], [600, '7.50']]],
    ]));
    expect(rowsOf(extractFromContent(receipt, ask('date')))).toEqual([{ date: '02/02/17' }]);
  });

  it('reads a French motorway as a street', () => {
    const receipt = scanned(page([
      [20, [[300, 'RELAIS TOTAL OULMES']]],
      [35, [[300, 'AUTOROUTE RABAT MEKNES']]],
      [50, [[300, '15000 KHEMISSET']]],
      [65, [[300, 'Tel. : 05.22.95.66.66']]],
      [120, [[100, 'Total Facture :'], [600, '56.00 DH']]],
    ]));
    expect(rowsOf(extractFromContent(receipt, ask('address')))).toEqual([{ address: 'AUTOROUTE RABAT MEKNES 15000 KHEMISSET' }]);
  });
});
