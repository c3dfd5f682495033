import { describe, expect, it } from 'vitest';
import { resolveConcept } from '../../src/extract/concepts/index.js';
import { readRequest } from '../../src/extract/layout/request.js';
import { DEFAULT_SETTINGS } from '../../src/extract/settings.js';
import { DOCUMENT_NAMES } from '../../bench/lib/business/names.js';

/** The concept a request of this one field reads it as (through the request stage, as the engine does). */
const asked = (name: string) => readRequest({ fields: [{ name, formatRequirement: '' }], globalFormatRequirement: '', quality: 'fast' }, [], DEFAULT_SETTINGS).concepts[0]?.id ?? null;

describe('field names integrators give document values', () => {
  it('reads the usual names of parties, dates and totals as their concepts', () => {
    const expected: Record<string, string> = {
      seller_name: 'seller_name', vendor: 'seller_name', supplier: 'seller_name', merchant_name: 'seller_name', store_name: 'seller_name', shop: 'seller_name', business_name: 'seller_name', seller_company: 'seller_name',
      bill_to: 'buyer_name', customer_name: 'buyer_name', buyer_company: 'buyer_name', payer: 'buyer_name',
      seller_address: 'seller_address', address: 'seller_address', shop_address: 'seller_address', vendor_addr: 'seller_address', full_address: 'seller_address', address_line: 'seller_address',
      buyer_address: 'buyer_address', vat_number: 'seller_tax_id', gst_id: 'seller_tax_id',
      due_date: 'due_date', payment_due: 'due_date', amount_before_tax: 'subtotal', net_amount: 'subtotal', subtotal: 'subtotal',
      tax_amount: 'tax_amount', vat: 'tax_amount', total_vat_amount: 'tax_amount', vat_amount_total: 'tax_amount',
      total_amount: 'total_amount', grand_total: 'total_amount', invoice_total: 'total_amount', invoice_amount: 'total_amount', amount_incl_tax: 'total_amount', total_sum: 'total_amount',
      total_amount_due: 'amount_due', total_paid: 'amount_paid',
      iban: 'iban', po_number: 'purchase_order_number', order_number: 'order_number', employee_name: 'employee_name', net_pay: 'net_pay', gross_pay: 'gross_pay', period: 'period', account_number: 'account_number',
    };
    for (const [name, id] of Object.entries(expected)) expect(asked(name), name).toBe(id);
  });

  it('reads a label typed without its umlauts or its joining words as the label', () => {
    expect(resolveConcept('faelligkeitsdatum')?.id).toBe('due_date');
    expect(resolveConcept('rechnungsempfaenger')?.id).toBe('buyer_name');
    expect(resolveConcept('haendler')?.id).toBe('seller_name');
    expect(resolveConcept('date_echeance')?.id).toBe('due_date');
    expect(resolveConcept('fecha_vencimiento')?.id).toBe('due_date');
    expect(resolveConcept('adresse_fournisseur')?.id).toBe('seller_address');
    expect(resolveConcept('date_of_invoice')?.id).toBe('invoice_date');
    expect(resolveConcept('colour of the sky')).toBeNull();
  });

  it('reads every other name the generator asks a value by as its key', () => {
    for (const [key, names] of Object.entries(DOCUMENT_NAMES)) {
      for (const name of names) expect(asked(name), `${name} for ${key}`).toBe(asked(key));
    }
  });
});
