import { describe, expect, it } from 'vitest';
import { extractFromContent } from '../../src/extract/layout/rows/extract-page.js';
import type { ExtractResult, Word } from '../../src/extract/types.js';
import { typeset } from './helpers/words.js';
import { ask, askWith } from './helpers/requests.js';

/** A receipt's lines as OCR read them, every word at `sureness`. */
function receipt(lines: Parameters<typeof typeset>[0], sureness = 0.93) {
  const words: Word[] = typeset(lines).map((w) => ({ ...w, confidence: sureness }));
  return { words, rules: [], pictures: [], aspect: 0.5 };
}

const confidence = (r: ExtractResult, name: string) => (r.ok ? (r.rows[0][name] as { confidence?: number }).confidence ?? NaN : NaN);
const value = (r: ExtractResult, name: string) => (r.ok ? (r.rows[0][name] as { value: string | null }).value : null);

const HEAD: Parameters<typeof typeset>[0] = [
  [40, [[100, 'KEDAI RUNCIT MAJU SDN BHD']]],
  [60, [[100, 'NO 12 JALAN BESAR']]],
  [80, [[100, '43000 KAJANG']]],
];

describe('honest confidence: a document date the page prints as its only date', () => {
  it('is sure unlabelled when it is the only day the page prints, once or twice', () => {
    const once = extractFromContent(receipt([...HEAD, [120, [[100, '14/03/2018'], [300, '10:22']]], [160, [[100, 'TOTAL'], [300, '12.50']]]]), ask('date'));
    expect(value(once, 'date')).toBe('14/03/2018');
    expect(confidence(once, 'date')).toBeGreaterThanOrEqual(0.9);
    const twice = extractFromContent(receipt([...HEAD, [120, [[100, '14/03/2018']]], [160, [[100, 'TOTAL'], [300, '12.50']]], [200, [[100, '14-03-2018 10:22']]]]), ask('date'));
    expect(confidence(twice, 'date')).toBeGreaterThanOrEqual(0.9);
  });

  it('stays a guess when the page prints another day, and under 0.9 when its reading was unsure', () => {
    const two = extractFromContent(receipt([...HEAD, [120, [[100, '14/03/2018']]], [160, [[100, 'TOTAL'], [300, '12.50']]], [200, [[100, 'VALID UNTIL 31/03/2018']]]]), ask('date'));
    expect(value(two, 'date')).toBe('14/03/2018');
    expect(confidence(two, 'date')).toBeLessThan(0.5);
    const unsure = extractFromContent(receipt([...HEAD, [120, [[100, '14/03/2018']]], [160, [[100, 'TOTAL'], [300, '12.50']]]], 0.6), ask('date'));
    expect(confidence(unsure, 'date')).toBeLessThan(0.9);
  });
});

describe('honest confidence: arithmetic and the shape of a column', () => {
  it('leaves a total the subtotal and tax contradict at most half sure', () => {
    const lines: Parameters<typeof typeset>[0] = [...HEAD, [120, [[100, 'SUBTOTAL'], [300, '10.00']]], [140, [[100, 'TAX'], [300, '0.60']]], [160, [[100, 'TOTAL'], [300, '12.50']]]];
    const r = extractFromContent(receipt(lines), ask('total'));
    expect(value(r, 'total')).toBe('12.50');
    expect(confidence(r, 'total')).toBeLessThanOrEqual(0.5);
    const adds = extractFromContent(receipt(lines.map(([y, cells]) => [y, cells.map(([x, t]) => [x, t === '12.50' ? '10.60' : t])])), ask('total'));
    expect(confidence(adds, 'total')).toBeGreaterThanOrEqual(0.9);
  });

  it('keeps a code column sure when its cells are codes, and not when they are words with a number under the head', () => {
    const table = (codes: string[]) => receipt([
      [100, [[100, 'Item code'], [300, 'Description'], [600, 'Amount']]],
      ...codes.map((c, k): [number, Array<[number, string]>] => [130 + 30 * k, [[100, c], [300, `Office chair model ${k}`], [600, `${10 + k}.00`]]]),
    ]);
    const sure = extractFromContent(table(['AB-1001', 'AB-1002', 'AB-1003']), ask('item_code', 'description', 'amount'));
    expect(confidence(sure, 'item_code')).toBeGreaterThanOrEqual(0.9);
    const words = extractFromContent(table(['Desk lamp 12', 'Paper ream 500', 'Whiteboard pens 4']), ask('item_code', 'description', 'amount'));
    expect(value(words, 'item_code')).toBe('Desk lamp 12');
    expect(confidence(words, 'item_code')).toBeLessThan(0.9);
  });
});

