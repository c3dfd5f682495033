import { describe, expect, it } from 'vitest';
import { extractFromContent } from '../../src/extract/layout/rows/extract-page.js';
import type { PageContent } from '../../src/extract/layout/index.js';
import { ask, page, rowsOf, scanned } from './helpers/requests.js';
import type { TypesetLine } from './helpers/words.js';

/**
 * A till's head centred on a receipt 1000 units wide (characters 6 units wide, helpers/words.ts), a line every 16
 * units ('' leaves a line's room empty), then its total.
 */
const till = (head: string[]): PageContent =>
  page([...head.flatMap((text, i): TypesetLine[] => (text ? [[100 + 16 * i, [[500 - text.length * 3, text]]]] : [])), [400, [[50, 'TOTAL'], [820, '22.25']]]]);

/** The words of the line `text` read `times` as tall (a scan's bold or smudged line), their tops kept. */
const taller = (content: PageContent, text: string, times: number): PageContent => ({
  ...content,
  words: content.words.map((w) => (text.split(' ').includes(w.text) ? { ...w, box: { ...w.box, y2: w.box.y1 + (w.box.y2 - w.box.y1) * times } } : w)),
});

/** Issue 28 item 6: a company's registration number under a till's head, and a number that is none. */
describe('a registration number under a till’s head', () => {
  it.each([
    {
      // A guard: were a bare number a registration, the chit's heading would be the merchant.
      title: 'reads a bare number under a line as no registration (a chit’s number under its heading)',
      head: ['PETRONAS TAMAN MELATI', 'LOT 1626, JALAN MELATI', '53100 KUALA LUMPUR', '', '', '', 'PREPAY CHIT NUMBER', '29721'],
      tall: { line: 'PETRONAS TAMAN MELATI', times: 1.2 },
      merchant: 'PETRONAS TAMAN MELATI',
    },
  ])('$title', ({ head, tall, merchant }) => {
    const content = tall ? taller(till(head), tall.line, tall.times) : till(head);
    expect(rowsOf(extractFromContent(scanned(content), ask('merchant_name')))).toEqual([{ merchant_name: merchant }]);
  });

  it('reads the address on under the number where the till leaves room between the name and it', () => {
    const head = ['PASARAYA SRI MAJU SDN BHD', '', '396125-H', '10-18,JLN KEBUDAYAAN 16,TMN U', '81300 JOHOR BAHRU.', 'Tel:07-5208680'];
    expect(rowsOf(extractFromContent(scanned(till(head)), ask('merchant_name', 'address')))).toEqual([
      { merchant_name: 'PASARAYA SRI MAJU SDN BHD', address: '10-18,JLN KEBUDAYAAN 16,TMN U\n81300 JOHOR BAHRU.' },
    ]);
  });
});
