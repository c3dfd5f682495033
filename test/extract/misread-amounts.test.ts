import { describe, expect, it } from 'vitest';
import { extractFromContent } from '../../src/extract/layout/rows/extract-page.js';
import type { PageContent } from '../../src/extract/read/page-content.js';
import type { ExtractResult } from '../../src/extract/types.js';
import { ask, page, rowsOf, scanned } from './helpers/requests.js';
import type { TypesetLine } from './helpers/words.js';

/** `content` as a scan reads it: the words in `unsure` at 0.5, the rest at `sure`. */
const doubted = (content: PageContent, unsure: string[], sure?: number) => scanned(content, Object.fromEntries(unsure.map((text) => [text, 0.5])), sure);

/** A scanned receipt's item table: every word read at `sure`, the cells listed in `unsure` at 0.5. */
function receipt(items: Array<[string, string, string, string]>, unsure: string[] = [], sure = 0.93) {
  const content = page([
    [100, [[60, 'Item'], [400, 'Qty'], [500, 'Price'], [650, 'Amount']]],
    ...items.map(([d, q, p, t], k): TypesetLine => [125 + k * 25, [[60, d], [400, q], [500, p], [650, t]]]),
  ]);
  return doubted(content, unsure, sure);
}

const lineRequest = ask('description', 'quantity', 'unit_price', 'line_total');
const confidences = (r: ExtractResult, field: string) => (r.ok ? r.rows.map((row) => ('confidence' in row[field] ? row[field].confidence : undefined)) : []);

