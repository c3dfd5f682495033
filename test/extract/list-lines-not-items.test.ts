import { describe, expect, it } from 'vitest';
import { ask, readRows } from './helpers/requests.js';
import type { TypesetLine } from './helpers/words.js';

const LINE_FIELDS = ask('description', 'quantity', 'unit_price', 'line_total');
/** The rows of `lines` read for the line columns that hold a line total. */
const itemsOf = (lines: TypesetLine[]) => readRows(lines, LINE_FIELDS).filter((r) => r.line_total !== null);

/**
 * An invoice's first page printed from its XML: the parties' details, each a label and its value, the items on the
 * next page. A label's value ending in a number ("Abrechnung 2010", "Musterstraße 42") is no item's amount, whether
 * the columns are asked by name or inferred.
 */
const detailsPage: TypesetLine[] = [
  [100, [[80, 'Rechnung Nr. 471102 vom 13.06.2018']]],
  [140, [[80, 'Weitere Referenz:'], [300, 'Abrechnung 2010']]],
  [160, [[80, 'Globale Nummer:'], [300, '4000001123452']]],
  [200, [[80, 'Name:'], [300, 'Grundbesitz GmbH & Co.']]],
  [220, [[80, 'Anschrift:'], [300, 'Musterstraße 42']]],
  [240, [[80, 'Telefon:'], [300, '+49891234567']]],
  [280, [[80, 'Anschrift:'], [300, 'Lieferantenstraße 40']]],
];

describe('label lines on a page without items', () => {
  it('give no item to a request naming the columns', () => {
    expect(itemsOf(detailsPage)).toEqual([]);
  });
});

/**
 * An invoice's last page: the document's totals, each under its label, the items on the page before. A line among
 * the totals that no catalogue label names ("Erhaltene Anzahlungen", the advance payments) is closed by the total due
 * under it as a single item would be, but it stands after the totals above it: it is one of them, not a list of one.
 */
const totalsPage: TypesetLine[] = [
  [80, [[80, 'Belegsummen:']]],
  [100, [[480, 'Positionssumme'], [850, '473,00']]],
  [120, [[480, 'Rechnungssumme ohne USt.'], [850, '473,00']]],
  [140, [[480, 'Steuerbetrag'], [860, '56,87']]],
  [160, [[480, 'Bruttosumme'], [850, '529,87']]],
  [180, [[480, 'Erhaltene Anzahlungen'], [850, '-50,00']]],
  [200, [[480, 'Zahlbetrag'], [850, '479,87']]],
];

describe('a line among the totals', () => {
  it('is no item of a request naming the columns', () => {
    expect(itemsOf(totalsPage)).toEqual([]);
  });
});

/** A single item closed by its total, no total above it, stays an item. */
const oneItem: TypesetLine[] = [
  [100, [[80, 'Apfelsaft'], [850, '36,60']]],
  [120, [[80, 'Summe'], [850, '36,60']]],
];

describe('a single item over its total', () => {
  it('is read as the list of one', () => {
    const rows = readRows(oneItem, ask('description', 'line_total'));
    expect(rows).toEqual([{ description: 'Apfelsaft', line_total: '36,60' }]);
  });
});
