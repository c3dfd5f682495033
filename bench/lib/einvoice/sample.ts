/** A fixed EN 16931 invoice for tests: two VAT rates, three lines, a prepayment, every party field. */
import type { EInvoice } from '../../../src/einvoice/model.js';
import { LINELESS, PROFILES, type ProfileName } from './write-xml.js';

export function sampleInvoice(profile: ProfileName = 'en16931', options: { creditNote?: boolean } = {}): EInvoice {
  const id = PROFILES[profile];
  const lineless = LINELESS.includes(id);
  const credit = options.creditNote ?? false;
  return {
    syntax: profile === 'peppol' ? 'UBL' : 'CII',
    profile: id,
    number: credit ? 'GS-2026-0042' : 'RE-2026-1187',
    issueDate: '2026-03-14',
    typeCode: credit ? '381' : '380',
    creditNote: credit,
    currency: 'EUR',
    dueDate: '2026-04-13',
    buyerReference: '04011000-12345-34',
    orderReference: 'PO-77812',
    deliveryDate: '2026-03-10',
    note: 'Vielen Dank für Ihren Auftrag.',
    seller: {
      name: 'Müller & Söhne Werkzeugbau GmbH',
      street: 'Industriestraße 12',
      additionalStreet: null,
      postcode: '70565',
      city: 'Stuttgart',
      countryCode: 'DE',
      vatId: 'DE123456789',
      taxRegistrationId: '99/123/45678',
      legalId: 'HRB 754321',
    },
    buyer: {
      name: 'Stadtwerke Beispielstadt AöR',
      street: 'Am Markt 1',
      additionalStreet: 'Gebäude C',
      postcode: '10115',
      city: 'Berlin',
      countryCode: 'DE',
      vatId: 'DE987654321',
      taxRegistrationId: null,
      legalId: null,
    },
    iban: 'DE02120300000000202051',
    bic: 'BYLADEM1001',
    paymentTerms: 'Zahlbar innerhalb von 30 Tagen ohne Abzug.',
    totals: {
      lineNet: '1290.00',
      allowances: null,
      charges: null,
      taxExclusive: '1290.00',
      tax: '235.50',
      grandTotal: '1525.50',
      prepaid: '100.00',
      due: '1425.50',
    },
    taxes: [
      { category: 'S', rate: '19', basis: '1210.00', amount: '229.90' },
      { category: 'AA', rate: '7', basis: '80.00', amount: '5.60' },
    ],
    lines: lineless
      ? []
      : [
          { id: '1', name: 'Schraubstock 125 mm', description: 'Gusseisen, drehbar', sellerItemId: 'SV-125', quantity: '2', unitCode: 'H87', netPrice: '305.00', netAmount: '610.00', vatCategory: 'S', vatRate: '19' },
          { id: '2', name: 'Montagestunde', description: null, sellerItemId: null, quantity: '7.5', unitCode: 'HUR', netPrice: '80.00', netAmount: '600.00', vatCategory: 'S', vatRate: '19' },
          { id: '3', name: 'Fachbuch Zerspanung', description: null, sellerItemId: 'ISBN-978-3', quantity: '1', unitCode: 'C62', netPrice: '80.00', netAmount: '80.00', vatCategory: 'AA', vatRate: '7' },
        ],
  };
}