describe('amounts a scan misread, repaired only where the row adds up', () => {
  it('sets stray and doubled marks right when quantity × unit price confirms the one reading', () => {
    const r = extractFromContent(receipt([
      ['Milk', '2', '3.79', '7..58'],
      ['Bread', '1:', '5.99', '5.99'],
      ['Eggs', '1', '5:99', '5.99'],
      ['Tea', '2', '3.79', '7-58'],
    ]), lineRequest);
    expect(rowsOf(r).map((row) => [row.quantity, row.unit_price, row.line_total])).toEqual([
      ['2', '3.79', '7.58'],
      ['1', '5.99', '5.99'],
      ['1', '5.99', '5.99'],
      ['2', '3.79', '7.58'],
    ]);
    // A repaired value says so: worth a look, never sure.
    expect(confidences(r, 'line_total')[0]).toBeLessThan(0.9);
    expect(confidences(r, 'line_total')[0]).toBeGreaterThanOrEqual(0.5);
    expect(confidences(r, 'quantity')[1]).toBeLessThan(0.9);
  });

  it('keeps the decimal comma of the page when it repairs a mark', () => {
    const r = extractFromContent(receipt([['Milch', '2', '3,79', '7..58'], ['Brot', '1', '1,99', '1,99']]), lineRequest);
    expect(rowsOf(r)[0].line_total).toBe('7,58');
  });

  it('leaves a malformed value as read, with low confidence, when the arithmetic cannot tell', () => {
    // 2 × 3.79 is not 11.99 in any reading of the marks.
    const r = extractFromContent(receipt([['Milk', '2', '3.79', '11:99'], ['Bread', '1', '5.99', '5.99']]), lineRequest);
    expect(rowsOf(r)[0].line_total).toBe('11:99');
    expect(confidences(r, 'line_total')[0]).toBeLessThan(0.5);
  });

  it('takes a digit an unsure word misread for its look-alike only when one value explains the row', () => {
    // Only the total was doubted: 1 × 5.99 confirms 5.99 for the printed 3.99.
    const one = extractFromContent(receipt([['Soap', '1', '5.99', '3.99'], ['Bread', '1', '2.49', '2.49']], ['3.99']), lineRequest);
    expect(rowsOf(one)[0].line_total).toBe('5.99');
    expect(confidences(one, 'line_total')[0]).toBeLessThan(0.9);
    // Price and total both doubted: either may be the misread one, so nothing is repaired and both lose confidence.
    const two = extractFromContent(receipt([['Soap', '1', '5.99', '3.99'], ['Bread', '1', '2.49', '2.49']], ['3.99', '5.99']), lineRequest);
    expect(rowsOf(two)[0]).toMatchObject({ unit_price: '5.99', line_total: '3.99' });
    expect(confidences(two, 'line_total')[0]).toBeLessThan(0.5);
    // A sure word is what was printed: no look-alike is tried, the disagreement only lowers confidence.
    const sure = extractFromContent(receipt([['Soap', '1', '5.99', '3.99'], ['Bread', '1', '2.49', '2.49']]), lineRequest);
    expect(rowsOf(sure)[0].line_total).toBe('3.99');
    expect(confidences(sure, 'line_total')[0]).toBeLessThan(confidences(sure, 'line_total')[1]! - 0.1);
  });

  it('never claims 0.9 for a value the recognizer doubted, even when the row adds up', () => {
    const r = extractFromContent(receipt([['Milk', '2', '3.79', '7.58'], ['Bread', '1', '5.99', '5.99']], ['7.58']), lineRequest);
    expect(rowsOf(r)[0].line_total).toBe('7.58');
    expect(confidences(r, 'line_total')[0]).toBeLessThan(0.9);
    expect(confidences(r, 'line_total')[1]).toBeGreaterThanOrEqual(0.9);
  });

  /** A scanned receipt's list under its name, closed by `closing` (label and amount lines). */
  const list = (closing: Array<[string, string]>) =>
    page([
      [20, [[60, 'CORNER SHOP']]],
      [80, [[60, 'Milk'], [650, '7..58']]],
      [92, [[80, '2 x 3.79']]],
      [105, [[60, 'Soap'], [650, '5.99']]],
      [118, [[60, 'Tea'], [650, '5:99']]],
      ...closing.map(([label, amount], k): TypesetLine => [160 + k * 20, [[60, label], [650, amount]]]),
    ]);

  it('sets a receipt list amount right by the quantity line beside it, and leaves one nothing confirms as read and unsure', () => {
    // 7.58 + 5.99 + 5.99 is not 20.56: the total confirms no reading of "5:99".
    const r = extractFromContent(list([['TOTAL', '20.56']]), lineRequest);
    expect(rowsOf(r)).toEqual([
      { description: 'Milk', quantity: '2', unit_price: '3.79', line_total: '7.58' },
      { description: 'Soap', quantity: null, unit_price: null, line_total: '5.99' },
      { description: 'Tea', quantity: null, unit_price: null, line_total: '5:99' },
    ]);
    const sure = confidences(r, 'line_total');
    expect(sure[0]).toBeLessThan(0.9);
    expect(sure[2]).toBeLessThan(sure[1]!);
    expect(sure[2]).toBeLessThan(0.5);
  });

  it('sets a list amount\'s marks right where the list adds up to its subtotal or total with one reading only', () => {
    for (const closing of [[['TOTAL', '19.56']], [['SUBTOTAL', '19.56'], ['TAX 6%', '1.17'], ['TOTAL', '20.73']]] as Array<Array<[string, string]>>) {
      const r = extractFromContent(list(closing), lineRequest);
      expect(rowsOf(r).map((row) => row.line_total)).toEqual(['7.58', '5.99', '5.99']);
      // Repaired by a sum: worth a look, never sure.
      expect(confidences(r, 'line_total')[2]).toBeLessThan(0.9);
      expect(confidences(r, 'line_total')[2]).toBeGreaterThanOrEqual(0.5);
    }
  });
});

