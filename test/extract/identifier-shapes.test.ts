import { describe, expect, it } from 'vitest';
import { extractFromContent } from '../../src/extract/layout/rows/extract-page.js';
import { ask, page, scanned } from './helpers/requests.js';

/**
 * Identifiers a scan read a look-alike away from the shape their country prints (layout/values/identifier-shapes.ts):
 * sure to the recognizer, right by no arithmetic, they claim no more than an unsure reading.
 */
const invoice = (vat: string, iban: string) => page([
  [60, [[60, 'Harbour Supplies Ltd']]],
  [100, [[60, 'VAT No.'], [300, vat]]],
  [130, [[60, 'IBAN'], [300, iban]]],
  [160, [[60, 'Invoice No.'], [300, 'INV-2024-0042']]],
]);

const confidences = (vat: string, iban: string, ocr = true) => {
  const content = invoice(vat, iban);
  const r = extractFromContent(ocr ? scanned(content) : content, ask('seller_vat_id', 'iban', 'invoice_number'));
  if (!r.ok) throw new Error('no answer');
  const c = (n: string) => (r.rows[0][n] as { value: string | null; confidence?: number });
  return { vat: c('seller_vat_id'), iban: c('iban'), number: c('invoice_number') };
};

describe('identifiers a scan misread', () => {
  it('keeps ids that fit their country sure and caps those a look-alike slip away under 0.9', () => {
    const right = confidences('DE123456789', 'DE89 3704 0044 0532 0130 00');
    expect(right.vat.value).toBe('DE123456789');
    expect(right.vat.confidence).toBeGreaterThanOrEqual(0.9);
    expect(right.iban.confidence).toBeGreaterThanOrEqual(0.9);
    // A letter where Germany prints a digit, the country's letter lost, an IBAN's zero read as an O.
    expect(confidences('DE12345678S', 'DE89 3704 0044 O532 0130 00').vat.confidence).toBeLessThan(0.9);
    expect(confidences('E418229100', 'DE89 3704 0044 0532 0130 00').vat.confidence).toBeLessThan(0.9);
    const slipped = confidences('NL123456789B01', 'DE89 3704 0044 O532 0130 00');
    expect(slipped.vat.confidence).toBeGreaterThanOrEqual(0.9);
    expect(slipped.iban.confidence).toBeLessThan(0.9);
    expect(slipped.number.confidence).toBeGreaterThanOrEqual(0.9);
  });

  it('leaves national numbers and printed pages alone', () => {
    expect(confidences('B-12345678', 'GB82 WEST 1234 5698 7654 32').vat.confidence).toBeGreaterThanOrEqual(0.9);
    expect(confidences('123-456-78-90', 'GB82 WEST 1234 5698 7654 32').vat.confidence).toBeGreaterThanOrEqual(0.9);
    // A text layer prints what it prints.
    expect(confidences('DE12345678S', 'DE89 3704 0044 O532 0130 00', false).vat.confidence).toBeGreaterThanOrEqual(0.9);
  });

  it('caps a party\'s name read with a digit for a letter', () => {
    const receipt = (name: string) => page([
      [60, [[60, 'Sprzedawca:'], [300, name]]],
      [80, [[300, 'ul. Długa 12 Kraków']]],
      [120, [[60, 'Paragon nr'], [300, '4471']]],
    ]);
    const sure = (name: string) => {
      const r = extractFromContent(scanned(receipt(name)), ask('seller_name', 'receipt_number'));
      return r.ok ? (r.rows[0].seller_name as { value: string | null; confidence?: number }) : null;
    };
    expect(sure('PIEKARNIA NOWAK SP. Z O.O.')?.confidence).toBeGreaterThanOrEqual(0.9);
    expect(sure('PIEKARN1A NOWAK')?.confidence).toBeLessThan(0.9);
  });
});