describe('honest confidence: what a scan reads the same way every time', () => {
  /** An invoice table whose every row adds up (quantity × unit price = amount), as a scan read it. */
  const invoice = (rows: Array<[string, string, string, string]>) => receipt([
    [100, [[100, 'Description'], [350, 'Qty'], [450, 'Unit price'], [600, 'Amount']]],
    ...rows.map(([d, q, p, t], k): [number, Array<[number, string]>] => [130 + 30 * k, [[100, d], [350, q], [450, p], [600, t]]]),
  ]);
  const asked = ask('description', 'quantity', 'unit_price', 'line_total');
  const prices = (r: ExtractResult) => (r.ok ? r.rows.map((row) => (row.unit_price as { confidence?: number }).confidence ?? NaN) : []);

  it('keeps an amount under 0.9 when its decimal mark is not the one the page\'s other amounts print, and every amount when the page mixes them', () => {
    const rows: Array<[string, string, string, string]> = [['Desk lamp', '2', '3,50', '7,00'], ['Paper ream', '1', '4,25', '4,25'], ['Pens', '3', '1,10', '3,30'], ['Chair', '1', '5.98', '5,98']];
    const one = extractFromContent(invoice(rows), asked);
    expect(prices(one).slice(0, 3).every((c) => c >= 0.9)).toBe(true);
    expect(prices(one)[3]).toBeLessThan(0.9);
    // A third of the amounts with the other mark: the scan reads the marks unreliably, none is sure.
    const mixed = extractFromContent(invoice([...rows.slice(0, 2), ['Pens', '3', '1.10', '3.30'], rows[3]]), asked);
    expect(Math.max(...prices(mixed))).toBeLessThan(0.9);
  });

  it('keeps a code cell under 0.9 when it also holds words a scan joined to it, where the column\'s others are codes alone', () => {
    const table = receipt([
      [100, [[100, 'Item code'], [300, 'Description'], [600, 'Amount']]],
      [130, [[100, 'AB-1001'], [300, 'Office chair'], [600, '10.00']]],
      [160, [[100, 'AB-1002'], [300, 'Desk lamp'], [600, '11.00']]],
      [190, [[100, 'AB-1003 paper'], [300, 'ream'], [600, '12.00']]],
      [220, [[100, 'AB-1004'], [300, 'Whiteboard pens'], [600, '13.00']]],
    ]);
    const r = extractFromContent(table, ask('item_code', 'description', 'amount'));
    const codes = r.ok ? r.rows.map((row) => row.item_code as { value: string | null; confidence?: number }) : [];
    expect(codes.map((c) => c.value)).toEqual(['AB-1001', 'AB-1002', 'AB-1003 paper', 'AB-1004']);
    expect(codes[0].confidence).toBeGreaterThanOrEqual(0.9);
    expect(codes[2].confidence).toBeLessThan(0.9);
  });
});

