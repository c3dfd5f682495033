import { describe, expect, it } from 'vitest';
import { extractFromContent } from '../../src/extract/layout/rows/extract-page.js';
import { findLabeledValue } from '../../src/extract/layout/fields/record-fields.js';
import { groupWordsIntoLines } from '../../src/extract/layout/lines/lines.js';
import type { ExtractRequest } from '../../src/extract/types.js';
import { typeset } from './helpers/words.js';
import { DEFAULT_SETTINGS } from '../../src/extract/settings.js';

const invoice = typeset([
  [40, [[50, 'Invoice No: INV-0042'], [600, 'Date']]],
  [55, [[600, '05/03/2024']]],
  [70, [[50, 'Customer:'], [200, 'Contoso Ltd']]],
  [120, [[50, 'Description'], [400, 'Qty'], [500, 'Unit Price'], [650, 'Amount']]],
  [145, [[50, 'Blue widget'], [400, '2'], [500, '10.00'], [650, '20.00']]],
  [170, [[50, 'Red widget'], [400, '1'], [500, '1,250.00'], [650, '1,250.00']]],
  [200, [[500, 'Subtotal'], [650, '1,270.00']]],
  [225, [[500, 'Total'], [650, '1,270.00']]],
]);

const request = (fields: Array<[string, string?]>, global = ''): ExtractRequest => ({
  fields: fields.map(([name, formatRequirement]) => ({ name, formatRequirement: formatRequirement ?? '' })),
  globalFormatRequirement: global,
  quality: 'fast',
});

const values = (result: ReturnType<typeof extractFromContent>) =>
  result.ok ? result.rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, 'value' in v ? v.value : v.box]))) : result;

describe('record-level fields', () => {
  const lines = groupWordsIntoLines(invoice, 1);
  it('reads "Label: value", a value right of its label and a value under its label', () => {
    expect(findLabeledValue('Invoice Number', undefined, lines, new Set(), DEFAULT_SETTINGS)?.value).toBe('INV-0042');
    expect(findLabeledValue('Customer', undefined, lines, new Set(), DEFAULT_SETTINGS)?.value).toBe('Contoso Ltd');
    expect(findLabeledValue('Invoice Date', 'date', lines, new Set(), DEFAULT_SETTINGS)?.value).toBe('05/03/2024');
  });

  it('takes a label naming part of the field only with a colon or a data value, and never a number as a label', () => {
    const page = groupWordsIntoLines(
      typeset([
        [40, [[50, 'Ref:'], [150, 'AB-12']]],
        [60, [[50, 'Issued'], [150, '05/03/2024']]],
        [100, [[300, '1996'], [400, '1993']]],
        [115, [[50, 'Austria'], [300, '59'], [400, '54']]],
        [130, [[50, 'Belgium'], [300, '62'], [400, '60']]],
        [170, [[50, 'EH'], [150, 'European Handbook']]],
      ]),
      1,
    );
    expect(findLabeledValue('Order Ref', undefined, page, new Set(), DEFAULT_SETTINGS)?.value).toBe('AB-12');
    expect(findLabeledValue('Issued on', undefined, page, new Set(), DEFAULT_SETTINGS)?.value).toBe('05/03/2024');
    expect(findLabeledValue('EH 1996', undefined, page, new Set(), DEFAULT_SETTINGS)).toBeNull();
  });
});

describe('page extraction', () => {
  const content = { words: invoice, rules: [], pictures: [{ x1: 0.8, y1: 0.02, x2: 0.95, y2: 0.08 }], aspect: 1 };

  it('mixes table columns and record values: every row carries the record values, summary rows dropped', () => {
    const result = extractFromContent(content, request([['Invoice No'], ['Item'], ['Quantity'], ['Amount', '2 decimals, no thousands separator'], ['Date', 'YYYY-MM-DD']]));
    expect(result.ok && result.fields).toEqual(['Invoice No', 'Item', 'Quantity', 'Amount', 'Date']);
    expect(values(result)).toEqual([
      { 'Invoice No': 'INV-0042', Item: 'Blue widget', Quantity: '2', Amount: '20.00', Date: '2024-03-05' },
      { 'Invoice No': 'INV-0042', Item: 'Red widget', Quantity: '1', Amount: '1250.00', Date: '2024-03-05' },
    ]);
  });

  it('gives every value the box of the words it came from, and its confidence (a header naming the field exactly)', () => {
    const result = extractFromContent(content, request([['Qty']]));
    expect(result.ok && result.rows[0].Qty).toEqual({ value: '2', box: { x1: 0.4, y1: 0.145, x2: 0.406, y2: 0.155 }, confidence: 1 });
  });

  it('returns one row of record values when no table matches', () => {
    const result = extractFromContent(content, request([['Customer'], ['Invoice No'], ['PO Number']]));
    expect(values(result)).toEqual([{ Customer: 'Contoso Ltd', 'Invoice No': 'INV-0042', 'PO Number': null }]);
  });

  it('infers columns from the main table when no fields are given', () => {
    const result = extractFromContent(content, request([]));
    expect(result.ok && result.fields).toEqual(['Description', 'Qty', 'Unit Price', 'Amount']);
    expect(result.ok && result.rows).toHaveLength(2);
  });

  it('locates pure-location fields as image regions', () => {
    const result = extractFromContent(content, request([['Company logo'], ['Invoice No']]));
    expect(result.ok && result.rows[0]['Company logo']).toEqual({ type: 'image_region', box: { x1: 0.8, y1: 0.02, x2: 0.95, y2: 0.08 } });
  });

  it('fails with no_content on an empty page', () => {
    expect(extractFromContent({ words: [], rules: [], pictures: [], aspect: 1 }, request([]))).toEqual({
      ok: false,
      failure: { code: 'no_content', message: 'No readable text was found on the page.' },
    });
  });
});
