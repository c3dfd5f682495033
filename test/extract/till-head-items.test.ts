import { describe, expect, it } from 'vitest';
import { extractFromContent } from '../../src/extract/layout/rows/extract-page.js';
import { ask, page, rowsOf, scanned } from './helpers/requests.js';
import type { TypesetLine } from './helpers/words.js';

/** A till's lines, each "x:text" cells parted by "|", a line every 14 units from y 100 (helpers/words.ts: characters 6 units wide). */
const till = (rows: string[]) =>
  page(rows.map((row, i): TypesetLine => [100 + 14 * i, row.split('|').map((cell): [number, string] => [Number(cell.slice(0, cell.indexOf(':'))), cell.slice(cell.indexOf(':') + 1).trim()])]));

const read = (rows: string[], ...names: string[]) => rowsOf(extractFromContent(scanned(till(rows)), ask(...names)));

/** Issue 28 item 6: a till's address is the head's lines, never the items printed under it. */
describe('the address of a till whose items follow its head closely', () => {
  it('ends at the first item line, whose article number and name read as a postcode and place', () => {
    // A till roll as narrow as its name: the amounts stand within the name's width.
    const rows = [
      '100:Lestari Personal Care Stores Sdn Bhd',
      '130:Company Reg No. :289892V',
      '130:GST Reg No. 000947339264',
      '130:USJ Summit, | 220:Subang (SS)',
      '100:22241 | 140:WS CUT SCISSORS | 280:18.00',
      '100:21434 | 140:4S BABY WIPES FRAG | 286:7.90 | 316:§',
      '100:95448 LESTARI BASKET | 280:0.00 Z',
      '100:SUBTOTAL | 274:RM25.90',
    ];
    expect(read(rows, 'merchant_name', 'address')).toEqual([{ merchant_name: 'Lestari Personal Care Stores Sdn Bhd', address: 'USJ Summit, Subang (SS)' }]);
  });

  it('keeps an address line whose house numbers a comma joins ("NO 24,25 & 26,")', () => {
    const rows = ['300:PASAR RAYA MEGA MAJU', '320:(767840-W)', '330:NO 24,25 & 26,', '250:JALAN PUSAT PERNIAGAAN 4,', '300:43500 SEMENYIH', '50:TOTAL | 820:30.45'];
    expect(read(rows, 'address')).toEqual([{ address: 'NO 24,25 & 26,\nJALAN PUSAT PERNIAGAAN 4,\n43500 SEMENYIH' }]);
  });
});
