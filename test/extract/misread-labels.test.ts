import { describe, expect, it } from 'vitest';
import { classifyMisreadLabel, ocrDistance } from '../../src/extract/concepts/misread-labels.js';
import { extractFromContent } from '../../src/extract/layout/rows/extract-page.js';
import { DEFAULT_SETTINGS } from '../../src/extract/settings.js';
import { ask, page, rowsOf, scanned } from './helpers/requests.js';

const misread = (text: string, named: string[] = []) => [...classifyMisreadLabel(text, DEFAULT_SETTINGS, new Set(named)).keys()].sort();

describe('labels a scan misread', () => {
  it('costs a swap of like shapes less than another edit', () => {
    const m = DEFAULT_SETTINGS.concepts.misread;
    expect(ocrDistance('arnount', 'amount', m)).toBe(m.alikeCost);
    expect(ocrDistance('tota1', 'total', m)).toBe(m.alikeCost);
    expect(ocrDistance('towal', 'total', m)).toBe(1);
  });

  it('names the concept of the one label near, and nothing when two labels of other concepts are as near', () => {
    expect(misread('Rechnungsnurnmer')).toEqual(['invoice_number']);
    expect(misread('Gesarnt')).toEqual(['line_total', 'total_amount']);
    // "Towal" is a slip off "Total" and off the Polish "Towar" (the item): the table's other heads decide.
    expect(misread('Towal')).toEqual([]);
    expect(misread('Towal', ['description'])).toEqual(['line_total', 'total_amount']);
    // Words that are no label, a value with digits, and labels as read are not misread labels.
    for (const text of ['Water', 'Bread', 'Tonal GmbH', '12.50', 'T0 12', 'Total', 'Datum']) expect(misread(text)).toEqual([]);
  });

  const invoice: Parameters<typeof page>[0] = [
    [60, [[100, 'Rechnungsnurnmer:'], [300, 'RE-2024-0815']]],
    [80, [[100, 'Rechnungsdatum:'], [300, '12.03.2024']]],
    [140, [[100, 'Artikel'], [400, 'Menge'], [600, 'Gesarnt']]],
    [160, [[100, 'Schrauben M8'], [400, '4'], [600, '12,40']]],
    [180, [[100, 'Dübel 8 mm'], [400, '10'], [600, '3,90']]],
    [200, [[100, 'Winkel verzinkt'], [400, '2'], [600, '7,18']]],
  ];

  it('reads a document value under a label the scan misread, on a scan only', () => {
    expect(rowsOf(extractFromContent(scanned(page(invoice)), ask('invoice_number', 'invoice_date')))).toEqual([{ invoice_number: 'RE-2024-0815', invoice_date: '12.03.2024' }]);
    // A text layer's words are as printed: "Rechnungsnurnmer" is no label there.
    expect(rowsOf(extractFromContent(page(invoice), ask('invoice_number')))[0]?.invoice_number).not.toBe('RE-2024-0815');
  });

  it('names a column by a head the scan misread, on a scan only: a single item has no column of amounts to go by', () => {
    const single: Parameters<typeof page>[0] = [
      [60, [[100, 'Rechnung RE-2024-0815']]],
      [140, [[100, 'Beschreibung'], [400, 'Menge'], [500, 'Preis'], [600, 'Gesarnt']]],
      [160, [[100, 'Wartung Heizungsanlage'], [400, '1'], [500, '240,00'], [600, '240,00']]],
      [200, [[400, 'Summe'], [600, '240,00']]],
    ];
    const request = ask('description', 'quantity', 'unit_price', 'line_total');
    expect(rowsOf(extractFromContent(scanned(page(single)), request))).toEqual([{ description: 'Wartung Heizungsanlage', quantity: '1', unit_price: '240,00', line_total: '240,00' }]);
    expect(rowsOf(extractFromContent(page(single), request))[0]?.line_total).toBeNull();
  });

  it('takes a label printed as read over one a scan may have misread', () => {
    const receipt = scanned(
      page([
        [60, [[100, 'Rechnungsnurnmer'], [300, '4711']]],
        [80, [[100, 'Rechnungsnummer'], [300, 'RE-99']]],
      ]),
    );
    expect(rowsOf(extractFromContent(receipt, ask('invoice_number')))).toEqual([{ invoice_number: 'RE-99' }]);
  });
});
