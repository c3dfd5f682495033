import { describe, expect, it } from 'vitest';
import { CONCEPTS, classifyLabel, labelScore, resolveConcept, conceptById } from '../../src/extract/concepts/index.js';
import { LANGS } from '../../src/extract/lang/index.js';
import { DEFAULT_SETTINGS } from '../../src/extract/settings.js';

const camel = (id: string) => id.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());

describe('concept catalogue', () => {
  it('has labels in every language for every concept', () => {
    for (const c of CONCEPTS) for (const lang of LANGS) expect(c.labels[lang].length, `${c.id} ${lang}`).toBeGreaterThan(0);
  });

  it('maps every concept from its id in snake_case and camelCase, and from its aliases', () => {
    for (const c of CONCEPTS) {
      expect(resolveConcept(c.id)?.id, c.id).toBe(c.id);
      expect(resolveConcept(camel(c.id))?.id, camel(c.id)).toBe(c.id);
      for (const a of c.aliases) expect(resolveConcept(a)?.level, a).toBeDefined();
    }
  });

  it('maps every printed label in every language to a concept that prints it, and names each concept in each language', () => {
    for (const c of CONCEPTS) {
      for (const lang of LANGS) {
        for (const label of c.labels[lang]) {
          const resolved = resolveConcept(label);
          expect(resolved, `${label} (${c.id}, ${lang})`).not.toBeNull();
          // Variants that differ only in punctuation ("Beleg-Nr." / "Beleg Nr.") are one printed label shared by both concepts.
          expect(classifyLabel(label, DEFAULT_SETTINGS).get(resolved!.id), `${label} → ${resolved!.id}`).toBe(1);
          expect(classifyLabel(`${label}:`, DEFAULT_SETTINGS).get(c.id), `${label}: page label for ${c.id}`).toBe(1);
        }
        expect(c.labels[lang].some((l) => resolveConcept(l)?.id === c.id), `${c.id} in ${lang}`).toBe(true);
      }
    }
  });

  it('reads integrators’ spellings and printed variants the same way', () => {
    for (const name of ['invoice_number', 'invoiceNumber', 'Invoice No.', 'Invoice #', 'Rechnungsnummer', 'Rechnungs-Nr.', 'Rechnungsnr', 'N° de facture', 'Nº factura', 'Factuurnr.', 'Fattura n.', 'InvoiceNo']) {
      expect(resolveConcept(name)?.id, name).toBe('invoice_number');
    }
    expect(resolveConcept('Qté')?.id).toBe('quantity');
    expect(resolveConcept('Menge')?.id).toBe('quantity');
    expect(resolveConcept('P.U.')?.id).toBe('unit_price');
    expect(resolveConcept('Einzelpreis')?.id).toBe('unit_price');
    expect(resolveConcept('MwSt.')?.id).toBe('tax_amount');
    expect(resolveConcept('BTW')?.id).toBe('tax_amount');
    expect(resolveConcept('amount_before_tax')?.id).toBe('subtotal');
    expect(resolveConcept('merchant_name')?.id).toBe('seller_name');
    expect(resolveConcept('UoM')?.id).toBe('unit');
    // A name that differs from a known one only in number, as other services spell theirs (Azure's "PaymentTerm").
    expect(resolveConcept('PaymentTerm')?.id).toBe('payment_terms');
    expect(resolveConcept('unit_prices')?.id).toBe('unit_price');
    expect(resolveConcept('total_taxes')?.id).toBe('tax_amount');
    expect(resolveConcept('receiver_name')?.id).toBe('buyer_name');
    expect(resolveConcept('supplier_tax_id')?.id).toBe('seller_tax_id');
    expect(resolveConcept('colour of the sky')).toBeNull();
    expect(resolveConcept('Population')).toBeNull();
  });

  it('tells totals, dates and parties apart on printed labels', () => {
    const total = conceptById('total_amount')!;
    const invoiceDate = conceptById('invoice_date')!;
    expect(labelScore(total, 'Total:', DEFAULT_SETTINGS)).toBe(1);
    expect(labelScore(total, 'Total (EUR)', DEFAULT_SETTINGS)).toBeGreaterThan(0.9);
    expect(labelScore(total, 'Subtotal', DEFAULT_SETTINGS)).toBe(0);
    expect(labelScore(total, 'Total HT', DEFAULT_SETTINGS)).toBe(0);
    expect(labelScore(conceptById('subtotal')!, 'Total HT', DEFAULT_SETTINGS)).toBe(1);
    expect(labelScore(invoiceDate, 'Rechnungsdatum', DEFAULT_SETTINGS)).toBe(1);
    expect(labelScore(invoiceDate, 'Datum:', DEFAULT_SETTINGS)).toBeCloseTo(0.8);
    expect(labelScore(invoiceDate, 'Due date', DEFAULT_SETTINGS)).toBe(0);
    expect(labelScore(conceptById('document_date')!, 'Invoice date', DEFAULT_SETTINGS)).toBeCloseTo(0.9);
    expect(labelScore(conceptById('seller_name')!, 'Description', DEFAULT_SETTINGS)).toBe(0);
    // One OCR slip in a long label still names it.
    expect(labelScore(invoiceDate, 'Rechnungsdatun', DEFAULT_SETTINGS)).toBeGreaterThan(0.8);
    expect(labelScore(invoiceDate, 'Rechnungsdatun', DEFAULT_SETTINGS)).toBeLessThan(1);
  });
});
