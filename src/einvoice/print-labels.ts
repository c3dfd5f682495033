/**
 * The words of an e-invoice rendered to a page, per language. The language
 * is the seller's (its country), since the issuer writes the invoice in it;
 * English where the country says nothing.
 */
import type { Lang } from '../extract/concepts/index.js';

export interface PrintLabels {
  invoice: string;
  creditNote: string;
  number: string;
  issueDate: string;
  dueDate: string;
  deliveryDate: string;
  buyerReference: string;
  orderReference: string;
  seller: string;
  buyer: string;
  vatId: string;
  taxNumber: string;
  legalId: string;
  position: string;
  itemId: string;
  item: string;
  quantity: string;
  unit: string;
  price: string;
  vatRate: string;
  amount: string;
  lineNet: string;
  allowances: string;
  charges: string;
  taxBasis: string;
  vat: string;
  total: string;
  prepaid: string;
  due: string;
  payment: string;
  page: string;
}

export const PRINT_LABELS: Record<Lang, PrintLabels> = {
  en: {
    invoice: 'Invoice', creditNote: 'Credit note', number: 'Invoice number', issueDate: 'Invoice date', dueDate: 'Due date',
    deliveryDate: 'Delivery date', buyerReference: 'Buyer reference', orderReference: 'Order number', seller: 'Seller', buyer: 'Buyer',
    vatId: 'VAT ID', taxNumber: 'Tax number', legalId: 'Registration', position: 'Pos.', itemId: 'Item no.', item: 'Description',
    quantity: 'Qty', unit: 'Unit', price: 'Unit price', vatRate: 'VAT %', amount: 'Amount', lineNet: 'Subtotal', allowances: 'Allowances',
    charges: 'Charges', taxBasis: 'Total net', vat: 'VAT', total: 'Total', prepaid: 'Paid', due: 'Amount due', payment: 'Payment', page: 'Page',
  },
  de: {
    invoice: 'Rechnung', creditNote: 'Gutschrift', number: 'Rechnungsnummer', issueDate: 'Rechnungsdatum', dueDate: 'Fällig am',
    deliveryDate: 'Lieferdatum', buyerReference: 'Käuferreferenz', orderReference: 'Bestellnummer', seller: 'Verkäufer', buyer: 'Käufer',
    vatId: 'USt-IdNr.', taxNumber: 'Steuernummer', legalId: 'Register', position: 'Pos.', itemId: 'Artikelnr.', item: 'Bezeichnung',
    quantity: 'Menge', unit: 'Einheit', price: 'Einzelpreis', vatRate: 'USt. %', amount: 'Betrag', lineNet: 'Summe Positionen', allowances: 'Nachlässe',
    charges: 'Zuschläge', taxBasis: 'Nettobetrag', vat: 'USt.', total: 'Gesamtbetrag', prepaid: 'Bereits gezahlt', due: 'Zahlbetrag', payment: 'Zahlung', page: 'Seite',
  },
  fr: {
    invoice: 'Facture', creditNote: 'Avoir', number: 'Numéro de facture', issueDate: 'Date de facture', dueDate: "Date d'échéance",
    deliveryDate: 'Date de livraison', buyerReference: "Référence de l'acheteur", orderReference: 'Numéro de commande', seller: 'Vendeur', buyer: 'Acheteur',
    vatId: 'N° TVA', taxNumber: 'N° fiscal', legalId: 'SIRET', position: 'N°', itemId: 'Réf.', item: 'Désignation',
    quantity: 'Qté', unit: 'Unité', price: 'Prix unitaire', vatRate: 'TVA %', amount: 'Montant', lineNet: 'Total lignes', allowances: 'Remises',
    charges: 'Frais', taxBasis: 'Total HT', vat: 'TVA', total: 'Total TTC', prepaid: 'Acompte', due: 'Net à payer', payment: 'Paiement', page: 'Page',
  },
  es: {
    invoice: 'Factura', creditNote: 'Factura rectificativa', number: 'Número de factura', issueDate: 'Fecha de factura', dueDate: 'Vencimiento',
    deliveryDate: 'Fecha de entrega', buyerReference: 'Referencia del comprador', orderReference: 'Número de pedido', seller: 'Vendedor', buyer: 'Comprador',
    vatId: 'NIF-IVA', taxNumber: 'NIF', legalId: 'Registro', position: 'Pos.', itemId: 'Ref.', item: 'Descripción',
    quantity: 'Cant.', unit: 'Unidad', price: 'Precio unitario', vatRate: 'IVA %', amount: 'Importe', lineNet: 'Suma líneas', allowances: 'Descuentos',
    charges: 'Cargos', taxBasis: 'Base imponible', vat: 'IVA', total: 'Total', prepaid: 'Pagado', due: 'Importe a pagar', payment: 'Pago', page: 'Página',
  },
  nl: {
    invoice: 'Factuur', creditNote: 'Creditnota', number: 'Factuurnummer', issueDate: 'Factuurdatum', dueDate: 'Vervaldatum',
    deliveryDate: 'Leverdatum', buyerReference: 'Referentie koper', orderReference: 'Ordernummer', seller: 'Verkoper', buyer: 'Koper',
    vatId: 'Btw-nummer', taxNumber: 'Fiscaal nummer', legalId: 'KvK', position: 'Pos.', itemId: 'Artikelnr.', item: 'Omschrijving',
    quantity: 'Aantal', unit: 'Eenheid', price: 'Prijs per stuk', vatRate: 'Btw %', amount: 'Bedrag', lineNet: 'Som regels', allowances: 'Kortingen',
    charges: 'Toeslagen', taxBasis: 'Totaal excl. btw', vat: 'Btw', total: 'Totaal', prepaid: 'Betaald', due: 'Te betalen', payment: 'Betaling', page: 'Pagina',
  },
  it: {
    invoice: 'Fattura', creditNote: 'Nota di credito', number: 'Numero fattura', issueDate: 'Data fattura', dueDate: 'Scadenza',
    deliveryDate: 'Data di consegna', buyerReference: "Riferimento dell'acquirente", orderReference: 'Numero ordine', seller: 'Venditore', buyer: 'Acquirente',
    vatId: 'Partita IVA', taxNumber: 'Codice fiscale', legalId: 'REA', position: 'Pos.', itemId: 'Codice', item: 'Descrizione',
    quantity: 'Qtà', unit: 'Unità', price: 'Prezzo unitario', vatRate: 'IVA %', amount: 'Importo', lineNet: 'Totale righe', allowances: 'Sconti',
    charges: 'Maggiorazioni', taxBasis: 'Imponibile', vat: 'IVA', total: 'Totale', prepaid: 'Già pagato', due: 'Da pagare', payment: 'Pagamento', page: 'Pagina',
  },
  pt: {
    invoice: 'Fatura', creditNote: 'Nota de crédito', number: 'Número da fatura', issueDate: 'Data da fatura', dueDate: 'Vencimento',
    deliveryDate: 'Data de entrega', buyerReference: 'Referência do comprador', orderReference: 'Número da encomenda', seller: 'Vendedor', buyer: 'Comprador',
    vatId: 'NIF IVA', taxNumber: 'NIF', legalId: 'Registo', position: 'Pos.', itemId: 'Ref.', item: 'Descrição',
    quantity: 'Qtd.', unit: 'Unidade', price: 'Preço unitário', vatRate: 'IVA %', amount: 'Valor', lineNet: 'Soma linhas', allowances: 'Descontos',
    charges: 'Encargos', taxBasis: 'Total s/ IVA', vat: 'IVA', total: 'Total', prepaid: 'Pago', due: 'A pagar', payment: 'Pagamento', page: 'Página',
  },
};

const BY_COUNTRY: Record<string, Lang> = {
  DE: 'de', AT: 'de', CH: 'de', LI: 'de', LU: 'fr', FR: 'fr', BE: 'fr', MC: 'fr', ES: 'es', NL: 'nl', IT: 'it', SM: 'it', PT: 'pt', BR: 'pt',
};

export const languageOfCountry = (countryCode: string | null): Lang => (countryCode ? BY_COUNTRY[countryCode.toUpperCase()] : undefined) ?? 'en';