describe('honest confidence: the items\' arithmetic and the page\'s totals (rows/lines-sum.ts)', () => {
  const cellOf = (r: ExtractResult, k: number, name: string) => (r.ok ? (r.rows[k][name] as { value: string | null; confidence?: number }) : { value: null });
  /** Items without heads (a continuation page: columns named by quantity × unit price = amount), then `closing` lines. */
  const headless = (closing: Parameters<typeof typeset>[0]) => receipt([
    [100, [[100, 'Desk lamp'], [400, '2'], [500, '3.50'], [650, '7.00']]],
    [130, [[100, 'Paper ream'], [400, '1'], [500, '4.25'], [650, '4.25']]],
    [160, [[100, 'Pens'], [400, '3'], [500, '1.10'], [650, '3.30']]],
    ...closing,
  ]);
  const asked = ask('description', 'quantity', 'unit_price', 'line_total');
  const totals = (r: ExtractResult) => (r.ok ? r.rows.map((row) => (row.line_total as { confidence?: number }).confidence ?? NaN) : []);

  it('makes a line total that is its row\'s quantity × unit price sure however its column was named, the quantity and price where their shapes tell them apart', () => {
    const told = extractFromContent(headless([]), asked);
    const hours = extractFromContent(receipt([
      [100, [[100, 'Consulting'], [400, '1.50'], [500, '4.00'], [650, '6.00']]],
      [130, [[100, 'Support'], [400, '2.50'], [500, '3.00'], [650, '7.50']]],
      [160, [[100, 'Travel'], [400, '0.50'], [500, '8.00'], [650, '4.00']]],
    ]), asked);
    const at = (r: ExtractResult, name: string) => (r.ok ? r.rows.map((row) => (row[name] as { confidence?: number }).confidence ?? NaN) : []);
    for (const r of [told, hours]) expect(totals(r).every((c) => c >= 0.9)).toBe(true);
    // A whole count beside an amount with cents: which is the quantity the shapes say.
    for (const name of ['quantity', 'unit_price']) expect(at(told, name).every((c) => c >= 0.9)).toBe(true);
    // Hours with cents beside prices with cents: 1.50 × 4.00 reads as well the other way round.
    for (const name of ['quantity', 'unit_price']) expect(at(hours, name).every((c) => c < 0.9)).toBe(true);
  });

  it('makes every line total sure when they add up to the subtotal printed under them, and keeps them where the subtotal is more (a page of several)', () => {
    const list = (subtotal: string) => receipt([
      [100, [[100, 'Desk lamp'], [400, '7.00']]],
      [130, [[100, 'Paper ream'], [400, '4.25']]],
      [160, [[100, 'Pens'], [400, '3.30']]],
      ...(subtotal ? [[220, [[100, 'Subtotal'], [400, subtotal]]] as [number, Array<[number, string]>]] : []),
    ]);
    const items = ask('description', 'line_total');
    const [adds, part, none] = ['14.55', '114.55', ''].map((s) => totals(extractFromContent(list(s), items)));
    expect(adds.length).toBe(3);
    expect(none.every((c) => c < 0.9)).toBe(true);
    expect(adds.every((c) => c >= 0.9)).toBe(true);
    expect(part).toEqual(none);
  });

  it('makes a row less sure when its amount is what the items add up to over the total (a total line read as an item)', () => {
    const table = (total: string) => receipt([
      [100, [[100, 'ARTICULO'], [300, 'PRECIO'], [450, 'CANT.'], [600, 'TOTAL']]],
      [130, [[100, 'Pan de molde'], [300, '4,74'], [450, '1'], [600, '4,74']]],
      [160, [[100, 'Platanos'], [300, '5,77'], [450, '2'], [600, '11,54']]],
      [190, [[100, 'Leche'], [300, '9,73'], [450, '2'], [600, '19,46']]],
      [220, [[100, 'TOTAL'], [450, 'Y'], [600, total]]],
      [260, [[100, 'Tarjeta'], [600, '35,74']]],
      [280, [[100, 'Total a pagar'], [600, '35,74']]],
    ]);
    const r = extractFromContent(table('35,74'), ask('description', 'unit_price', 'quantity', 'line_total'));
    const last = r.ok ? r.rows.length - 1 : -1;
    expect(cellOf(r, last, 'description').value).toBe('TOTAL');
    expect(cellOf(r, last, 'description').confidence).toBeLessThan(0.9);
    expect(cellOf(r, last, 'line_total').confidence).toBeLessThan(0.9);
    expect(cellOf(r, 0, 'line_total').confidence).toBeGreaterThanOrEqual(0.9);
  });

  it('keeps no asked amount sure where another column adds up to the subtotal (the heads name the columns wrongly)', () => {
    // "Amount" printed over the prices and "Price" over the amounts: no quantity, so no row's arithmetic tells.
    const lines: Parameters<typeof typeset>[0] = [
      [100, [[100, 'Description'], [400, 'Amount'], [550, 'Price']]],
      [130, [[100, 'Desk lamp'], [400, '3.50'], [550, '7.00']]],
      [160, [[100, 'Paper ream'], [400, '4.25'], [550, '8.50']]],
      [190, [[100, 'Pens'], [400, '1.10'], [550, '3.30']]],
    ];
    const subtotal: Parameters<typeof typeset>[0] = [[240, [[400, 'Subtotal'], [550, '18.80']]]];
    const fields = ask('description', 'unit_price', 'line_total');
    const plain = extractFromContent(receipt(lines), fields);
    const checked = extractFromContent(receipt([...lines, ...subtotal]), fields);
    expect(cellOf(plain, 0, 'line_total').value).toBe('3.50');
    expect(cellOf(plain, 0, 'line_total').confidence).toBeGreaterThanOrEqual(0.9);
    expect(cellOf(checked, 0, 'line_total').value).toBe('3.50');
    for (const name of ['unit_price', 'line_total']) expect(cellOf(checked, 0, name).confidence).toBeLessThan(0.9);
  });
});

