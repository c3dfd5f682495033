import { afterAll, describe, expect, it } from 'vitest';
import { generateBusinessDoc } from '../../bench/lib/business/index.js';
import { ingestPages } from '../../bench/lib/business/scan.js';
import { createLayoutEngine } from '../../src/extract/layout/index.js';
import type { Lang } from '../../bench/lib/business/types.js';
import { ask, readRows, rowsOf, scanned, page } from './helpers/requests.js';
import { extractFromContent } from '../../src/extract/layout/rows/extract-page.js';

/** Issue 28 item 6: the merchant and its whole address from a receipt's head, as tills print it. */
describe('the merchant and its address at the head of a receipt', () => {
  const engine = createLayoutEngine();
  afterAll(() => engine.close?.());
  /** A generated receipt's merchant fields, read from its page. */
  const readHead = async (lang: Lang, seed: number) => {
    const doc = await generateBusinessDoc({ seed, kind: 'receipt', lang });
    const [first] = await ingestPages(doc.pdf);
    const [row] = rowsOf(await engine.extract(first, ask('merchant_name', 'merchant_address')));
    return { doc, row };
  };

  it('takes the name under a logo, passes over the register number under it, and opens the address at a shopping centre', async () => {
    const { doc, row } = await readHead('de', 9);
    expect(doc.layout).toMatchObject({ header: 'logo', tillHeader: expect.stringContaining('registration_under') });
    expect(row).toEqual({ merchant_name: 'BERGMANN HANDELS GMBH', merchant_address: 'Einkaufszentrum Nord\nHauptstraße 174\n80331 München\nBayern' });
  });

  it('joins an address over its lines, commas and a five-digit house number included', async () => {
    const { row } = await readHead('en', 7);
    expect(row).toEqual({ merchant_name: 'NORTHWIND SUPPLIES INC.', merchant_address: 'UNIT G14, RETAIL PARK,\n72890 HARBOUR ROAD,\nRIVERSIDE BUSINESS PARK,\nAUSTIN, TX 78701,\nUSA' });
  });

  it('reads the address a till opens with when its logo stands in place of its name', async () => {
    for (const [lang, seed, address] of [
      ['fr', 15, '106, avenue des Génêts,\nZone Industrielle Nord,\n69002 Lyon.'],
      ['de', 18, 'SCHLOSSALLEE 107\n80331 MÜNCHEN.'],
    ] as const) {
      const { doc, row } = await readHead(lang, seed);
      expect(doc.fields.merchant_name).toBeUndefined();
      expect(row.merchant_address).toBe(address);
    }
  });

  it('runs an address on past a lot number of five digits, which is no postcode', () => {
    const receipt = scanned(page([
      [20, [[300, 'KEDAI MAJU JAYA']]],
      [35, [[300, 'LOT 48210 KAMPUNG BARU,']]],
      [50, [[300, '2 1/2 MILES JALAN IPOH,']]],
      [65, [[300, '51200 KUALA LUMPUR']]],
      [80, [[300, 'TEL 03-6251 7788']]],
      [110, [[50, 'TOTAL'], [820, '12.50']]],
    ]));
    expect(rowsOf(extractFromContent(receipt, ask('merchant_name', 'address')))).toEqual([
      { merchant_name: 'KEDAI MAJU JAYA', address: 'LOT 48210 KAMPUNG BARU,\n2 1/2 MILES JALAN IPOH,\n51200 KUALA LUMPUR' },
    ]);
  });

  it('ends an address at a French phone line', () => {
    expect(readRows([
      [20, [[300, 'Garnier SARL']]],
      [35, [[300, '122, avenue des Génêts,']]],
      [50, [[300, '13001']]],
      [65, [[300, 'Marseille']]],
      [80, [[300, 'Tél. 04 91 23 45 67']]],
      [110, [[50, 'TOTAL'], [820, '12,50']]],
    ], ask('seller_address'))).toEqual([{ seller_address: '122, avenue des Génêts,\n13001\nMarseille' }]);
  });
});
