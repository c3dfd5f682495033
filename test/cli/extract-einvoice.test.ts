import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachInvoiceXml } from '../../bench/lib/einvoice/hybrid-pdf.js';
import { sampleInvoice } from '../../bench/lib/einvoice/sample.js';
import { writeCii, writeUbl } from '../../bench/lib/einvoice/write-xml.js';
import { renderInvoicePdf } from '../../src/ingest/einvoice-pdf.js';

const ROOT = path.resolve(import.meta.dirname, '../..');

interface Cell { value: string | null; confidence: number | null }
interface Output { einvoice: { syntax: string; profile: string | null } | null; pages: Array<{ rows: Array<Record<string, Cell>> }> }

/** `docrows extract` as a child process, its JSON read back. */
function extract(file: string, fields: string, env: Record<string, string> = {}): Promise<Output> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['--import', 'tsx', 'src/main.ts', 'extract', file, '--fields', fields], { cwd: ROOT, env: { ...process.env, ...env }, maxBuffer: 1 << 24 },
      (err, stdout, stderr) => (err ? reject(new Error(`${err.message}\n${stderr}`)) : resolve(JSON.parse(stdout) as Output)));
  });
}

const value = (out: Output, field: string, row = 0) => out.pages[0].rows[row][field].value;

describe('docrows extract reads e-invoices as the service does (issue 27)', { timeout: 180_000 }, () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docrows-extract-einvoice-'));
  const invoice = sampleInvoice('en16931');
  let hybrid: string;
  beforeAll(async () => {
    // The printed page shows another grand total than the XML: the XML must win, and DOCROWS_EINVOICE=off must read the page.
    const printed = { ...invoice, totals: { ...invoice.totals, grandTotal: '1999.99' } };
    hybrid = path.join(dir, 'hybrid.pdf');
    fs.writeFileSync(hybrid, await attachInvoiceXml(await renderInvoicePdf(printed, 5), Buffer.from(writeCii(invoice))));
    fs.writeFileSync(path.join(dir, 'invoice.xml'), writeUbl({ ...invoice, syntax: 'UBL' }));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('takes a hybrid PDF\'s values from its XML, keeping a total the page prints differently below 0.5', async () => {
    const out = await extract(hybrid, 'invoice_number,total_amount,description,quantity,line_total');
    expect(out.einvoice).toEqual({ syntax: 'CII', profile: invoice.profile });
    expect(value(out, 'invoice_number')).toBe('RE-2026-1187');
    expect(out.pages[0].rows.map((r) => r.description.value)).toEqual(invoice.lines.map((l) => l.name));
    expect(out.pages[0].rows.map((r) => r.line_total.value)).toEqual(invoice.lines.map((l) => l.netAmount));
    expect(out.pages[0].rows[0].total_amount).toMatchObject({ value: '1525.50', confidence: expect.any(Number) });
    expect(out.pages[0].rows[0].total_amount.confidence).toBeLessThan(0.5);

    const pageOnly = await extract(hybrid, 'invoice_number,total_amount', { DOCROWS_EINVOICE: 'off' });
    expect(pageOnly.einvoice).toBeNull();
    expect(value(pageOnly, 'total_amount')).toContain('1999.99');
  });

  it('reads an XML upload\'s rows from the XML', async () => {
    const out = await extract(path.join(dir, 'invoice.xml'), 'invoice_number,seller_vat_id,description,unit_price');
    expect(out.einvoice).toEqual({ syntax: 'UBL', profile: invoice.profile });
    expect(value(out, 'invoice_number')).toBe('RE-2026-1187');
    expect(value(out, 'seller_vat_id')).toBe('DE123456789');
    expect(out.pages[0].rows.map((r) => r.unit_price.value)).toEqual(invoice.lines.map((l) => l.netPrice));
  });
});
