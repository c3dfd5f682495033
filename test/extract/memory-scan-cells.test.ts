import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { PageContent } from '../../src/extract/layout/index.js';
import { identityOf, learnLayout } from '../../src/extract/memory/index.js';
import { memoryPage } from '../../src/extract/memory/page.js';
import { isSameSender } from '../../src/extract/memory/sender.js';
import { DEFAULT_SETTINGS } from '../../src/extract/settings.js';
import { readWithMemory } from './helpers/memory-pages.js';

/**
 * What a sender prints cell by cell, as a scan's OCR cut its lines into cells (src/extract/memory/sender.ts,
 * apply.ts): the words tesseract read on scans of the business generator's series (tuning split), saved as they came.
 * An invoice prints its VAT id beside the buyer's postcode on one line (`UID-Nr. ATU67673447  50667 Köln`); its
 * totals and a bank statement's closing balance are read as one cell with their labels on the first scan
 * (`Nettosumme: EUR 29.484,97`, `Endsaldo: CHF 8622,03`) and as two on the second (`Nettosumme:` | `EUR 4.542,05`).
 * A till prints its VAT id after a label (`TVA intracommunautaire FR38743611227`) and its first items near the top.
 * A payslip's net pay the first scan read with a stray digit in its cell (`1 1914,27` for 1 914,27).
 */

const fixture = (name: string): PageContent => JSON.parse(readFileSync(new URL(`../fixtures/${name}.json`, import.meta.url), 'utf8')) as PageContent;
const invoice = (n: number): PageContent => fixture(`invoice-scan/koehler-${n}`);
const statement = (n: number): PageContent => fixture(`statement-scan/mittelland-${n}`);
const till = (n: number): PageContent => fixture(`receipt-scan/dubois-${n}`);
const payslip = (n: number): PageContent => fixture(`payslip-scan/dubois-${n}`);
const S = DEFAULT_SETTINGS;

const taught = (content: PageContent, values: Record<string, string>) => learnLayout(content, { fields: Object.keys(values), rows: [values] }, S)!;
const valuesOf = (content: PageContent, names: string[], model?: ReturnType<typeof taught>) => {
  const r = readWithMemory(content, names.map((name) => ({ name, formatRequirement: '' })), model ? [{ id: 'm', model }] : undefined);
  return r.ok ? Object.fromEntries(names.map((n) => [n, (r.rows[0][n] as { value: string | null }).value])) : null;
};

const invoiceValues = {
  seller_name: 'Köhler AG', seller_address: 'z. Hd. Frau Krüger Hauptstraße 30 8001 Zürich Deutschland', seller_vat_id: 'ATU67673447',
  buyer_name: 'Weißhaupt GmbH & Co. KG', buyer_address: 'Gartenweg 53 50667 Köln', invoice_id: 'NR-HR-8023', date_of_issue: '13. Mai 2022',
  due_date: '12. Juli 2022', customer_number: '23449', order_no: 'ORD2022-5811', payment_terms: '30 Tage netto', subtotal: '29.484,97',
  shipping: '25,22', vat: '5.606,94', tax_rate: '19 %', grand_total: '35.117,13', currency: 'EUR',
};
const statementValues = {
  bank_name: 'Volksbank Mittelland eG', bank_address: 'Gartenweg 128 50667 Köln', account_holder: 'Sören Großmann',
  account_holder_address: 'Hauptstraße 38 20457 Hamburg', bank_iban: 'DE70 7447 4402 7188 7503 40', bank_account_number: '7613 933861',
  statement_date: '4. März 2025', statement_period: '01.03.2025 - 03.03.2025', period_start: '01.03.2025', period_end: '03.03.2025',
  opening_balance: '5916,58', closing_balance: '8622,03',
};

describe('layout memory: a sender\'s ids and labels as a scan cuts its lines into cells', () => {
  it('a VAT id is read up to its cell\'s end, not into the next cell\'s figures: the sender is told by it', () => {
    const model = taught(invoice(1), invoiceValues);
    expect(model.sender.taxIds).toEqual(['ATU67673447']);
    expect(identityOf(model).sender.tax_id).toBe('ATU67673447');
    expect(isSameSender(model.sender, memoryPage(invoice(2), S), S)).toBe(true);
    expect(isSameSender({ ...model.sender, taxIds: ['ATU61234567'] }, memoryPage(invoice(2), S), S)).toBe(false);
  });

  it('a VAT id after a label word is read from its word\'s start, and the letterhead\'s name is no line that prints an amount', () => {
    const model = taught(till(1), {
      merchant_name: 'Dubois SARL', merchant_address: '177 boulevard Saint-Michel 69002 Lyon', merchant_vat_id: 'FR38743611227', date: '05/10/2023',
      time: '19:27', receipt_number: '883377', total_amount: '105,60', currency: 'EUR', payment_method: 'CB', vat_amount: '17,60', tax_rate: '20 %',
    });
    // Not `Economie` (an item's discount line, `Economie  0,30`, printed a little larger on that scan).
    expect(model.sender).toMatchObject({ name: 'Dubois SARL', taxIds: ['FR38743611227'] });
    // The third receipt prints no such line: its sender is told by the id (and the name).
    expect(isSameSender(model.sender, memoryPage(till(3), S), S)).toBe(true);
  });

  it('a label learned in one cell with its value is read on into the next cell, where the next scan put its value', () => {
    const names = Object.keys(invoiceValues);
    const model = taught(invoice(1), invoiceValues);
    expect(model.fields.find((f) => f.name === 'currency')?.label).toMatchObject({ text: 'Nettosumme:', sameSegment: true });
    expect(valuesOf(invoice(2), names, model)).toMatchObject({ currency: 'EUR' });
    // The closing balance under the statement's rows (more rows on the next page): not a row's balance where the label stood.
    const balances = taught(statement(1), statementValues);
    expect(valuesOf(statement(2), Object.keys(statementValues), balances)).toMatchObject({ closing_balance: '-3231,69', opening_balance: '7305,71' });
  });

  it('a digit group right before an amount is the amount\'s, whatever the page learned from printed before it', () => {
    const values = {
      employer_name: 'Dubois SAS', employer_address: '71, avenue des Génêts 13001 Marseille', employee_name: 'Zoé Sud',
      employee_address: '180, avenue des Génêts 75008 Paris', Matricule: '74396', Période: 'Novembre 2023', 'Date de paiement': '28 novembre 2023',
      'Total brut': '2 317,52', 'Total retenues': '403,25', 'Net à payer': '1 914,27',
    };
    const model = taught(payslip(1), values);
    expect(model.fields.find((f) => f.name === 'Net à payer')?.lead).toBe(1);
    expect(valuesOf(payslip(2), Object.keys(values), model)?.['Net à payer']).toBe('1 798,16');
  });
});