describe('a receipt\'s closing lines are not items', () => {
  const closing: TypesetLine[] = [
    [120, [[60, 'SUBTOTAL'], [650, '13.57']]],
    [140, [[60, 'TAX'], [650, '0.46']]],
    [160, [[60, 'TOTAL'], [650, '14.03']]],
    [180, [[60, 'VISA ***%4427]'], [650, '14.03']]],
    [200, [[60, 'CHANGE'], [650, '0.00']]],
  ];
  it('drops tax, payment, card and change lines set in the item columns', () => {
    const itemFirst = page([
      [60, [[60, 'Item'], [350, 'Qty'], [500, 'Price'], [650, 'Amount']]],
      [80, [[60, 'Milk'], [350, '2'], [500, '3.79'], [650, '7.58']]],
      [100, [[60, 'Soap'], [350, '1'], [500, '5.99'], [650, '5.99']]],
      ...closing,
    ]);
    expect(rowsOf(extractFromContent(itemFirst, lineRequest)).map((r) => r.description)).toEqual(['Milk', 'Soap']);
    const countFirst = page([
      [60, [[60, 'Qty'], [150, 'Item'], [500, 'Price'], [650, 'Amount']]],
      [80, [[60, '2'], [150, 'Milk'], [500, '3.79'], [650, '7.58']]],
      [100, [[60, '1'], [150, 'Soap'], [500, '5.99'], [650, '5.99']]],
      ...closing.map(([y, [[, label], amount]]): TypesetLine => [y, [[150, label], amount]]),
    ]);
    expect(rowsOf(extractFromContent(countFirst, ask('description', 'line_total'))).map((r) => r.description)).toEqual(['Milk', 'Soap']);
  });

  it('keeps an item whose name starts like a summary label while no summary came above it', () => {
    const r = extractFromContent(page([
      [60, [[60, 'Service'], [650, 'Amount']]],
      [80, [[60, 'Tax advice'], [650, '300.00']]],
      [100, [[60, 'Bookkeeping'], [650, '120.00']]],
      [120, [[60, 'Payroll'], [650, '80.00']]],
    ]), ask('description', 'line_total'));
    expect(rowsOf(r).map((row) => row.description)).toEqual(['Tax advice', 'Bookkeeping', 'Payroll']);
  });
});

