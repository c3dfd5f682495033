import { describe, expect, it } from 'vitest';
import { extractFromContent } from '../../src/extract/layout/rows/extract-page.js';
import { ask, page, rowsOf, scanned } from './helpers/requests.js';
import type { TypesetLine } from './helpers/words.js';

/** A receipt written as its lines, cells parted by "|" and set at three tab stops, a line every 14 units. */
const receipt = (text: string) =>
  page(text.trim().split('\n').map((row, i): TypesetLine => [100 + 14 * i, row.split('|').map((cell, k): [number, string] => [[50, 400, 820][k], cell.trim()]).filter(([, cell]) => cell)]));

/** Issue 28 (fields on real receipts): which of a till's printed labels names its total. */
describe('the total under a label naming it alone', () => {
  it('outranks a tax summary’s "AMOUNT" printed lower down, a word that heads item columns too', () => {
    const lines = receipt(`
      KEDAI BUKU CERIA SDN BHD
      EXERCISE BOOK 120 | | 23.40
      WORKER CARD 100 | | 12.40
      TOTAL SALES INCLUSIVE GST | | 35.80
      GST SUMMARY | AMOUNT 3.60 (RM) | TAX 0.20`);
    expect(rowsOf(extractFromContent(scanned(lines), ask('merchant_name', 'total')))).toEqual([{ merchant_name: 'KEDAI BUKU CERIA SDN BHD', total: '35.80' }]);
  });
});
