import { describe, expect, it } from 'vitest';
import { resolveConcept } from '../../src/extract/concepts/index.js';
import { asksForLines, headerScore } from '../../src/extract/layout/columns/column-mapping.js';
import { DEFAULT_SETTINGS } from '../../src/extract/settings.js';

const field = (name: string) => ({ name, kind: undefined, concept: resolveConcept(name) });

describe('column heads in seven languages', () => {
  it('maps statement, payslip and packing-list heads to the requested snake_case fields', () => {
    const cases: Array<[string, string]> = [
      ['description', 'Mededelingen'], ['description', 'Descrizione operazione'], ['description', 'Lohnart'], ['description', 'Rubrica'],
      ['unit_price', 'Rate'], ['value_date', 'Rentedatum'], ['debit', 'Saída'], ['credit', 'Gutschrift'], ['rate', 'Uurloon'], ['line_total', 'Imponibile'],
    ];
    for (const [name, head] of cases) expect(headerScore(field(name), head, DEFAULT_SETTINGS), `${name} ← ${head}`).toBeGreaterThanOrEqual(0.9);
  });

  it('lets a document-level name take its column counterpart only when line fields are asked too', () => {
    const request = ['date', 'description', 'debit', 'credit', 'balance'].map(field);
    expect(asksForLines(request)).toBe(true);
    expect(headerScore(field('date'), 'Boekingsdatum', DEFAULT_SETTINGS, true)).toBeCloseTo(0.9);
    expect(headerScore(field('date'), 'Data contabile', DEFAULT_SETTINGS, true)).toBeCloseTo(0.9);
    expect(headerScore(field('net_weight'), 'Nettogew. kg', DEFAULT_SETTINGS, true)).toBeCloseTo(0.9);
    expect(headerScore(field('packages'), 'Cartons', DEFAULT_SETTINGS, true)).toBeCloseTo(0.9);
    expect(headerScore(field('discount'), 'Rabatt %', DEFAULT_SETTINGS, true)).toBeCloseTo(0.9);
    // Asked alone, the document's net weight is no item's column ("Netto (kg)" heads the items).
    expect(asksForLines(['net_weight', 'gross_weight', 'ship_date'].map(field))).toBe(false);
    expect(headerScore(field('net_weight'), 'Netto (kg)', DEFAULT_SETTINGS, false)).toBe(0);
  });
});
