import { describe, expect, it } from 'vitest';
import { calibration, calibrationChecks, normalizeValue, scoreDocument, summarize } from '../../bench/lib/business/evaluate.js';
import { generateBusinessDoc, type BusinessDoc } from '../../bench/lib/business/index.js';
import { plainAmount } from '../../bench/lib/kie-dev.js';
import type { Engine, EnginePage, ExtractRequest, ExtractResult } from '../../src/extract/types.js';

/** An engine that answers from the truth (page 1 only), optionally spoiling one field: checks the bench's scoring, not an engine. */
function oracle(doc: BusinessDoc, spoil?: { key: string; value: string }): Engine {
  return {
    name: 'oracle',
    async extract(page: EnginePage, request: ExtractRequest): Promise<ExtractResult> {
      const names = request.fields.map((f) => f.name);
      if (page !== first) return { ok: true, fields: names, rows: [] };
      const cell = (value: string) => ({ value, box: null, confidence: value === spoil?.value ? 0.2 : 0.95 });
      const lines = doc.request.lines;
      // No fields: the truth's columns in reverse order under other names, and a column of junk the scorer must ignore.
      if (!names.length) {
        const inferred = [...doc.lineColumns].reverse();
        return { ok: true, fields: [...inferred.map((k) => `col ${k}`), 'junk'], rows: doc.lines.map((row) => ({ ...Object.fromEntries(inferred.map((k) => [`col ${k}`, cell(row[k])])), junk: cell('?') })) };
      }
      if (names.length === lines.length && names.every((n, i) => n === lines[i].name)) {
        return { ok: true, fields: names, rows: doc.lines.map((row) => Object.fromEntries(lines.map((f) => [f.name, cell(row[f.key])]))) };
      }
      const value = (key: string) => (key === spoil?.key ? spoil.value : doc.fields[key]);
      return { ok: true, fields: names, rows: [Object.fromEntries(doc.request.fields.map((f) => [f.name, cell(value(f.key))]))] };
    },
  };
}

const first: EnginePage = { image: new Uint8Array(), textLayer: null };
const second: EnginePage = { image: new Uint8Array(), textLayer: null };

describe('business bench scoring', () => {
  it('gives an engine that answers the truth full marks over all pages, and counts a wrong field as wrong', async () => {
    const doc = await generateBusinessDoc({ seed: 4, kind: 'invoice', lang: 'fr' });
    const perfect = summarize([await scoreDocument(oracle(doc), doc, [first, second], 'fast')]);
    expect(perfect.fields.accuracy).toBe(1);
    expect(perfect.line_items.f1).toBe(1);
    // Inferred columns are matched to the truth's by content, whatever their order and names; a column matching none is left out.
    expect(perfect.line_items_inferred.f1).toBe(1);
    expect(perfect.one_row_share).toBe(1);

    const spoiled = await scoreDocument(oracle(doc, { key: 'invoice_number', value: 'X-0' }), doc, [first, second], 'fast');
    expect(spoiled.fieldsRight).toBe(spoiled.fieldsTotal - 1);
    expect(spoiled.wrong).toEqual({ invoice_number: [doc.fields.invoice_number, 'X-0'] });
    const table = calibration(spoiled.confidence);
    expect(table['<0.5']).toEqual({ values: 1, right: 0, share_right: 0 });
    expect(table['>=0.9'].share_right).toBe(1);
  });

  it('tells whether the share right rises with confidence and how many values reach 0.9', () => {
    const points = (confidence: number, right: number, wrong: number) => [
      ...Array.from({ length: right }, () => ({ confidence, right: true })),
      ...Array.from({ length: wrong }, () => ({ confidence, right: false })),
    ];
    const rising = calibrationChecks(calibration([...points(0.3, 1, 3), ...points(0.6, 2, 2), ...points(0.95, 4, 0)]));
    // The 0.7-0.9 bin is empty and skipped.
    expect(rising).toEqual({ rising: true, first_fall: null, shares: [0.25, 0.5, 1], at_0_9: 4, values: 12, coverage: 0.333 });
    const falling = calibrationChecks(calibration([...points(0.3, 1, 3), ...points(0.6, 3, 1), ...points(0.8, 1, 1), ...points(0.92, 5, 0)]));
    expect(falling.rising).toBe(false);
    expect(falling.first_fall).toBe('0.7-0.9');
    expect(falling.coverage).toBe(0.333);
  });

  it('compares amounts without their currency mark, percent signs with or without a space, text without case or spacing', () => {
    expect(normalizeValue('total_amount', '1.234,56 €')).toBe(normalizeValue('total_amount', '1.234,56'));
    expect(normalizeValue('amount_due', 'EUR  12.50')).toBe('12.50');
    expect(normalizeValue('tax_rate', '19 %')).toBe('19%');
    expect(normalizeValue('seller_name', ' Müller  GmbH ')).toBe('müller gmbh');
    // Numbers are compared as printed: a different convention is a different value.
    expect(normalizeValue('total_amount', '1234.56')).not.toBe(normalizeValue('total_amount', '1.234,56'));
    // Only amounts lose a currency code: an invoice number ending in EUR keeps it.
    expect(normalizeValue('invoice_number', 'INV-12 EUR')).toBe('inv-12 eur');
  });

  it('reads an inferred amount of the real sets as the plain number their truth writes, by the page language', () => {
    expect(plainAmount('1.234,50 €', 'de')).toBe('1234.50');
    expect(plainAmount('1,234.50', 'en')).toBe('1234.50');
    expect(plainAmount('2,000', 'de')).toBe('2.000');
    expect(plainAmount('2,000', 'en')).toBe('2000');
    expect(plainAmount('12,50-', 'fr')).toBe('-12.50');
    // Not amounts: kept as printed.
    expect(plainAmount('05.03.2018', 'de')).toBe('05.03.2018');
    expect(plainAmount('Kabel 2,5 mm', 'de')).toBe('Kabel 2,5 mm');
  });
});
