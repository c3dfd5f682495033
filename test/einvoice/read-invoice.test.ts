import { describe, expect, it } from 'vitest';
import { readEInvoice } from '../../src/einvoice/read-invoice.js';
import { termFor } from '../../src/einvoice/terms.js';
import { AppError } from '../../src/errors.js';
import { sampleInvoice } from '../../bench/lib/einvoice/sample.js';
import { PROFILES, writeCii, writeUbl, type ProfileName } from '../../bench/lib/einvoice/write-xml.js';

const bytes = (s: string) => Buffer.from(s, 'utf8');

function refusal(xml: string): AppError {
  try {
    readEInvoice(bytes(xml));
  } catch (e) {
    return e as AppError;
  }
  throw new Error('the XML was read');
}

describe('e-invoice XML → EN 16931 model', () => {
  const profiles = Object.keys(PROFILES) as ProfileName[];
  for (const profile of profiles) {
    for (const credit of [false, true]) {
      const writers = profile === 'zugferd1' ? { CII: writeCii } : { UBL: writeUbl, CII: writeCii };
      for (const [syntax, write] of Object.entries(writers)) {
        it(`${syntax} ${profile}${credit ? ' credit note' : ''}: every term as written`, () => {
          const model = sampleInvoice(profile, { creditNote: credit });
          const read = readEInvoice(bytes(write(model)));
          expect(read).toEqual({ ...model, syntax });
        });
      }
    }
  }

  it('reads ISO-8859-1 XML by its declaration', () => {
    const xml = writeUbl(sampleInvoice()).replace('encoding="UTF-8"', 'encoding="ISO-8859-1"');
    const read = readEInvoice(Buffer.from(xml, 'latin1'));
    expect(read.seller.name).toBe('Müller & Söhne Werkzeugbau GmbH');
  });

  it('a UBL credit note keeps its amounts as printed and says it is a credit note', () => {
    const read = readEInvoice(bytes(writeUbl(sampleInvoice('peppol', { creditNote: true }))));
    expect(read.creditNote).toBe(true);
    expect(read.typeCode).toBe('381');
    expect(read.totals.grandTotal).toBe('1525.50');
    expect(read.lines).toHaveLength(3);
  });

  it('refuses other XML, naming what it found', () => {
    const e = refusal('<?xml version="1.0"?><note><to>Tove</to></note>');
    expect(e.code).toBe('invalid_parameter');
    expect(e.param).toBe('file');
    expect(e.message).toMatch(/not an e-invoice.*<note>/);
  });

  it('refuses XML that is not well-formed', () => {
    const e = refusal('<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"><ID>1</Invoice>');
    expect(e.code).toBe('invalid_parameter');
    expect(e.message).toMatch(/cannot be read/);
  });
});

describe('hostile XML', () => {
  it('refuses a DOCTYPE with an external entity (XXE) without fetching it', () => {
    const xml = '<?xml version="1.0"?><!DOCTYPE Invoice [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>' +
      '<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"><ID>&xxe;</ID></Invoice>';
    const e = refusal(xml);
    expect(e.code).toBe('invalid_parameter');
    expect(e.message).toMatch(/DOCTYPE/);
  });

  it('refuses billion laughs at its DOCTYPE, before any expansion', () => {
    const defs = ['<!ENTITY lol0 "lol">'];
    for (let i = 1; i < 10; i++) defs.push(`<!ENTITY lol${i} "${`&lol${i - 1};`.repeat(10)}">`);
    const xml = `<?xml version="1.0"?><!DOCTYPE lolz [${defs.join('')}]><lolz>&lol9;</lolz>`;
    const before = process.memoryUsage().heapUsed;
    const e = refusal(xml);
    expect(e.message).toMatch(/DOCTYPE/);
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(50 * 1024 * 1024);
  });

  it('refuses an undeclared entity instead of leaving it in a value', () => {
    const e = refusal('<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"><ID>&foo;</ID></Invoice>');
    expect(e.code).toBe('invalid_parameter');
  });

  it('refuses deep nesting', () => {
    const depth = 100_000;
    const xml = '<a>'.repeat(depth) + '</a>'.repeat(depth);
    const e = refusal(xml);
    expect(e.message).toMatch(/nests deeper than/);
  });

  it('refuses too many elements', () => {
    const xml = `<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2">${'<Note/>'.repeat(500_000)}</Invoice>`;
    expect(refusal(xml).message).toMatch(/more than \d+ elements/);
  });
});

describe('field names → business terms', () => {
  const invoice = sampleInvoice('en16931');
  const line = invoice.lines[0];
  const read = (name: string, l = line) => {
    const t = termFor(name);
    return t ? t.read(invoice, t.level === 'line' ? l : null) : undefined;
  };

  it.each([
    ['invoice_number', 'RE-2026-1187'],
    ['Rechnungsnummer', 'RE-2026-1187'],
    ['seller_vat_id', 'DE123456789'],
    ['seller_tax_id', 'DE123456789'],
    ['buyer_reference', '04011000-12345-34'],
    ['iban', 'DE02120300000000202051'],
    ['total_amount', '1525.50'],
    ['amount_due', '1425.50'],
    ['invoice_date', '2026-03-14'],
    ['seller_address', 'Industriestraße 12, 70565 Stuttgart, DE'],
    ['unit_price', '305.00'],
    ['Menge', '2'],
    ['line_total', '610.00'],
    ['unit_code', 'H87'],
  ])('%s → %s', (name, value) => {
    expect(read(name)).toBe(value);
  });

  it('a VAT rate is the line\'s on a line row, and the invoice\'s only when it has one rate', () => {
    const t = termFor('vat_rate')!;
    expect(t.read(invoice, invoice.lines[2])).toBe('7');
    expect(t.read(invoice, null)).toBeNull();
  });

  it('a name with no business term falls back', () => {
    expect(termFor('photo')).toBeNull();
    expect(termFor('employee_name')).toBeNull();
  });
});