describe('a receipt\'s totals checked by subtotal + tax = total', () => {
  /** A receipt's closing block, each word read at 0.93 but those listed in `unsure` (0.5). */
  const totals = (subtotal: string, tax: string, total: string, unsure: string[] = []) => {
    const content = page([
      [20, [[60, 'CORNER SHOP']]],
      [80, [[60, 'Milk'], [650, '29.00']]],
      [100, [[60, 'Bread'], [650, '2.18']]],
      [140, [[60, 'SUBTOTAL'], [650, subtotal]]],
      [160, [[60, 'TAX'], [650, tax]]],
      [180, [[60, 'TOTAL'], [650, total]]],
    ]);
    return doubted(content, unsure);
  };
  const request = ask('subtotal', 'tax_amount', 'total_amount');
  const valueOf = (r: ExtractResult, field: string) => (r.ok && 'value' in r.rows[0][field] ? r.rows[0][field] : null);

  it('sets right the one value a scan doubted when exactly one reading of it adds up', () => {
    // 31.18 + 1.87 = 33.05: the doubted total's 8 was a 0.
    const r = extractFromContent(totals('31.18', '1.87', '33.85', ['33.85']), request);
    expect(rowsOf(r)[0]).toEqual({ subtotal: '31.18', tax_amount: '1.87', total_amount: '33.05' });
    // Repaired: worth a look, never sure.
    expect(valueOf(r, 'total_amount')?.confidence).toBeLessThan(0.9);
    expect(valueOf(r, 'total_amount')?.confidence).toBeGreaterThanOrEqual(0.5);
  });

  it('lets a scanned total claim 0.9 only when a sum confirms it; a text layer\'s total is as printed', () => {
    const alone = (confidence?: number) => {
      const content = page([[180, [[60, 'TOTAL'], [650, '33.05']]]]);
      return confidence === undefined ? content : scanned(content, {}, confidence);
    };
    expect(valueOf(extractFromContent(alone(0.93), ask('total_amount')), 'total_amount')!.confidence!).toBeLessThan(0.9);
    expect(valueOf(extractFromContent(alone(), ask('total_amount')), 'total_amount')!.confidence!).toBeGreaterThanOrEqual(0.9);
    expect(valueOf(extractFromContent(totals('31.18', '1.87', '33.05'), request), 'total_amount')!.confidence!).toBeGreaterThanOrEqual(0.9);
  });

  it('takes the total whose label means the amount before tax on other tills when only that way the sum holds', () => {
    const content = page([
      [20, [[60, 'HARDWARE SDN BHD']]],
      [80, [[60, 'AIR ADAPTOR'], [650, '20.00']]],
      [120, [[60, 'Total (MYR):'], [650, '20.00']]],
      [140, [[60, 'GST @ 6% :'], [650, '1.20']]],
      [160, [[60, 'Net Total (MYR) :'], [650, '21.20']]],
    ]);
    expect(rowsOf(extractFromContent(content, request))[0]).toEqual({ subtotal: '20.00', tax_amount: '1.20', total_amount: '21.20' });
    // Where the labels add up as printed, they are taken as printed.
    const european = page([
      [120, [[60, 'Net Total'], [650, '20.00']]],
      [140, [[60, 'VAT 6%'], [650, '1.20']]],
      [160, [[60, 'Total'], [650, '21.20']]],
    ]);
    expect(rowsOf(extractFromContent(european, request))[0]).toEqual({ subtotal: '20.00', tax_amount: '1.20', total_amount: '21.20' });
  });

  it('counts the rounding of a cash payment in the sum, and sets right a doubted total by it', () => {
    const rounded = (total: string, unsure: string[] = []) => {
      const content = page([
        [120, [[60, 'Total Sales (Excluding GST)'], [650, '95.17']]],
        [140, [[60, 'Total GST :'], [650, '5.71']]],
        [160, [[60, 'Rounding :'], [650, '0.02']]],
        [180, [[60, 'Total Sales (Inclusive of GST)'], [650, total]]],
      ]);
      return doubted(content, unsure);
    };
    const agreeing = extractFromContent(rounded('100.90'), request);
    expect(rowsOf(agreeing)[0]).toEqual({ subtotal: '95.17', tax_amount: '5.71', total_amount: '100.90' });
    // A sum that needs the rounding line chooses the total without confirming it.
    expect(valueOf(agreeing, 'total_amount')!.confidence!).toBeLessThan(0.9);
    // 95.17 + 5.71 + 0.02 = 100.90: the doubted 8 was a 9.
    expect(rowsOf(extractFromContent(rounded('100.80', ['100.80']), request))[0].total_amount).toBe('100.90');
  });

  it('takes the amount paid for the total where a rounding line follows it: printed further down, or worked out', () => {
    const paid = (after: Array<[number, Array<[number, string]>]>) =>
      page([
        [120, [[60, 'Total :'], [650, '87.08']]],
        [140, [[60, 'Rounding Adjustment:'], [650, '0.02']]],
        ...after,
      ]);
    expect(rowsOf(extractFromContent(paid([[160, [[60, 'Amount To Be Paid :'], [650, '87.10']]]]), ask('total_amount')))[0]).toEqual({ total_amount: '87.10' });
    const workedOut = extractFromContent(paid([[160, [[60, 'Thank you']]]]), ask('total_amount'));
    expect(rowsOf(workedOut)[0]).toEqual({ total_amount: '87.10' });
    expect(valueOf(workedOut, 'total_amount')!.confidence!).toBeLessThan(0.9);
    // A rounding line over the total is in it already.
    const over = page([[120, [[60, 'Rounding Adjustment:'], [650, '0.02']]], [140, [[60, 'Total :'], [650, '87.10']]]]);
    expect(rowsOf(extractFromContent(over, ask('total_amount')))[0]).toEqual({ total_amount: '87.10' });
  });

  it('leaves the totals as read, less sure, when the words were read surely or two readings add up', () => {
    const asRead = extractFromContent(totals('31.18', '1.87', '33.85'), request);
    const agreeing = extractFromContent(totals('31.18', '1.87', '33.05'), request);
    expect(rowsOf(asRead)[0].total_amount).toBe('33.85');
    expect(valueOf(asRead, 'total_amount')!.confidence!).toBeLessThan(valueOf(agreeing, 'total_amount')!.confidence! - 0.1);
    // Subtotal and total both doubted: 31.18 + 1.87 = 33.05 and 31.78 + 1.87 = 33.65 explain it as cheaply, so neither is taken.
    const two = extractFromContent(totals('31.18', '1.87', '33.65', ['31.18', '33.65']), request);
    expect(rowsOf(two)[0]).toEqual({ subtotal: '31.18', tax_amount: '1.87', total_amount: '33.65' });
    expect(valueOf(two, 'total_amount')!.confidence!).toBeLessThan(0.9);
  });
});
