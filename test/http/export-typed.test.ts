import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, DIALECTS, startTestApp, type TestApp } from '../helpers/app.js';
import { seedSucceededDocument } from '../helpers/seed-succeeded.js';

const FIELDS = ['Code', 'Description', 'Amount', 'Rate', 'Date', 'US date', 'Written date', 'Zip'];
const PRINTED = {
  Code: 'INV-9', Description: 'Paper, A4 — 2,500 sheets', Amount: '$1,234.50', Rate: '12.5%', Date: '2026-01-31',
  'US date': '01/31/2026', 'Written date': '12 March 2024', Zip: '02139',
};
const SECOND = { ...PRINTED, Amount: '(200.00)', Description: 'Toner' };

const cellsOf = (row: Record<string, string>) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, { value: v, box: null }]));

describe.each(DIALECTS)('xlsx export typed cells (%s)', (dialect) => {
  let t: TestApp;
  let sheet: ExcelJS.Worksheet;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    const { accountId, apiKey } = await t.createAccount();
    await seedSucceededDocument(t.services, { accountId, batchName: 'typed', result: { fields: FIELDS, rows: [cellsOf(PRINTED), cellsOf(SECOND)] } });
    const res = await t.inject({ method: 'GET', url: '/api/v1/batches/typed/export', headers: bearer(apiKey) });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    sheet = wb.worksheets[0];
  });
  afterAll(async () => t.destroy());

  const cell = (row: number, field: string) => sheet.getRow(row).getCell(FIELDS.indexOf(field) + 3);

  it('writes amounts and rates as numbers a SUM can add, printed as the document printed them', () => {
    expect(cell(2, 'Amount').value).toBe(1234.5);
    expect(cell(2, 'Amount').numFmt).toBe('"$"#,##0.00');
    expect(cell(3, 'Amount').value).toBe(-200);
    expect(cell(2, 'Rate').value).toBeCloseTo(0.125);
    expect(cell(2, 'Rate').numFmt).toBe('0.0%');
  });

  it('writes dates as date cells in the printed order', () => {
    for (const field of ['Date', 'US date']) expect(cell(2, field).value).toEqual(new Date(Date.UTC(2026, 0, 31)));
    expect(cell(2, 'Date').numFmt).toBe('yyyy"-"mm"-"dd');
    expect(cell(2, 'US date').numFmt).toBe('mm"/"dd"/"yyyy');
    expect(cell(2, 'Written date').value).toEqual(new Date(Date.UTC(2024, 2, 12)));
  });

  it('keeps codes, text and leading-zero numbers as text', () => {
    expect(cell(2, 'Code').value).toBe('INV-9');
    expect(cell(2, 'Description').value).toBe(PRINTED.Description);
    expect(cell(2, 'Zip').value).toBe('02139');
    expect(sheet.getRow(2).getCell(1).value).toEqual(expect.stringMatching(/_p1$/));
  });

  it('freezes the header row and sizes columns to their content', () => {
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    const width = (field: string) => sheet.getColumn(FIELDS.indexOf(field) + 3).width!;
    expect(width('Description')).toBeGreaterThanOrEqual(PRINTED.Description.length);
    expect(width('Zip')).toBeLessThan(width('Description'));
  });
});
