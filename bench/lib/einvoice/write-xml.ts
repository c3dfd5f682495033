/**
 * Writes an EN 16931 model as UBL 2.1 or CII XML, the way issuers' software
 * does, for fixtures: the same invoice in both syntaxes and several profiles.
 * Only what the model holds is written; MINIMUM and BASIC WL carry no lines.
 */
import type { EInvoice, InvoiceLine, Party } from '../../../src/einvoice/model.js';

export const PROFILES = {
  minimum: 'urn:factur-x.eu:1p0:minimum',
  basicwl: 'urn:factur-x.eu:1p0:basicwl',
  basic: 'urn:cen.eu:en16931:2017#compliant#urn:factur-x.eu:1p0:basic',
  en16931: 'urn:cen.eu:en16931:2017',
  extended: 'urn:cen.eu:en16931:2017#conformant#urn:factur-x.eu:1p0:extended',
  xrechnung: 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0',
  peppol: 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0',
  zugferd1: 'urn:ferd:CrossIndustryDocument:invoice:1p0:comfort',
} as const;

export type ProfileName = keyof typeof PROFILES;

/** Profiles that carry no invoice lines. */
export const LINELESS: readonly string[] = [PROFILES.minimum, PROFILES.basicwl];

type Node = string | null | undefined | false | Node[];

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** An element, or nothing when its only content is absent. */
function el(name: string, content: Node, attrs: Record<string, string | null> = {}): string | null {
  const inner = flat(content);
  if (inner === '') return null;
  const a = Object.entries(attrs).filter(([, v]) => v !== null).map(([k, v]) => ` ${k}="${esc(v!)}"`).join('');
  return `<${name}${a}>${inner}</${name}>`;
}
const txt = (name: string, value: string | null, attrs: Record<string, string | null> = {}) => (value === null ? null : el(name, esc(value), attrs));
const flat = (n: Node): string => (Array.isArray(n) ? n.map(flat).join('') : n ? n : '');

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';

// ---- UBL ----

function ublParty(p: Party): Node {
  return el('cac:Party', [
    el('cac:PartyName', txt('cbc:Name', p.name)),
    el('cac:PostalAddress', [
      txt('cbc:StreetName', p.street),
      txt('cbc:AdditionalStreetName', p.additionalStreet),
      txt('cbc:CityName', p.city),
      txt('cbc:PostalZone', p.postcode),
      el('cac:Country', txt('cbc:IdentificationCode', p.countryCode)),
    ]),
    p.vatId && el('cac:PartyTaxScheme', [txt('cbc:CompanyID', p.vatId), '<cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme>']),
    p.taxRegistrationId && el('cac:PartyTaxScheme', [txt('cbc:CompanyID', p.taxRegistrationId), '<cac:TaxScheme><cbc:ID>FC</cbc:ID></cac:TaxScheme>']),
    el('cac:PartyLegalEntity', [txt('cbc:RegistrationName', p.name), txt('cbc:CompanyID', p.legalId)]),
  ]);
}

function ublLine(l: InvoiceLine, credit: boolean, cur: string): Node {
  return el(credit ? 'cac:CreditNoteLine' : 'cac:InvoiceLine', [
    txt('cbc:ID', l.id),
    txt(credit ? 'cbc:CreditedQuantity' : 'cbc:InvoicedQuantity', l.quantity, { unitCode: l.unitCode }),
    txt('cbc:LineExtensionAmount', l.netAmount, { currencyID: cur }),
    el('cac:Item', [
      txt('cbc:Description', l.description),
      txt('cbc:Name', l.name),
      el('cac:SellersItemIdentification', txt('cbc:ID', l.sellerItemId)),
      el('cac:ClassifiedTaxCategory', [txt('cbc:ID', l.vatCategory), txt('cbc:Percent', l.vatRate), '<cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme>']),
    ]),
    el('cac:Price', txt('cbc:PriceAmount', l.netPrice, { currencyID: cur })),
  ]);
}

