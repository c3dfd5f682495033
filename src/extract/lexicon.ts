/**
 * The engine's word lists in one place. The concept catalogue
 * (`concepts/`) holds the business vocabulary in seven languages; these are
 * the lists the table and header stages use, English unless noted, kept here
 * so they can join the catalogue language by language.
 */

/** Abbreviations in header and field names, expanded before matching ("Qty." → quantity). */
export const ABBREVIATIONS: Record<string, string> = {
  qty: 'quantity', qnty: 'quantity', qt: 'quantity', quan: 'quantity', pcs: 'quantity', units: 'quantity',
  amt: 'amount', amnt: 'amount',
  no: 'number', nr: 'number', num: 'number', nbr: 'number', '#': 'number',
  desc: 'description', descr: 'description', descrip: 'description',
  ref: 'reference', inv: 'invoice', acct: 'account', acc: 'account',
  dt: 'date', pct: 'percent', '%': 'percent', perc: 'percent',
  tel: 'phone', ph: 'phone', addr: 'address', dept: 'department', cust: 'customer',
  po: 'purchase order', vat: 'tax', gst: 'tax', hst: 'tax', uom: 'unit', um: 'unit',
  bal: 'balance', tot: 'total', ttl: 'total', ext: 'extended', disc: 'discount', dr: 'debit', cr: 'credit',
  pmt: 'payment', sku: 'item code', upc: 'item code', ean: 'item code', ea: 'each', yr: 'year',
  avg: 'average', min: 'minimum', max: 'maximum', approx: 'approximately', est: 'estimated',
};

/** Groups of words that mean the same thing on business documents; the first is the canonical form. */
export const SYNONYMS: string[][] = [
  ['description', 'item', 'items', 'details', 'particulars', 'product', 'service', 'article', 'designation', 'goods', 'narrative', 'memo', 'name'],
  ['quantity', 'count', 'pieces', 'volume', 'hours', 'hrs'],
  ['price', 'rate', 'cost', 'each', 'fee', 'tariff'],
  ['amount', 'total', 'value', 'sum', 'extended', 'net', 'line total', 'subtotal'],
  ['date', 'dated', 'day', 'issued', 'posted', 'posting date', 'transaction date', 'value date'],
  ['number', 'id', 'identifier', 'code', 'reference', 'key'],
  ['tax', 'vat', 'gst', 'duty'],
  ['vendor', 'supplier', 'seller', 'merchant', 'from', 'payee', 'company'],
  ['customer', 'client', 'buyer', 'bill to', 'sold to', 'purchaser', 'recipient'],
  ['debit', 'withdrawal', 'withdrawals', 'paid out', 'payments', 'money out', 'charges'],
  ['credit', 'deposit', 'deposits', 'paid in', 'receipts', 'money in'],
  ['balance', 'running balance', 'closing balance'],
  ['unit', 'uom', 'measure'],
  ['discount', 'rebate', 'reduction'],
  ['due', 'payable', 'owing'],
  ['item code', 'sku', 'part', 'part number', 'article number', 'catalog number', 'model'],
];

/** Words that carry no meaning in a header ("Price per unit" ~ "Unit price"). */
export const STOP_WORDS = new Set(['the', 'of', 'a', 'an', 'in', 'per', 'for', 'and', 'to', 'on', 'at', 'by', 'is']);

/** Labels of summary lines under a table (Subtotal, VAT, Total, Balance due...). */
export const SUMMARY_LABEL = /^(sub-?\s?total|total|grand total|balance( due)?|amount due|total due|tax|vat|gst|sales tax|shipping|discount|net|gross|carried forward|brought forward)\b/i;

/** Filler and flag values fill data cells of text tables ("NA", "Yes", "–"). */
export const FILLER_VALUE = /^(n\/?a|na|nil|none|yes|no|y|n|x|✓|✔|\*+|[-–—]+|\.{2,}|…)$/i;

