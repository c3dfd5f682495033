import { describe, expect, it } from 'vitest';
import { extractFromContent } from '../../src/extract/layout/rows/extract-page.js';
import { addressUnder } from '../../src/extract/layout/fields/address-blocks.js';
import { groupWordsIntoLines } from '../../src/extract/layout/lines/lines.js';
import { DEFAULT_SETTINGS } from '../../src/extract/settings.js';
import { ask, page, rowsOf, scanned } from './helpers/requests.js';

/** Issue 28 item 6: a till's head as real receipts print it (receipts28). */
describe('the address at the head of a real till', () => {
  it('joins a head line a till split at a wide gap, centred under the name, and takes a lot number before a street word for no postcode', () => {
    const receipt = scanned(page([
      [20, [[440, 'KFA SUPPLY']]],
      [35, [[300, '125A TINGKAT BAWAH'], [514, 'PT 1961 JALAN MALINJA']]],
      [50, [[377, 'SITE B 45400 SEKINCHAN SELANGOR']]],
      [65, [[422, 'TEL 03-3224 1960']]],
      [110, [[50, 'TOTAL'], [820, '12.50']]],
    ]));
    expect(rowsOf(extractFromContent(receipt, ask('merchant_name', 'address')))).toEqual([
      { merchant_name: 'KFA SUPPLY', address: '125A TINGKAT BAWAH PT 1961 JALAN MALINJA\nSITE B 45400 SEKINCHAN SELANGOR' },
    ]);
  });

  it('keeps a block beside the name out of its address: the parts of a line must stand centred under it', () => {
    const invoice = page([
      [20, [[50, 'Brightwater Ltd']]],
      [35, [[50, '12 Harbour Road'], [600, 'Order 4471 of 12.03.2024']]],
      [50, [[50, 'Leeds LS1 4AB']]],
      [200, [[50, 'Total'], [820, '99.00']]],
    ]);
    expect(rowsOf(extractFromContent(invoice, ask('seller_address')))).toEqual([{ seller_address: '12 Harbour Road\nLeeds LS1 4AB' }]);
  });

  it('keeps two blocks side by side apart, however centred: the line under goes on in the same two columns', () => {
    const content = page([
      [20, [[300, 'Sanne Berg']]],
      [35, [[100, 'Dorpsweg 163'], [520, 'Prinsengracht 61']]],
      [50, [[100, '3011 AD Rotterdam'], [520, '5611 EM Eindhoven']]],
    ]);
    const lines = groupWordsIntoLines(content.words, content.aspect, DEFAULT_SETTINGS);
    const block = addressUnder(lines, lines[0].segments[0], false, DEFAULT_SETTINGS) ?? [];
    expect(block.map((s) => s.text).join(' ')).not.toMatch(/Dorpsweg 163 Prinsengracht/);
  });
});