export function writeUbl(i: EInvoice): string {
  const root = i.creditNote ? 'CreditNote' : 'Invoice';
  const cur = i.currency ?? 'EUR';
  const money = (name: string, v: string | null) => txt(name, v, { currencyID: cur });
  const body = [
    txt('cbc:CustomizationID', i.profile),
    txt('cbc:ID', i.number),
    txt('cbc:IssueDate', i.issueDate),
    !i.creditNote && txt('cbc:DueDate', i.dueDate),
    txt(i.creditNote ? 'cbc:CreditNoteTypeCode' : 'cbc:InvoiceTypeCode', i.typeCode),
    txt('cbc:Note', i.note),
    txt('cbc:DocumentCurrencyCode', i.currency),
    txt('cbc:BuyerReference', i.buyerReference),
    el('cac:OrderReference', txt('cbc:ID', i.orderReference)),
    el('cac:AccountingSupplierParty', ublParty(i.seller)),
    el('cac:AccountingCustomerParty', ublParty(i.buyer)),
    el('cac:Delivery', txt('cbc:ActualDeliveryDate', i.deliveryDate)),
    el('cac:PaymentMeans', [
      '<cbc:PaymentMeansCode>58</cbc:PaymentMeansCode>',
      i.creditNote && txt('cbc:PaymentDueDate', i.dueDate),
      el('cac:PayeeFinancialAccount', [txt('cbc:ID', i.iban), el('cac:FinancialInstitutionBranch', txt('cbc:ID', i.bic))]),
    ]),
    el('cac:PaymentTerms', txt('cbc:Note', i.paymentTerms)),
    el('cac:TaxTotal', [
      money('cbc:TaxAmount', i.totals.tax),
      i.taxes.map((t) =>
        el('cac:TaxSubtotal', [
          money('cbc:TaxableAmount', t.basis),
          money('cbc:TaxAmount', t.amount),
          el('cac:TaxCategory', [txt('cbc:ID', t.category), txt('cbc:Percent', t.rate), '<cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme>']),
        ]),
      ),
    ]),
    el('cac:LegalMonetaryTotal', [
      money('cbc:LineExtensionAmount', i.totals.lineNet),
      money('cbc:TaxExclusiveAmount', i.totals.taxExclusive),
      money('cbc:TaxInclusiveAmount', i.totals.grandTotal),
      money('cbc:AllowanceTotalAmount', i.totals.allowances),
      money('cbc:ChargeTotalAmount', i.totals.charges),
      money('cbc:PrepaidAmount', i.totals.prepaid),
      money('cbc:PayableAmount', i.totals.due),
    ]),
    i.lines.map((l) => ublLine(l, i.creditNote, cur)),
  ];
  return (
    XML_HEAD +
    `<${root} xmlns="urn:oasis:names:specification:ubl:schema:xsd:${root}-2" ` +
    'xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" ' +
    `xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">${flat(body)}</${root}>\n`
  );
}

// ---- CII (2.x and ZUGFeRD 1.0) ----

const cdate = (name: string, iso: string | null) =>
  iso === null ? null : el(name, `<udt:DateTimeString format="102">${iso.replace(/-/g, '')}</udt:DateTimeString>`);

function ciiParty(name: string, p: Party): Node {
  return el(name, [
    txt('ram:Name', p.name),
    el('ram:SpecifiedLegalOrganization', txt('ram:ID', p.legalId)),
    el('ram:PostalTradeAddress', [
      txt('ram:PostcodeCode', p.postcode),
      txt('ram:LineOne', p.street),
      txt('ram:LineTwo', p.additionalStreet),
      txt('ram:CityName', p.city),
      txt('ram:CountryID', p.countryCode),
    ]),
    el('ram:SpecifiedTaxRegistration', txt('ram:ID', p.taxRegistrationId, { schemeID: 'FC' })),
    el('ram:SpecifiedTaxRegistration', txt('ram:ID', p.vatId, { schemeID: 'VA' })),
  ]);
}