describe('honest confidence: a document value beside the items for a name that may be each item\'s', () => {
  it('reads a bare word the catalogue reads as a line column too ("Imponibile") as each item\'s amount, and a line concept on a page without items as a guess', () => {
    const invoice = receipt([
      [100, [[100, 'Descrizione'], [350, 'Qta'], [450, 'Prezzo unitario']]],
      [130, [[100, 'Cavo USB-C'], [350, '2'], [450, '9.27'], [600, '18.54']]],
      [160, [[100, 'Switch di rete'], [350, '5'], [450, '0.60'], [600, '3.00']]],
      [220, [[400, 'Subtotale'], [600, '21.54']]],
    ]);
    const r = extractFromContent(invoice, ask('Descrizione articolo', 'Qtà', 'Prezzo unitario', 'Imponibile'));
    // Beside the items the word names their column (quantity × unit price confirms it), not the document's subtotal.
    expect(r.ok ? r.rows.map((row) => (row.Imponibile as { value: string | null }).value) : null).toEqual(['18.54', '3.00']);
    const totalsOnly = receipt([[100, [[100, 'Nettobetrag:'], [400, '129,00']]], [130, [[100, 'Gesamt:'], [400, '153,51']]]]);
    const page2 = extractFromContent(totalsOnly, ask('Art.-Nr.', 'Anzahl', 'Gesamtpreis'));
    const total = page2.ok ? (page2.rows[0].Gesamtpreis as { value: string | null; confidence?: number }) : null;
    if (total?.value) expect(total.confidence).toBeLessThan(0.5);
    expect(total?.value).toBe('153,51');
  });

  it('reads a statement\'s own date given to rows whose days the table did not join as a guess, and sure asked alone', () => {
    // The booking days printed apart from the amounts' rows (a photo whose table lost the column): `date` beside the
    // statement's columns is each row's day, which the statement's date is not.
    const statement = receipt([
      [40, [[60, 'Kontoauszug'], [500, 'Datum: 25.07.2022']]],
      [100, [[180, 'Buchungstext'], [480, 'Soll'], [580, 'Haben'], [700, 'Saldo']]],
      [125, [[180, 'Kartenzahlung Markt'], [480, '50,00'], [700, '950,00']]],
      [150, [[180, 'Gehalt Juli'], [580, '300,00'], [700, '1.250,00']]],
      [175, [[180, 'Miete'], [480, '100,00'], [700, '1.150,00']]],
    ]);
    const rows = extractFromContent(statement, ask('date', 'description', 'debit', 'credit', 'balance'));
    const dates = rows.ok ? rows.rows.map((row) => row.date as { value: string | null; confidence?: number }) : [];
    expect(dates.length).toBe(3);
    for (const d of dates) expect(d.confidence ?? 0).toBeLessThan(0.5);
    expect(value(extractFromContent(statement, ask('date')), 'date')).toBe('25.07.2022');
    expect(confidence(extractFromContent(statement, ask('date')), 'date')).toBeGreaterThanOrEqual(0.9);
  });
});

