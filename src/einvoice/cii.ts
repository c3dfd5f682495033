/**
 * UN/CEFACT CII `CrossIndustryInvoice` (ZUGFeRD 2.x, Factur-X, XRechnung CII)
 * and ZUGFeRD 1.0's `CrossIndustryDocument` → the EN 16931 model. The two
 * differ mostly in element names (`ApplicableHeaderTradeSettlement` against
 * `ApplicableSupplyChainTradeSettlement`), so each step accepts both.
 */
import { emptyParty, isCreditNoteCode, type EInvoice, type InvoiceLine, type Party } from './model.js';
import { child, childrenNamed, textAt, type XmlElement } from './xml-tree.js';

export const CII_NAMESPACES = [
  'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100',
  // ZUGFeRD 1.0
  'urn:ferd:CrossIndustryDocument:invoice:1p0',
];

/** A CII date (`DateTimeString`, format 102 = YYYYMMDD) as ISO YYYY-MM-DD; other formats as written. */
function dateOf(el: XmlElement | undefined): string | null {
  const s = child(el, 'DateTimeString', 'DateString');
  const text = s?.text ?? el?.text;
  if (!text) return null;
  const m = /^(\d{4})(\d{2})(\d{2})$/.exec(text);
  return m ? `${m[1]}-${m[2]}-${m[3]}` : text;
}

function readParty(party: XmlElement | undefined): Party {
  const p = emptyParty();
  if (!party) return p;
  const address = child(party, 'PostalTradeAddress');
  p.name = textAt(party, 'Name');
  p.street = textAt(address, 'LineOne');
  p.additionalStreet = textAt(address, 'LineTwo');
  p.postcode = textAt(address, 'PostcodeCode');
  p.city = textAt(address, 'CityName');
  p.countryCode = textAt(address, 'CountryID');
  for (const reg of childrenNamed(party, 'SpecifiedTaxRegistration')) {
    const id = child(reg, 'ID');
    if (!id?.text) continue;
    if (id.attrs.schemeID === 'VA') p.vatId ??= id.text;
    else p.taxRegistrationId ??= id.text;
  }
  p.legalId = textAt(party, 'SpecifiedLegalOrganization', 'ID');
  return p;
}

/** Of amounts repeated per currency (TaxTotalAmount), the one in the invoice's currency. */
function amountIn(parent: XmlElement | undefined, name: string, currency: string | null): string | null {
  const els = childrenNamed(parent, name);
  const el = els.find((e) => currency !== null && e.attrs.currencyID === currency) ?? els[0];
  return el?.text || null;
}

function readLine(item: XmlElement): InvoiceLine {
  const product = child(item, 'SpecifiedTradeProduct');
  const agreement = child(item, 'SpecifiedLineTradeAgreement', 'SpecifiedSupplyChainTradeAgreement');
  const delivery = child(item, 'SpecifiedLineTradeDelivery', 'SpecifiedSupplyChainTradeDelivery');
  const settlement = child(item, 'SpecifiedLineTradeSettlement', 'SpecifiedSupplyChainTradeSettlement');
  const quantity = child(delivery, 'BilledQuantity');
  const tax = child(settlement, 'ApplicableTradeTax');
  const summation = child(settlement, 'SpecifiedTradeSettlementLineMonetarySummation', 'SpecifiedTradeSettlementMonetarySummation');
  return {
    id: textAt(item, 'AssociatedDocumentLineDocument', 'LineID'),
    name: textAt(product, 'Name'),
    description: textAt(product, 'Description'),
    sellerItemId: textAt(product, 'SellerAssignedID'),
    quantity: quantity?.text || null,
    unitCode: quantity?.attrs.unitCode ?? null,
    netPrice: textAt(agreement, 'NetPriceProductTradePrice', 'ChargeAmount'),
    netAmount: textAt(summation, 'LineTotalAmount'),
    vatCategory: textAt(tax, 'CategoryCode'),
    vatRate: textAt(tax, 'RateApplicablePercent') ?? textAt(tax, 'ApplicablePercent'),
  };
}

export function readCii(root: XmlElement): EInvoice {
  const context = child(root, 'ExchangedDocumentContext', 'SpecifiedExchangedDocumentContext');
  const doc = child(root, 'ExchangedDocument', 'HeaderExchangedDocument');
  const transaction = child(root, 'SupplyChainTradeTransaction', 'SpecifiedSupplyChainTradeTransaction');
  const agreement = child(transaction, 'ApplicableHeaderTradeAgreement', 'ApplicableSupplyChainTradeAgreement');
  const delivery = child(transaction, 'ApplicableHeaderTradeDelivery', 'ApplicableSupplyChainTradeDelivery');
  const settlement = child(transaction, 'ApplicableHeaderTradeSettlement', 'ApplicableSupplyChainTradeSettlement');
  const summation = child(settlement, 'SpecifiedTradeSettlementHeaderMonetarySummation', 'SpecifiedTradeSettlementMonetarySummation');
  const means = child(settlement, 'SpecifiedTradeSettlementPaymentMeans');
  const terms = child(settlement, 'SpecifiedTradePaymentTerms');
  const currency = textAt(settlement, 'InvoiceCurrencyCode');
  const typeCode = textAt(doc, 'TypeCode');
  return {
    syntax: 'CII',
    profile: textAt(context, 'GuidelineSpecifiedDocumentContextParameter', 'ID'),
    number: textAt(doc, 'ID'),
    issueDate: dateOf(child(doc, 'IssueDateTime')),
    typeCode,
    creditNote: isCreditNoteCode(typeCode),
    currency,
    dueDate: dateOf(child(terms, 'DueDateDateTime')),
    buyerReference: textAt(agreement, 'BuyerReference'),
    orderReference: textAt(agreement, 'BuyerOrderReferencedDocument', 'IssuerAssignedID') ?? textAt(agreement, 'BuyerOrderReferencedDocument', 'ID'),
    deliveryDate: dateOf(child(child(delivery, 'ActualDeliverySupplyChainEvent'), 'OccurrenceDateTime')),
    note: textAt(doc, 'IncludedNote', 'Content'),
    seller: readParty(child(agreement, 'SellerTradeParty')),
    buyer: readParty(child(agreement, 'BuyerTradeParty')),
    iban: textAt(means, 'PayeePartyCreditorFinancialAccount', 'IBANID'),
    bic: textAt(means, 'PayeeSpecifiedCreditorFinancialInstitution', 'BICID'),
    paymentTerms: textAt(terms, 'Description'),
    totals: {
      lineNet: textAt(summation, 'LineTotalAmount'),
      allowances: textAt(summation, 'AllowanceTotalAmount'),
      charges: textAt(summation, 'ChargeTotalAmount'),
      taxExclusive: textAt(summation, 'TaxBasisTotalAmount'),
      tax: amountIn(summation, 'TaxTotalAmount', currency),
      grandTotal: textAt(summation, 'GrandTotalAmount'),
      prepaid: textAt(summation, 'TotalPrepaidAmount'),
      due: textAt(summation, 'DuePayableAmount'),
    },
    taxes: childrenNamed(settlement, 'ApplicableTradeTax').map((t) => ({
      category: textAt(t, 'CategoryCode'),
      rate: textAt(t, 'RateApplicablePercent') ?? textAt(t, 'ApplicablePercent'),
      basis: textAt(t, 'BasisAmount'),
      amount: textAt(t, 'CalculatedAmount'),
    })),
    lines: childrenNamed(transaction, 'IncludedSupplyChainTradeLineItem').map(readLine),
  };
}