export function writeCii(i: EInvoice): string {
  const v1 = i.profile?.startsWith('urn:ferd:') ?? false;
  const n = (v2: string, old: string) => (v1 ? old : v2);
  const cur = i.currency ?? 'EUR';
  const tax = (t: { amount: string | null; basis: string | null; category: string | null; rate: string | null }) =>
    el('ram:ApplicableTradeTax', [
      txt('ram:CalculatedAmount', t.amount, v1 ? { currencyID: cur } : {}),
      '<ram:TypeCode>VAT</ram:TypeCode>',
      txt('ram:BasisAmount', t.basis, v1 ? { currencyID: cur } : {}),
      txt('ram:CategoryCode', t.category),
      txt(n('ram:RateApplicablePercent', 'ram:ApplicablePercent'), t.rate),
    ]);
  const lines = i.lines.map((l) =>
    el('ram:IncludedSupplyChainTradeLineItem', [
      el('ram:AssociatedDocumentLineDocument', txt('ram:LineID', l.id)),
      !v1 && el('ram:SpecifiedTradeProduct', [txt('ram:SellerAssignedID', l.sellerItemId), txt('ram:Name', l.name), txt('ram:Description', l.description)]),
      el(n('ram:SpecifiedLineTradeAgreement', 'ram:SpecifiedSupplyChainTradeAgreement'), el('ram:NetPriceProductTradePrice', txt('ram:ChargeAmount', l.netPrice))),
      el(n('ram:SpecifiedLineTradeDelivery', 'ram:SpecifiedSupplyChainTradeDelivery'), txt('ram:BilledQuantity', l.quantity, { unitCode: l.unitCode })),
      el(n('ram:SpecifiedLineTradeSettlement', 'ram:SpecifiedSupplyChainTradeSettlement'), [
        el('ram:ApplicableTradeTax', ['<ram:TypeCode>VAT</ram:TypeCode>', txt('ram:CategoryCode', l.vatCategory), txt(n('ram:RateApplicablePercent', 'ram:ApplicablePercent'), l.vatRate)]),
        el(n('ram:SpecifiedTradeSettlementLineMonetarySummation', 'ram:SpecifiedTradeSettlementMonetarySummation'), txt('ram:LineTotalAmount', l.netAmount)),
      ]),
      v1 && el('ram:SpecifiedTradeProduct', [txt('ram:SellerAssignedID', l.sellerItemId), txt('ram:Name', l.name), txt('ram:Description', l.description)]),
    ]),
  );
  const agreement = el(n('ram:ApplicableHeaderTradeAgreement', 'ram:ApplicableSupplyChainTradeAgreement'), [
    txt('ram:BuyerReference', i.buyerReference),
    ciiParty('ram:SellerTradeParty', i.seller),
    ciiParty('ram:BuyerTradeParty', i.buyer),
    el('ram:BuyerOrderReferencedDocument', txt(n('ram:IssuerAssignedID', 'ram:ID'), i.orderReference)),
  ]);
  const delivery = el(n('ram:ApplicableHeaderTradeDelivery', 'ram:ApplicableSupplyChainTradeDelivery'), el('ram:ActualDeliverySupplyChainEvent', cdate('ram:OccurrenceDateTime', i.deliveryDate))) ?? (v1 ? null : '<ram:ApplicableHeaderTradeDelivery/>');
  const money = (name: string, v: string | null) => txt(name, v, v1 || name === 'ram:TaxTotalAmount' ? { currencyID: cur } : {});
  const settlement = el(n('ram:ApplicableHeaderTradeSettlement', 'ram:ApplicableSupplyChainTradeSettlement'), [
    txt('ram:InvoiceCurrencyCode', i.currency),
    el('ram:SpecifiedTradeSettlementPaymentMeans', [
      '<ram:TypeCode>58</ram:TypeCode>',
      el('ram:PayeePartyCreditorFinancialAccount', txt('ram:IBANID', i.iban)),
      el('ram:PayeeSpecifiedCreditorFinancialInstitution', txt('ram:BICID', i.bic)),
    ]),
    i.taxes.map(tax),
    el('ram:SpecifiedTradePaymentTerms', [txt('ram:Description', i.paymentTerms), cdate('ram:DueDateDateTime', i.dueDate)]),
    el(n('ram:SpecifiedTradeSettlementHeaderMonetarySummation', 'ram:SpecifiedTradeSettlementMonetarySummation'), [
      money('ram:LineTotalAmount', i.totals.lineNet),
      money('ram:ChargeTotalAmount', i.totals.charges),
      money('ram:AllowanceTotalAmount', i.totals.allowances),
      money('ram:TaxBasisTotalAmount', i.totals.taxExclusive),
      money('ram:TaxTotalAmount', i.totals.tax),
      money('ram:GrandTotalAmount', i.totals.grandTotal),
      money('ram:TotalPrepaidAmount', i.totals.prepaid),
      money('ram:DuePayableAmount', i.totals.due),
    ]),
  ]);
  const root = v1 ? 'rsm:CrossIndustryDocument' : 'rsm:CrossIndustryInvoice';
  const rsm = v1 ? 'urn:ferd:CrossIndustryDocument:invoice:1p0' : 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100';
  const ram = v1 ? 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:12' : 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100';
  const udt = v1 ? 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:15' : 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100';
  const body = [
    el(n('rsm:ExchangedDocumentContext', 'rsm:SpecifiedExchangedDocumentContext'), el('ram:GuidelineSpecifiedDocumentContextParameter', txt('ram:ID', i.profile))),
    el(n('rsm:ExchangedDocument', 'rsm:HeaderExchangedDocument'), [
      txt('ram:ID', i.number),
      txt('ram:TypeCode', i.typeCode),
      cdate('ram:IssueDateTime', i.issueDate),
      el('ram:IncludedNote', txt('ram:Content', i.note)),
    ]),
    el(n('rsm:SupplyChainTradeTransaction', 'rsm:SpecifiedSupplyChainTradeTransaction'), v1 ? [agreement, delivery, settlement, lines] : [lines, agreement, delivery, settlement]),
  ];
  return XML_HEAD + `<${root} xmlns:rsm="${rsm}" xmlns:ram="${ram}" xmlns:udt="${udt}">${flat(body)}</${root}>\n`;
}