describe('honest confidence: every value a sum that fails involves', () => {
  const cellOf = (r: ExtractResult, k: number, name: string) => (r.ok ? (r.rows[k][name] as { value: string | null; confidence?: number }) : { value: null });
  /** An invoice's items (quantity × unit price = amount unless `amounts` say otherwise), then subtotal, tax and total where given. */
  const invoice = (amounts: [string, string, string], totals?: [string, string, string]) => receipt([
    [100, [[60, 'Description'], [400, 'Qty'], [500, 'Unit price'], [650, 'Amount']]],
    [125, [[60, 'Office chair'], [400, '2'], [500, '82.50'], [650, amounts[0]]]],
    [150, [[60, 'Markers'], [400, '3'], [500, '10.00'], [650, amounts[1]]]],
    [175, [[60, 'Desk lamp'], [400, '1'], [500, '45.00'], [650, amounts[2]]]],
    ...(totals ? ['Subtotal', 'VAT 20 %', 'Total'].map((label, k): [number, Array<[number, string]>] => [220 + 20 * k, [[500, label], [650, totals[k]]]]) : []),
  ]);
  const adds: [string, string, string] = ['165.00', '30.00', '45.00'];

  it('makes quantity and unit price less sure with the line total where quantity × unit price is not it', () => {
    const r = extractFromContent(invoice(['165.00', '35.00', '45.00']), ask('description', 'quantity', 'unit_price', 'line_total'));
    for (const name of ['quantity', 'unit_price', 'line_total']) {
      expect(cellOf(r, 1, name).confidence).toBeLessThan(0.9);
      expect(cellOf(r, 0, name).confidence).toBeGreaterThanOrEqual(0.9);
    }
  });

  it('makes subtotal and tax less sure with the total where they do not add up to it', () => {
    const fields = ask('subtotal', 'tax_amount', 'total_amount');
    const sure = extractFromContent(invoice(adds, ['240.00', '48.00', '288.00']), fields);
    const off = extractFromContent(invoice(adds, ['240.00', '48.00', '298.00']), fields);
    for (const name of ['subtotal', 'tax_amount', 'total_amount']) {
      expect(confidence(sure, name)).toBeGreaterThanOrEqual(0.9);
      expect(confidence(off, name)).toBeLessThan(0.9);
    }
  });

  it('makes line totals less sure where they add up to more than the subtotal, save those their own row confirms', () => {
    const totalsOnly = ask('description', 'line_total');
    const over = extractFromContent(invoice(adds, ['230.00', '46.00', '276.00']), totalsOnly);
    const even = extractFromContent(invoice(adds, ['240.00', '48.00', '288.00']), totalsOnly);
    for (const k of [0, 1, 2]) {
      expect(cellOf(even, k, 'line_total').confidence).toBeGreaterThanOrEqual(0.9);
      expect(cellOf(over, k, 'line_total').confidence).toBeLessThan(0.9);
    }
    const checked = extractFromContent(invoice(adds, ['230.00', '46.00', '276.00']), ask('description', 'quantity', 'unit_price', 'line_total'));
    expect(cellOf(checked, 0, 'line_total').confidence).toBeGreaterThanOrEqual(0.9);
  });

  it('keeps a total the recognizer doubted under 0.9 though subtotal and tax add up to it', () => {
    const content = invoice(adds, ['240.00', '48.00', '288.00']);
    const doubted = { ...content, words: content.words.map((w) => (w.text === '288.00' ? { ...w, confidence: 0.5 } : w)) };
    const r = extractFromContent(doubted, ask('subtotal', 'tax_amount', 'total_amount'));
    expect(value(r, 'total_amount')).toBe('288.00');
    expect(confidence(r, 'total_amount')).toBeLessThan(0.9);
  });
});

describe('honest confidence: a large amount a scan read without the thousands mark the page prints', () => {
  it('gives it the page\'s mark back and keeps it under 0.9 where two other amounts print theirs, and sure where the page groups none', () => {
    const invoice = (sub: string, others: [string, string]) => receipt([
      [100, [[100, 'Cavo'], [300, others[0]]]],
      [130, [[100, 'Switch'], [300, others[1]]]],
      [200, [[100, 'Subtotale'], [300, sub]]],
      [230, [[100, 'IVA 22%'], [300, '1389.95']]],
      [260, [[100, 'Totale'], [300, '7707.89']]],
    ]);
    const sub = (r: ExtractResult) => (r.ok ? (r.rows[0].subtotal as { value: string | null; confidence?: number }) : null);
    const lost = sub(extractFromContent(invoice('6317.94', ["1'807.65", "4'495.19"]), ask('subtotal', 'total_amount')));
    expect(lost?.value).toBe("6'317.94");
    expect(lost?.confidence).toBeLessThan(0.9);
    // A value a format requirement rewrote is as asked.
    const asked = extractFromContent(invoice('6317.94', ["1'807.65", "4'495.19"]), askWith('plain number', 'subtotal', 'total_amount'));
    expect(asked.ok ? (asked.rows[0].subtotal as { value: string | null }).value : null).toBe('6317.94');
    const plain = sub(extractFromContent(invoice('6317.94', ['1807.65', '4495.19']), ask('subtotal', 'total_amount')));
    expect(plain?.confidence).toBeGreaterThanOrEqual(0.9);
  });
});

describe('honest confidence: a document tax rate the totals bear out', () => {
  it('is surer when the tax is that rate of the subtotal, and keeps its label\'s confidence when it is not (a page may levy several)', () => {
    const totals = (tax: string) => receipt([
      [100, [[100, 'TVA'], [300, '20%']]],
      [130, [[100, 'Total HT'], [300, '150.00']]],
      [160, [[100, 'Montant TVA'], [300, tax]]],
      [190, [[100, 'Total TTC'], [300, (150 + Number(tax)).toFixed(2)]]],
    ]);
    const rate = (tax: string) => confidence(extractFromContent(totals(tax), ask('tax_rate', 'subtotal', 'tax_amount')), 'tax_rate');
    expect(value(extractFromContent(totals('30.00'), ask('tax_rate', 'subtotal', 'tax_amount')), 'tax_rate')).toBe('20%');
    expect(rate('30.00')).toBeGreaterThan(rate('10.50'));
    expect(rate('10.50')).toBe(confidence(extractFromContent(totals('10.50'), ask('tax_rate')), 'tax_rate'));
  });
});