/**
 * A footnote under a table: "Note:", "Sources:", "Other sources:", or a
 * marker before prose ("* excludes VAT", "† estimate"). "Notes payable" (a
 * balance sheet row) has no colon; "*Item 3" (a flagged row) no space.
 */
export const FOOTNOTE_START = /^(other\s+)?(sources?|notes?)\s*:|^[*†‡]+\s+\S/i;

/** A line that starts like a note rather than a row. */
export const NOTE_START = /^(source|sources|note|notes|\*|†|‡)\b/i;

/** A caption above a table ("Table 3", "Fig. 2"). */
export const CAPTION_START = /^(table|figure|fig\.|tab\.)\s*[\dIVX]/i;

/** A cell ending like an unfinished phrase continues on the next line ("Bread and"). */
export const CONTINUED_CELL_END = /[-,&/]$|\b(and|or|of|the|for|with|to|in)$/i;

/** Title words of a business document in the catalogue's languages: a heading, never a party's name. */
export const DOCUMENT_TITLE = /^(?:tax\s+)?(?:invoice|receipt|cash (?:sale|bill)|credit note|statement|packing list|delivery note|purchase order|order|payslip|quotation|rechnung|quittung|kassenbon|gutschrift|kontoauszug|lieferschein|bestellung|facture|re[çc]u|avoir|relev[ée]|factura|recibo|ticket|albar[áa]n|factuur|kassabon|fattura|scontrino|ricevuta|fatura|nota fiscal|kostenrechnung|k o s t e n r e c h n u n g|rechnungs-?korrektur|korrekturrechnung|account statement|bank statement|price list|pay statement|packing slip|electricity bill|(?:your )?energy bill|preisliste|entgeltabrechnung|gehaltsabrechnung|lohnabrechnung|verdienstabrechnung|packliste|stromrechnung|jahresabrechnung|extrait de compte|liste de prix|tarifs|bulletin de (?:paie|salaire)|liste de colisage|bon de (?:commande|livraison)|extracto (?:de cuenta|bancario)|lista de (?:precios|empaque)|n[óo]mina|recibo de salarios|pedido de compra|orden de compra|rekeningafschrift|bankafschrift|prijslijst|loonstrook|salarisstrook|paklijst|pakbon|inkooporder|bestelbon|energierekening|jaarnota|estratto conto|listino(?: prezzi)?|busta paga|cedolino|ordine (?:di acquisto|fornitore)|bolletta|documento di trasporto|extrato (?:banc[áa]rio|de conta)|tabela de pre[çc]os|lista de (?:pre[çc]os|embalagem)|recibo de (?:vencimento|sal[áa]rio)|nota de encomenda|ordem de compra|guia de remessa)\b/i;

/** Titles of a purchase order, which its buyer issues: the letterhead is the buyer, the addressee the supplier. */
export const PURCHASE_ORDER_TITLE = /^(?:purchase order|bestellung|bon de commande|pedido de compra|orden de compra|inkooporder|bestelbon|ordine (?:di acquisto|fornitore)|nota de encomenda|ordem de compra)\b/i;

/** The change a receipt gives back after the amount tendered, in the catalogue's seven languages ("Change 18.20", "Rückgeld 0,01"). */
export const CHANGE_GIVEN = /^(?:change|change due|your change|rückgeld|wechselgeld|rendu|rendu monnaie|monnaie rendue|cambio|su cambio|vuelto|wisselgeld|terug|retour|resto|troco)$/i;

/** Means of payment a receipt prints before the amount paid, in the catalogue's seven languages ("Card 12,00", "Bar 20,00", "Espèces"). */
export const PAYMENT_MEANS = /^(?:cash|card|credit card|debit card|contactless|visa|mastercard|maestro|amex|bar|barzahlung|karte|ec[- ]karte|ec[- ]cash|elec\.?-cash|girocard|kreditkarte|espèces|carte|carte bancaire|cb|efectivo|tarjeta|tarjeta de crédito|contant|pin|pinpas|pinbetaling|contanti|carta|carta di credito|bancomat|numerário|dinheiro|cartão|multibanco)$/i;
