import { describe, expect, it } from 'vitest';
import { extractFromContent } from '../../src/extract/layout/rows/extract-page.js';
import { ask, page, rowsOf, scanned } from './helpers/requests.js';
import type { TypesetLine } from './helpers/words.js';

/** A till's head centred on a receipt 1000 units wide (characters 6 units wide, helpers/words.ts). */
const centred = (y: number, text: string): TypesetLine => [y, [[500 - text.length * 3, text]]];

const read = (lines: TypesetLine[], ...names: string[]) => rowsOf(extractFromContent(scanned(page(lines)), ask(...names)));

/** Issue 28 item 6: the merchant and its address from the head of a real till's receipt, printed as tills print it. */
describe('the merchant and its address from a till head', () => {
  it('takes a street printed without a number over its postcode as the address, not the name', () => {
    expect(read([
      centred(100, 'RELAIS DU LAC VERT'),
      centred(112, 'AUTOROUTE DU SOLEIL'),
      centred(124, '15000 KHEMISSET'),
      centred(136, 'Tel. : 05.22.11.22.33'),
      [200, [[50, 'TOTAL'], [820, '56.00']]],
    ], 'merchant_name', 'address')).toEqual([{ merchant_name: 'RELAIS DU LAC VERT', address: 'AUTOROUTE DU SOLEIL\n15000 KHEMISSET' }]);
  });

  it('names the company whose registration in brackets after its name holds a colon', () => {
    expect(read([
      [100, [[120, 'Harbour Realty Sdn Bhd (Co. No:20154-T)']]],
      [114, [[120, '(GST Registration No : 000850247680)']]],
      [128, [[120, 'Menara Harbour #02-03, Level 2,']]],
      [142, [[120, '27, Jalan Ampang,']]],
      [156, [[120, '50250 Kuala Lumpur.']]],
      [170, [[120, 'Tel : +6 03 2026 6386']]],
      [230, [[120, 'TOTAL'], [820, '5.00']]],
    ], 'merchant_name', 'address')).toEqual([{ merchant_name: 'Harbour Realty Sdn Bhd', address: 'Menara Harbour #02-03, Level 2,\n27, Jalan Ampang,\n50250 Kuala Lumpur.' }]);
  });

  it('leaves out a registration line whose closing bracket the scan lost', () => {
    expect(read([
      centred(100, 'SINAR PERKASA TRADING SDN BHD'),
      centred(114, '(Co 163920 H'),
      centred(128, 'No.Lot 24, Batu 11 Kampung Dato,'),
      centred(142, '43200 Cheras, Selangor.'),
      [200, [[50, 'TOTAL'], [820, '250.00']]],
    ], 'address')).toEqual([{ address: 'No.Lot 24, Batu 11 Kampung Dato,\n43200 Cheras, Selangor.' }]);
  });

  it('ends an address at a phone number printed without its label', () => {
    expect(read([
      centred(100, 'PASARAYA SERI INTAN SDN BHD'),
      centred(114, 'NO 19 JALAN TASIK UTAMA 4'),
      centred(128, 'MEDAN NIAGA TASIK DAMAI'),
      centred(142, '016-5498845,'),
      [200, [[50, 'TOTAL'], [820, '12.00']]],
    ], 'address')).toEqual([{ address: 'NO 19 JALAN TASIK UTAMA 4\nMEDAN NIAGA TASIK DAMAI' }]);
  });
});

/** Labels a till prints in few letters, or that a scan runs into their value. */
describe('a till receipt’s date and total', () => {
  it('reads a date whose label the scan ran into it as one word', () => {
    expect(read([
      centred(100, 'KEDAI ROTI MANIS'),
      [140, [[50, 'Inv No :KR30785499'], [600, 'Date:02/02/17 19:46']]],
      [200, [[50, 'TOTAL'], [820, '7.50']]],
    ], 'date')).toEqual([{ date: '02/02/17' }]);
  });

  it('reads the amount due under a bare "Due" as the total', () => {
    expect(read([
      centred(100, 'KEDAI ROTI MANIS'),
      [160, [[50, 'SCONE'], [820, '3.00']]],
      [174, [[50, 'BUN'], [820, '4.50']]],
      [200, [[460, 'Due'], [820, '7.50']]],
      [214, [[460, 'Cash'], [820, '10.00']]],
    ], 'total')).toEqual([{ total: '7.50' }]);
  });
});
