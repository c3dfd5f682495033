/** UBL 2.1 `Invoice` and `CreditNote` (Peppol BIS Billing 3.0, XRechnung UBL) → the EN 16931 model. */
import { emptyParty, isCreditNoteCode, type EInvoice, type InvoiceLine, type Party, type TaxBreakdown } from './model.js';
import { at, child, childrenNamed, textAt, type XmlElement } from './xml-tree.js';

export const UBL_NAMESPACES = [
  'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2',
];

/** Of repeated elements (TaxTotal, TaxAmount), the one in the document's currency: UBL repeats them in the tax currency. */
function inCurrency(els: XmlElement[], currency: string | null, amountOf: (e: XmlElement) => XmlElement | undefined): XmlElement | undefined {
  return els.find((e) => currency !== null && amountOf(e)?.attrs.currencyID === currency) ?? els[0];
}

function readParty(party: XmlElement | undefined): Party {
  const p = emptyParty();
  if (!party) return p;
  const address = child(party, 'PostalAddress');
  p.name = textAt(party, 'PartyLegalEntity', 'RegistrationName') ?? textAt(party, 'PartyName', 'Name');
  p.street = textAt(address, 'StreetName');
  p.additionalStreet = textAt(address, 'AdditionalStreetName');
  p.postcode = textAt(address, 'PostalZone');
  p.city = textAt(address, 'CityName');
  p.countryCode = textAt(address, 'Country', 'IdentificationCode');
  for (const scheme of childrenNamed(party, 'PartyTaxScheme')) {
    const id = textAt(scheme, 'CompanyID');
    if (textAt(scheme, 'TaxScheme', 'ID')?.toUpperCase() === 'VAT') p.vatId ??= id;
    else p.taxRegistrationId ??= id;
  }
  p.legalId = textAt(party, 'PartyLegalEntity', 'CompanyID');
  return p;
}

function readLine(line: XmlElement): InvoiceLine {
  const item = child(line, 'Item');
  const quantity = child(line, 'InvoicedQuantity', 'CreditedQuantity');
  const tax = child(item, 'ClassifiedTaxCategory');
  return {
    id: textAt(line, 'ID'),
    name: textAt(item, 'Name'),
    description: textAt(item, 'Description'),
    sellerItemId: textAt(item, 'SellersItemIdentification', 'ID'),
    quantity: quantity?.text || null,
    unitCode: quantity?.attrs.unitCode ?? null,
    netPrice: textAt(line, 'Price', 'PriceAmount'),
    netAmount: textAt(line, 'LineExtensionAmount'),
    vatCategory: textAt(tax, 'ID'),
    vatRate: textAt(tax, 'Percent'),
  };
}

export function readUbl(root: XmlElement): EInvoice {
  const currency = textAt(root, 'DocumentCurrencyCode');
  const taxTotal = inCurrency(childrenNamed(root, 'TaxTotal'), currency, (t) => child(t, 'TaxAmount'));
  const taxes: TaxBreakdown[] = childrenNamed(taxTotal, 'TaxSubtotal').map((s) => ({
    category: textAt(s, 'TaxCategory', 'ID'),
    rate: textAt(s, 'TaxCategory', 'Percent'),
    basis: textAt(s, 'TaxableAmount'),
    amount: textAt(s, 'TaxAmount'),
  }));
  const totals = child(root, 'LegalMonetaryTotal');
  const means = child(root, 'PaymentMeans');
  const typeCode = textAt(root, 'InvoiceTypeCode') ?? textAt(root, 'CreditNoteTypeCode');
  return {
    syntax: 'UBL',
    profile: textAt(root, 'CustomizationID'),
    number: textAt(root, 'ID'),
    issueDate: textAt(root, 'IssueDate'),
    typeCode,
    creditNote: root.name === 'CreditNote' || isCreditNoteCode(typeCode),
    currency,
    dueDate: textAt(root, 'DueDate') ?? textAt(root, 'PaymentMeans', 'PaymentDueDate'),
    buyerReference: textAt(root, 'BuyerReference'),
    orderReference: textAt(root, 'OrderReference', 'ID'),
    deliveryDate: textAt(root, 'Delivery', 'ActualDeliveryDate'),
    note: textAt(root, 'Note'),
    seller: readParty(at(root, 'AccountingSupplierParty', 'Party')),
    buyer: readParty(at(root, 'AccountingCustomerParty', 'Party')),
    iban: textAt(means, 'PayeeFinancialAccount', 'ID'),
    bic: textAt(means, 'PayeeFinancialAccount', 'FinancialInstitutionBranch', 'ID'),
    paymentTerms: textAt(root, 'PaymentTerms', 'Note'),
    totals: {
      lineNet: textAt(totals, 'LineExtensionAmount'),
      allowances: textAt(totals, 'AllowanceTotalAmount'),
      charges: textAt(totals, 'ChargeTotalAmount'),
      taxExclusive: textAt(totals, 'TaxExclusiveAmount'),
      tax: textAt(taxTotal, 'TaxAmount'),
      grandTotal: textAt(totals, 'TaxInclusiveAmount'),
      prepaid: textAt(totals, 'PrepaidAmount'),
      due: textAt(totals, 'PayableAmount'),
    },
    taxes,
    lines: [...childrenNamed(root, 'InvoiceLine'), ...childrenNamed(root, 'CreditNoteLine')].map(readLine),
  };
}
