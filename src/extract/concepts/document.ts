/**
 * Document-level concepts: one value per document (its number, dates,
 * parties, totals). Labels are as printed, abbreviations and variants
 * included; `|` separates variants. The vocabulary follows the business terms
 * of the EN 16931 invoice model and ISO 20022 statements (docs/engine.md,
 * "Field concepts"); the wording is ours.
 */
import { defineConcepts } from './define.js';

export const DOCUMENT_CONCEPTS = defineConcepts('document', [
  // Document numbers. `document_number` is the generic one every specific number falls back to.
  {
    id: 'document_number', kind: 'identifier', aliases: 'doc_number|document_no|document_id|number|reference_number|doc_no',
    en: 'Document No.|Document Number|Doc. No.|Number|No.|Reference No.', de: 'Belegnummer|Beleg-Nr.|Belegnr.|Dokumentnummer|Nummer|Nr.',
    fr: 'Numéro|N°|Numéro de document|N° de document|N° pièce', es: 'Número|Nº|Número de documento|Nº documento', nl: 'Nummer|Nr.|Documentnummer|Documentnr.',
    it: 'Numero|N.|Numero documento|N. documento', pt: 'Número|Nº|Número do documento|Nº do documento',
  },
  {
    id: 'invoice_number', kind: 'identifier', broader: 'document_number', aliases: 'invoice_no|inv_no|inv_number|invoice_id|invoice_num|bill_number|bill_no',
    en: 'Invoice No.|Invoice Number|Invoice #|Inv. No.|Inv #|Invoice ID|Bill No.|Tax Invoice No.', de: 'Rechnungsnummer|Rechnungsnr.|Rechnungs-Nr.|Rechnung Nr.|Rechnung-Nr.|Re.-Nr.|RE-Nr.|Rg.-Nr.',
    fr: 'Numéro de facture|N° de facture|N° facture|Facture N°|Facture n°|Facture|No de facture', es: 'Número de factura|Nº factura|Nº de factura|N.º de factura|Factura Nº|Factura nº|Núm. factura|Factura|Factura n.º',
    nl: 'Factuurnummer|Factuurnr.|Factuur nr.|Factuur nummer|Factuur', it: 'Numero fattura|Fattura n.|Fattura N°|Fattura nr.|N. fattura|Nr. fattura|Fattura',
    pt: 'Número da fatura|Fatura nº|Fatura Nº|Nº da fatura|Nota fiscal nº|Número da nota fiscal|NF-e nº|Fatura|N.º da fatura',
  },
  {
    id: 'credit_note_number', kind: 'identifier', broader: 'document_number', aliases: 'credit_note_no|credit_memo_number|credit_number',
    en: 'Credit Note No.|Credit Note Number|Credit Memo No.|Credit Note', de: 'Gutschriftsnummer|Gutschrift-Nr.|Gutschrift Nr.|Gutschrift|Korrekturrechnung Nr.',
    fr: "N° d'avoir|Numéro d'avoir|Avoir N°|Avoir n°|Avoir", es: 'Nº de abono|Número de abono|Nota de crédito Nº|Número de nota de crédito|Factura rectificativa Nº',
    nl: 'Creditnotanummer|Creditnota nr.|Creditfactuur nr.|Creditnota', it: 'Nota di credito n.|Numero nota di credito|Nota di credito N°|Nota di credito',
    pt: 'Nota de crédito nº|Número da nota de crédito|Nota de crédito',
  },
  {
    id: 'order_number', kind: 'identifier', broader: 'document_number', aliases: 'order_no|order_id|sales_order_number|so_number',
    en: 'Order No.|Order Number|Order #|Order ID|Sales Order No.|Sales Order|Order', de: 'Auftragsnummer|Auftrags-Nr.|Auftrag-Nr.|Auftragsnr.|Auftrag Nr.|Auftrag',
    fr: 'N° de commande|Numéro de commande|Commande N°|Commande n°|N° commande|Commande', es: 'Nº de pedido|Número de pedido|Pedido Nº|Pedido nº|Nº pedido|Pedido',
    nl: 'Ordernummer|Ordernr.|Order nr.|Opdrachtnummer|Order', it: 'Numero ordine|Ordine n.|N. ordine|Nr. ordine|Ordine N°|Ordine', pt: 'Número do pedido|Pedido nº|Nº do pedido|Nº da encomenda|Encomenda nº|Nº encomenda|Encomenda|Pedido',
  },
  {
    id: 'purchase_order_number', kind: 'identifier', broader: 'document_number', aliases: 'po_number|po_no|purchase_order|purchase_order_no|po',
    en: 'PO Number|PO No.|PO #|P.O. No.|P.O. #|Purchase Order|Purchase Order No.|Purchase Order Number|Your Order No.|Your Order|Customer PO',
    de: 'Bestellnummer|Bestell-Nr.|Bestellnr.|Bestellung Nr.|Ihre Bestellung|Ihre Bestellnummer|Bestellung',
    fr: 'N° bon de commande|N° de bon de commande|Bon de commande|Bon de commande N°|Votre commande', es: 'Orden de compra|Nº orden de compra|Número de orden de compra|Su pedido',
    nl: 'Inkoopordernummer|Inkooporder|PO-nummer|Uw bestelnummer|Bestelnummer|Bestelnr.', it: "Ordine d'acquisto|N. ordine d'acquisto|Numero ordine d'acquisto|Vostro ordine",
    pt: 'Ordem de compra|Nº ordem de compra|Pedido de compra|Nº pedido de compra|Nota de encomenda',
  },
  {
    id: 'receipt_number', kind: 'identifier', broader: 'document_number', aliases: 'receipt_no|receipt_id|ticket_number|transaction_number',
    en: 'Receipt No.|Receipt Number|Receipt #|Receipt|Trans. No.|Trans.|Transaction No.|Ticket No.', de: 'Bon-Nr.|Bonnummer|Bonnr.|Beleg Nr.|Kassenbon Nr.|Quittung Nr.|Quittungsnummer',
    fr: 'N° de ticket|Ticket N°|Ticket n°|N° de reçu|Reçu N°|Numéro de ticket|N° ticket', es: 'Nº de ticket|Ticket Nº|Número de recibo|Recibo Nº|Nº de recibo|Nº ticket',
    nl: 'Bonnummer|Kassabon nr.|Bon nr.|Kwitantienummer|Bonnr.', it: 'Scontrino n.|Numero scontrino|Ricevuta n.|Numero ricevuta|Scontrino N°|Documento n.',
    pt: 'Recibo nº|Número do recibo|Talão nº|Nº do talão|Nº do recibo|Fatura simplificada nº',
  },
  {
    id: 'statement_number', kind: 'identifier', broader: 'document_number', aliases: 'statement_no|statement_id',
    en: 'Statement No.|Statement Number|Statement #', de: 'Kontoauszug Nr.|Auszugsnummer|Auszug Nr.|Auszug-Nr.', fr: 'Relevé N°|N° de relevé|Relevé n°|Numéro de relevé',
    es: 'Extracto Nº|Nº de extracto|Número de extracto', nl: 'Afschriftnummer|Afschrift nr.|Rekeningafschrift nr.', it: 'Estratto conto n.|Numero estratto conto|Estratto n.',
    pt: 'Extrato nº|Número do extrato|Nº do extrato',
  },
  {
    id: 'packing_list_number', kind: 'identifier', broader: 'document_number', aliases: 'packing_list_no|packing_slip_number|packing_list_id',
    en: 'Packing List No.|Packing List Number|Packing Slip No.|Packing List', de: 'Packliste Nr.|Packlistennummer|Packliste',
    fr: 'Liste de colisage N°|N° de colisage|Liste de colisage', es: 'Lista de empaque Nº|Nº de lista de embalaje|Lista de empaque|Lista de embalaje',
    nl: 'Paklijstnummer|Paklijst nr.|Paklijst', it: 'Distinta di imballaggio n.|Packing list n.|Lista di imballaggio|Distinta colli n.', pt: 'Lista de embalagem nº|Romaneio nº|Lista de embalagem|Romaneio',
  },
  {
    id: 'delivery_note_number', kind: 'identifier', broader: 'document_number', aliases: 'delivery_note_no|delivery_number|dispatch_note_number|shipment_number',
    en: 'Delivery Note No.|Delivery Note Number|Delivery No.|Dispatch Note No.|Delivery Note', de: 'Lieferschein-Nr.|Lieferscheinnummer|Lieferschein Nr.|Lieferscheinnr.|Lieferschein',
    fr: 'Bon de livraison N°|N° bon de livraison|N° BL|Bon de livraison', es: 'Albarán Nº|Nº de albarán|Número de albarán|Albarán|Nota de entrega',
    nl: 'Pakbonnummer|Pakbon nr.|Leveringsbon nr.|Pakbon|Afleverbon', it: 'DDT n.|Documento di trasporto n.|Bolla n.|DDT|Documento di trasporto', pt: 'Guia de remessa nº|Nota de entrega nº|Guia de remessa|Guia de transporte',
  },
  {
    id: 'customer_number', kind: 'identifier', aliases: 'customer_no|customer_id|client_number|client_no|client_id|customer_code|debtor_number',
    en: 'Customer No.|Customer Number|Customer ID|Customer #|Client No.|Client ID|Customer Code|Account Code', de: 'Kundennummer|Kunden-Nr.|Kundennr.|Kd.-Nr.|Kd-Nr.|Kunden Nr.',
    fr: 'N° client|N° de client|Numéro client|Numéro de client|Code client|Réf. client', es: 'Nº cliente|Nº de cliente|Número de cliente|Código de cliente|Cód. cliente',
    nl: 'Klantnummer|Klantnr.|Klant nr.|Debiteurnummer|Debiteurnr.', it: 'Codice cliente|Cod. cliente|N. cliente|Numero cliente|Cliente n.', pt: 'Nº cliente|Nº do cliente|Número do cliente|Código do cliente|Cód. cliente',
  },
  {
    id: 'account_number', kind: 'identifier', aliases: 'account_no|acct_no|acct_number|bank_account|bank_account_number',
    en: 'Account No.|Account Number|Acct. No.|Account #|A/C No.', de: 'Kontonummer|Konto-Nr.|Kto.-Nr.|Kontonr.|Konto Nr.|Konto',
    fr: 'N° de compte|Numéro de compte|Compte N°|Compte', es: 'Nº de cuenta|Número de cuenta|Cuenta Nº|Cuenta', nl: 'Rekeningnummer|Rekeningnr.|Rekening nr.|Rekening',
    it: 'Numero di conto|Conto n.|N. conto|Conto corrente', pt: 'Número da conta|Conta nº|Nº da conta|Conta|Nº de conta',
  },
  {
    id: 'employee_number', kind: 'identifier', aliases: 'employee_no|employee_id|staff_number|personnel_number',
    en: 'Employee No.|Employee Number|Employee ID|Staff No.', de: 'Personalnummer|Personal-Nr.|Pers.-Nr.|Mitarbeiternummer', fr: 'Matricule|N° de matricule|N° salarié',
    es: 'Nº de empleado|Número de empleado|Nº trabajador', nl: 'Personeelsnummer|Personeelsnr.|Werknemersnummer', it: 'Matricola|Numero matricola|N. matricola', pt: 'Número de funcionário|Nº funcionário|Nº mecanográfico',
  },
  // Dates. `document_date` is the bare "Date" every specific date falls back to.
  {
    id: 'document_date', kind: 'date', aliases: 'date|doc_date|receipt_date|dated|transaction_date',
    en: 'Date|Dated|Issued|Issued on', de: 'Datum|Ausgestellt am|Vom', fr: 'Date|Le|Émis le|Fait le', es: 'Fecha|Emitido el', nl: 'Datum|Dd.', it: 'Data|Emesso il', pt: 'Data|Emitido em',
  },
  {
    id: 'invoice_date', kind: 'date', broader: 'document_date', aliases: 'inv_date|billing_date|date_of_issue|invoice_issue_date|bill_date',
    en: 'Invoice Date|Date of Issue|Issue Date|Date Issued|Billing Date|Invoice Dt.|Date of Invoice', de: 'Rechnungsdatum|Belegdatum|Beleg-Datum|Ausstellungsdatum|Rechnungs-Datum|Re.-Datum',
    fr: 'Date de facture|Date de facturation|Date facture|Date d\'émission', es: 'Fecha de factura|Fecha de emisión|Fecha factura|Fecha de expedición',
    nl: 'Factuurdatum|Datum factuur|Factuur datum|Uitgiftedatum', it: 'Data fattura|Data di emissione|Data documento|Data emissione', pt: 'Data da fatura|Data de emissão|Data fatura|Data do documento',
  },
  {
    id: 'order_date', kind: 'date', broader: 'document_date', aliases: 'po_date|purchase_order_date',
    en: 'Order Date|PO Date|Date of Order|Date Ordered', de: 'Bestelldatum|Auftragsdatum|Auftrag-Datum|Bestellung vom|Auftrag vom',
    fr: 'Date de commande|Date commande', es: 'Fecha de pedido|Fecha del pedido|Fecha pedido', nl: 'Orderdatum|Besteldatum|Datum bestelling', it: 'Data ordine|Data dell\'ordine', pt: 'Data do pedido|Data da encomenda',
  },
  {
    id: 'delivery_date', kind: 'date', broader: 'document_date', aliases: 'date_of_delivery|service_date|supply_date|date_of_supply',
    en: 'Delivery Date|Date of Delivery|Date of Supply|Service Date|Delivered|Required by', de: 'Lieferdatum|Leistungsdatum|Liefertermin|Liefer-Datum|Leistungs-Datum|Lieferschein-Datum',
    fr: 'Date de livraison|Date de prestation|Livré le', es: 'Fecha de entrega|Fecha de prestación|Entregado el', nl: 'Leverdatum|Leveringsdatum|Afleverdatum|Geleverd op',
    it: 'Data di consegna|Data consegna|Data prestazione', pt: 'Data de entrega|Data da prestação|Entregue em',
  },
  {
    id: 'ship_date', kind: 'date', broader: 'document_date', aliases: 'shipping_date|shipment_date|dispatch_date|date_shipped',
    en: 'Ship Date|Shipping Date|Shipment Date|Dispatch Date|Date Shipped', de: 'Versanddatum|Versandtag|Versand am|Lieferung am',
    fr: "Date d'expédition|Expédié le", es: 'Fecha de envío|Fecha de despacho|Enviado el', nl: 'Verzenddatum|Verzonden op', it: 'Data di spedizione|Data spedizione', pt: 'Data de envio|Data de expedição|Enviado em',
  },
  {
    id: 'due_date', kind: 'date', aliases: 'payment_due_date|date_due|pay_by|payment_due|due_on',
    en: 'Due Date|Payment Due|Date Due|Due|Pay By|Payment Due Date|Due On|Please Pay By|Please Remit Until|Remit Until|Payable By|Payable Until', de: 'Fälligkeitsdatum|Fällig am|Fälligkeit|Zahlbar bis|Fällig|Zahlungsziel|Zahlbar bis zum|Bitte zahlen Sie bis',
    fr: "Date d'échéance|Échéance|Date limite de paiement|À payer avant le|Payable avant le|À régler avant le|Payable jusqu'au", es: 'Fecha de vencimiento|Vencimiento|Fecha límite de pago|Vence|Pagar antes del|Pagadero hasta',
    nl: 'Vervaldatum|Uiterste betaaldatum|Te betalen voor|Vervaldag|Gelieve te betalen voor', it: 'Data di scadenza|Scadenza|Data scadenza|Scadenza pagamento|Pagare entro il|Da pagare entro il', pt: 'Data de vencimento|Vencimento|Pagar até|Data limite de pagamento|Pagável até',
  },
  {
    id: 'statement_date', kind: 'date', broader: 'document_date', aliases: 'date_of_statement',
    en: 'Statement Date|Date of Statement', de: 'Auszugsdatum|Kontoauszug vom|Datum des Auszugs|Auszug vom', fr: 'Date du relevé|Date de relevé|Relevé du',
    es: 'Fecha del extracto|Fecha de extracto', nl: 'Afschriftdatum|Datum afschrift', it: "Data estratto conto|Data dell'estratto|Data estratto", pt: 'Data do extrato',
  },
  {
    id: 'period', kind: 'text', aliases: 'statement_period|billing_period|pay_period|service_period|period_covered',
    en: 'Period|Statement Period|Billing Period|Pay Period|Service Period', de: 'Zeitraum|Abrechnungszeitraum|Leistungszeitraum|Abrechnungsmonat|Auszugszeitraum',
    fr: 'Période|Période de facturation|Période de paie|Période du', es: 'Periodo|Período|Periodo de facturación|Periodo de liquidación', nl: 'Periode|Factuurperiode|Loonperiode',
    it: 'Periodo|Periodo di fatturazione|Periodo di paga|Mese di riferimento|Mese di retribuzione', pt: 'Período|Período de faturação|Período de faturamento|Mês de referência',
  },
  {
    id: 'pay_date', kind: 'date', aliases: 'payment_date|paid_date|date_paid|paid_on|payday',
    en: 'Pay Date|Payment Date|Paid On|Date Paid|Payday', de: 'Auszahlungsdatum|Zahltag|Zahlungsdatum|Bezahlt am', fr: 'Date de paiement|Date de versement|Payé le',
    es: 'Fecha de pago|Pagado el', nl: 'Betaaldatum|Uitbetalingsdatum|Betaald op', it: 'Data di pagamento|Data pagamento|Pagato il', pt: 'Data de pagamento|Pago em',
  },
  // Parties. A recipient label ("Bill to") heads the buyer's address block, whose first line is the name.
  {
    id: 'seller_name', kind: 'name', aliases: 'shipper|shipper_name|bank|bank_name|seller|vendor|vendor_name|supplier|supplier_name|merchant|merchant_name|company|company_name|store_name|shop_name|issuer|issuer_name|employer|employer_name|sold_by',
    en: 'Seller|Supplier|Vendor|Merchant|From|Sold By|Issued By|Company|Employer|Store|Seller Name|Trade Name|Seller Trade Name', de: 'Verkäufer|Lieferant|Anbieter|Rechnungssteller|Händler|Absender|Firma|Arbeitgeber|Leistungserbringer',
    fr: 'Vendeur|Fournisseur|Émetteur|Prestataire|Société|Employeur|Magasin', es: 'Vendedor|Proveedor|Emisor|Empresa|Razón social|Empleador|Tienda', nl: 'Verkoper|Leverancier|Afzender|Bedrijf|Werkgever|Winkel',
    it: 'Venditore|Fornitore|Cedente|Emittente|Ditta|Datore di lavoro|Negozio|Cedente/Prestatore', pt: 'Vendedor|Fornecedor|Emitente|Prestador|Empresa|Empregador|Loja',
  },
  {
    id: 'buyer_name', kind: 'name', aliases: 'account_holder|account_holder_name|account_owner|buyer|customer|customer_name|client|client_name|bill_to|bill_to_name|billed_to|sold_to|recipient|recipient_name|purchaser',
    en: 'Buyer|Customer|Client|Account Holder|Bill To|Billed To|Sold To|Invoice To|Invoiced To|Recipient|Purchaser|Billing Address', de: 'Käufer|Kunde|Kontoinhaber|Rechnungsempfänger|Auftraggeber|Empfänger|Rechnungsadresse|Rechnung an|Leistungsempfänger',
    fr: 'Acheteur|Client|Titulaire du compte|Titulaire|Facturé à|Destinataire|Adresse de facturation|Adresse du client|Facturer à', es: 'Comprador|Cliente|Titular|Titular de la cuenta|Facturar a|Facturado a|Destinatario|Dirección de facturación|Datos del cliente',
    nl: 'Koper|Klant|Rekeninghouder|Factuuradres|Afnemer|Gefactureerd aan|Factuur aan|Opdrachtgever|Aan', it: 'Acquirente|Cliente|Intestatario del conto|Committente|Cessionario|Fatturare a|Intestatario|Cessionario/Committente|Spett.le|Spettabile',
    pt: 'Comprador|Cliente|Titular da conta|Destinatário|Faturar a|Adquirente|Faturado a|Tomador|Exmo.(s) Sr.(s)|Exmos. Srs.|Exmo. Sr.',
  },
  {
    id: 'ship_to_name', kind: 'name', aliases: 'ship_to|consignee|consignee_name|deliver_to|delivery_name',
    en: 'Ship To|Deliver To|Consignee|Shipped To', de: 'Warenempfänger|Lieferung an|Lieferanschrift', fr: 'Livrer à|Livré à|Destinataire marchandise|Destinataire', es: 'Enviar a|Consignatario|Entregar a|Destinatario',
    nl: 'Geadresseerde|Leveren aan|Afleveradres', it: 'Spedire a|Destinatario merce|Destinazione merce|Destinatario', pt: 'Enviar para|Consignatário|Entregar a|Destinatário',
  },
  {
    id: 'employee_name', kind: 'name', aliases: 'employee|staff_name|worker_name|payee_name',
    en: 'Employee|Employee Name|Name of Employee|Payee', de: 'Arbeitnehmer|Mitarbeiter|Name des Mitarbeiters|Beschäftigter', fr: 'Salarié|Employé|Nom du salarié|Nom de l\'employé',
    es: 'Empleado|Trabajador|Nombre del trabajador|Nombre del empleado', nl: 'Werknemer|Medewerker|Naam werknemer', it: 'Dipendente|Lavoratore|Nominativo|Cognome e nome', pt: 'Funcionário|Colaborador|Trabalhador|Nome do funcionário',
  },
  {
    id: 'seller_address', kind: 'address', aliases: 'shipper_address|employer_address|bank_address|merchant_addr|address|vendor_address|supplier_address|merchant_address|company_address|store_address|seller_addr',
    en: 'Address|Seller Address|Supplier Address|Vendor Address|Company Address', de: 'Adresse|Anschrift|Lieferantenanschrift|Firmenanschrift', fr: 'Adresse|Adresse du fournisseur|Adresse du vendeur|Siège social',
    es: 'Dirección|Domicilio|Dirección del proveedor', nl: 'Adres|Adres leverancier', it: 'Indirizzo|Sede|Indirizzo fornitore|Sede legale', pt: 'Morada|Endereço|Endereço do fornecedor|Sede',
  },
  {
    id: 'buyer_address', kind: 'address', aliases: 'employee_address|account_holder_address|customer_address|client_address|bill_to_address|billing_address|buyer_addr',
    en: 'Customer Address|Buyer Address|Client Address|Bill To|Billed To|Billing Address', de: 'Kundenanschrift|Kundenadresse|Rechnungsempfänger|Rechnungsadresse|Rechnung an',
    fr: 'Adresse du client|Adresse client|Facturé à|Adresse de facturation', es: 'Dirección del cliente|Facturar a|Dirección de facturación', nl: 'Adres klant|Klantadres|Factuuradres|Factuur aan',
    it: 'Indirizzo cliente|Fatturare a|Indirizzo di fatturazione', pt: 'Morada do cliente|Endereço do cliente|Faturar a|Endereço de faturação',
  },
  {
    id: 'seller_tax_id', kind: 'identifier', aliases: 'merchant_vat_id|merchant_tax_id|shipper_vat_id|vat_number|vat_id|tax_id|vat_no|tax_number|seller_vat_id|seller_vat_number|supplier_vat_id|vendor_tax_id|tin|company_tax_id',
    en: 'VAT No.|VAT Number|VAT ID|VAT Reg. No.|VAT Registration No.|Tax ID|Tax No.|TIN|GST No.|GST Reg. No.|ABN|EIN', de: 'USt-IdNr.|USt-ID|USt.-IdNr.|Ust-IdNr|USt-Id-Nr.|UStIdNr|Steuernummer|Steuer-Nr.|St.-Nr.|UID|UID-Nr.',
    fr: 'N° TVA|N° de TVA|TVA intracommunautaire|N° TVA intracommunautaire|Numéro de TVA|SIRET|SIREN|SIREN / SIRET', es: 'NIF|CIF|N.I.F.|C.I.F.|NIF/CIF|Nº IVA|Número de IVA',
    nl: 'BTW-nummer|BTW nr.|Btw-id|BTW-nr.|BTW nummer|Btw-identificatienummer|KvK', it: 'Partita IVA|P.IVA|P. IVA|P.Iva|Codice fiscale|C.F.', pt: 'NIF|NIPC|CNPJ|Nº contribuinte|Número de contribuinte|NIF/NIPC|Contribuinte',
  },
  {
    id: 'buyer_tax_id', kind: 'identifier', aliases: 'customer_vat_number|customer_vat_id|buyer_vat_id|buyer_vat_number|customer_tax_id|client_vat_number',
    en: 'Customer VAT No.|Customer VAT ID|Buyer VAT ID|Customer Tax ID', de: 'USt-IdNr. des Kunden|Kunden-USt-IdNr.|Ihre USt-IdNr.', fr: 'N° TVA client|TVA client|N° TVA du client',
    es: 'NIF del cliente|NIF cliente|CIF cliente', nl: 'BTW-nummer klant|Btw-nummer afnemer|Uw BTW-nummer', it: 'P.IVA cliente|Partita IVA cliente', pt: 'NIF do cliente|Contribuinte do cliente',
  },
  {
    id: 'iban', kind: 'identifier', aliases: 'iban_number|bank_iban',
    en: 'IBAN', de: 'IBAN|IBAN-Nr.', fr: 'IBAN|Code IBAN', es: 'IBAN|Código IBAN', nl: 'IBAN|IBAN-nummer', it: 'IBAN|Codice IBAN', pt: 'IBAN|NIB',
  },
  {
    id: 'bic', kind: 'identifier', aliases: 'swift|bic_code|swift_code|bic_swift',
    en: 'BIC|SWIFT|BIC/SWIFT|SWIFT Code', de: 'BIC|Swift-Code', fr: 'BIC|Code BIC', es: 'BIC|Código SWIFT', nl: 'BIC|Swiftcode', it: 'BIC|Codice SWIFT', pt: 'BIC|Código SWIFT',
  },
  // Money.
  {
    id: 'subtotal', kind: 'money', aliases: 'amount_before_tax|net_amount|total_net|net_total|sub_total|subtotal_amount|total_excl_tax|total_before_tax|total_excluding_tax|taxable_amount|amount_excl_vat',
    en: 'Subtotal|Sub-total|Sub Total|Net Amount|Net Total|Total Net|Total excl. VAT|Total excl. Tax|Total before Tax|Amount before Tax|Taxable Amount|Net|Total (excl. VAT)',
    de: 'Zwischensumme|Nettobetrag|Netto|Summe netto|Gesamt netto|Nettosumme|Summe Netto|Gesamtbetrag netto|Rechnungsbetrag netto|Netto-Betrag',
    fr: 'Sous-total|Sous total|Total HT|Montant HT|Net HT|Total hors taxes|Montant hors taxes|Base HT', es: 'Subtotal|Base imponible|Importe neto|Total sin IVA|Neto|Base',
    nl: 'Subtotaal|Totaal excl. BTW|Netto bedrag|Totaal exclusief btw|Totaal excl. btw|Netto|Bedrag excl. BTW', it: 'Subtotale|Imponibile|Totale imponibile|Totale netto|Netto|Totale merce',
    pt: 'Subtotal|Total sem IVA|Valor líquido|Base tributável|Total ilíquido|Base de incidência',
  },
  {
    id: 'tax_amount', kind: 'money', aliases: 'tax|vat|vat_amount|total_tax|tax_total|gst|gst_amount|sales_tax|total_vat|tax_value',
    en: 'Tax|VAT|Sales Tax|GST|Tax Amount|VAT Amount|Total Tax|Total VAT|VAT Total|Tax Total|HST|GST/HST|Plus VAT', de: 'MwSt.|MwSt|MwSt-Betrag|MwSt.-Betrag|USt.|USt|Umsatzsteuer|Mehrwertsteuer|Steuer|Steuerbetrag|Summe MwSt|zzgl. MwSt.|Umsatzsteuerbetrag',
    fr: 'TVA|Montant TVA|Total TVA|Montant de la TVA|Taxes', es: 'IVA|Importe IVA|Cuota IVA|Total IVA|Impuesto|Impuestos|Cuota', nl: 'BTW|BTW-bedrag|Totaal BTW|Btw bedrag|Btw',
    it: 'IVA|Imposta|Totale IVA|Importo IVA|Totale imposta|IVA al', pt: 'IVA|Valor do IVA|Total IVA|Imposto|Impostos|Total de impostos',
  },
  {
    id: 'tax_rate', kind: 'percent', broader: 'tax_amount', aliases: 'vat_rate|tax_percent|vat_percent|tax_pct|gst_rate|vat_pct',
    en: 'Tax Rate|VAT Rate|VAT %|Tax %|GST Rate', de: 'MwSt-%|MwSt.-Satz|MwSt %|Steuersatz|USt-%|USt.-Satz|MwSt.-%|USt %', fr: 'Taux TVA|Taux de TVA|TVA %|Taux',
    es: 'Tipo IVA|% IVA|Tipo impositivo|Tipo de IVA|IVA %', nl: 'BTW-tarief|BTW %|Btw-tarief|BTW-%', it: 'Aliquota IVA|Aliquota|% IVA|IVA %', pt: 'Taxa de IVA|Taxa IVA|% IVA|IVA %',
  },
  {
    id: 'discount', kind: 'money', aliases: 'discount_amount|total_discount|rebate',
    en: 'Discount|Rebate|Total Discount|Less Discount', de: 'Rabatt|Nachlass|Skonto|Abschlag|Gesamtrabatt', fr: 'Remise|Rabais|Escompte|Ristourne', es: 'Descuento|Dto.|Bonificación|Rebaja',
    nl: 'Korting|Kortingsbedrag', it: 'Sconto|Abbuono|Sconto totale', pt: 'Desconto|Abatimento',
  },
  {
    id: 'shipping', kind: 'money', aliases: 'shipping_cost|shipping_amount|freight|delivery_charge|postage|shipping_and_handling',
    en: 'Shipping|Freight|Delivery|Postage|Shipping & Handling|Shipping and Handling|Delivery Charge|Carriage', de: 'Versand|Versandkosten|Fracht|Frachtkosten|Porto|Lieferkosten|Frachtbetrag|Transportkosten',
    fr: 'Frais de port|Livraison|Transport|Frais de livraison|Port', es: 'Envío|Gastos de envío|Portes|Transporte', nl: 'Verzendkosten|Verzending|Vracht|Vrachtkosten|Bezorgkosten',
    it: 'Spedizione|Spese di spedizione|Trasporto|Spese di trasporto', pt: 'Portes|Envio|Frete|Custos de envio|Transporte',
  },
  {
    id: 'total_amount', kind: 'money', aliases: 'total|grand_total|invoice_total|amount|gross_amount|total_gross|total_incl_tax|amount_total|total_including_tax|gross_total|receipt_total',
    en: 'Total|Grand Total|Total Amount|Invoice Total|Amount|Total incl. VAT|Total incl. Tax|Total (incl. VAT)|Gross Amount|Total Gross|Total Inc. GST|Total (GST Incl)',
    de: 'Gesamt|Gesamtbetrag|Summe|Endbetrag|Rechnungsbetrag|Gesamtsumme|Bruttobetrag|Betrag|Gesamtbetrag brutto|Summe brutto|Rechnungssumme|Total|Endsumme|Brutto',
    fr: 'Total|Total TTC|Montant TTC|Montant total|Montant|Total à payer TTC', es: 'Total|Importe total|Total factura|Importe|Total con IVA', nl: 'Totaal|Totaalbedrag|Totaal incl. BTW|Bedrag|Totaal inclusief btw|Totaal te betalen',
    it: 'Totale|Totale fattura|Importo totale|Totale documento|Importo|Totale complessivo', pt: 'Total|Valor total|Montante total|Total com IVA|Total da fatura|Valor',
  },
  {
    id: 'amount_due', kind: 'money', aliases: 'balance_due|total_due|amount_payable|due_amount|amount_to_pay|outstanding_amount',
    en: 'Amount Due|Balance Due|Total Due|Amount Payable|Please Pay|Amount to Pay|Outstanding|Payable|Due Payable|Total Payable', de: 'Zahlbetrag|Zu zahlen|Offener Betrag|Fälliger Betrag|Zahlbarer Betrag|Noch zu zahlen|Restbetrag',
    fr: 'Net à payer|Montant dû|Reste à payer|À payer|Total à payer|Solde dû', es: 'Total a pagar|Importe a pagar|Saldo pendiente|A pagar|Importe pendiente', nl: 'Te betalen|Openstaand bedrag|Verschuldigd bedrag|Nog te betalen',
    it: 'Totale da pagare|Importo dovuto|Netto a pagare|Da pagare|Saldo dovuto', pt: 'Total a pagar|Valor a pagar|Valor em dívida|A pagar|Montante a pagar',
  },
  {
    id: 'amount_paid', kind: 'money', aliases: 'paid|paid_amount|deposit|prepayment|advance_payment|payments_received',
    en: 'Amount Paid|Paid|Deposit|Prepayment|Advance|Payment Received|Less Paid|Cash|Tendered|Payment received|Less payment received', de: 'Anzahlung|Bezahlt|Gezahlt|Vorauszahlung|Erhaltene Anzahlung|Bar|Gegeben|Bereits bezahlt',
    fr: 'Acompte|Déjà payé|Payé|Versement|Avance|Espèces', es: 'Anticipo|Pagado|Entregado a cuenta|Entregado|Efectivo', nl: 'Aanbetaling|Betaald|Voorschot|Reeds betaald|Contant',
    it: 'Acconto|Pagato|Anticipo|Già pagato|Contanti', pt: 'Sinal|Pago|Adiantamento|Valor pago|Entregue|Numerário|Já pago',
  },
  {
    id: 'opening_balance', kind: 'money', aliases: 'previous_balance|balance_brought_forward|starting_balance|beginning_balance|initial_balance',
    en: 'Opening Balance|Previous Balance|Balance Brought Forward|Brought Forward|Balance Forward|Starting Balance|Beginning Balance', de: 'Anfangssaldo|Alter Kontostand|Saldo alt|Vortrag|Alter Saldo|Anfangsbestand',
    fr: 'Solde initial|Ancien solde|Solde précédent|Solde d\'ouverture|Report', es: 'Saldo inicial|Saldo anterior|Saldo de apertura', nl: 'Beginsaldo|Vorig saldo|Oud saldo|Saldo vorig afschrift',
    it: 'Saldo iniziale|Saldo precedente|Saldo di apertura|Riporto', pt: 'Saldo inicial|Saldo anterior|Saldo de abertura',
  },
  {
    id: 'closing_balance', kind: 'money', aliases: 'new_balance|ending_balance|final_balance|balance_carried_forward|end_balance',
    en: 'Closing Balance|New Balance|Ending Balance|Balance Carried Forward|Carried Forward|Final Balance', de: 'Endsaldo|Neuer Kontostand|Saldo neu|Neuer Saldo|Schlusssaldo|Endbestand',
    fr: 'Solde final|Nouveau solde|Solde de clôture|Solde au', es: 'Saldo final|Nuevo saldo|Saldo de cierre|Saldo actual', nl: 'Eindsaldo|Nieuw saldo|Saldo nieuw', it: 'Saldo finale|Nuovo saldo|Saldo di chiusura|Saldo contabile|Saldo finale|Saldo contabile finale', pt: 'Saldo final|Novo saldo|Saldo de fecho|Saldo atual',
  },
  {
    id: 'gross_pay', kind: 'money', aliases: 'gross_salary|gross_earnings|total_earnings|gross_wage|gross_income',
    en: 'Gross Pay|Gross Salary|Gross Earnings|Total Earnings|Gross Wages|Total Gross Pay|Total gross', de: 'Bruttolohn|Bruttogehalt|Gesamtbrutto|Brutto-Bezüge|Bruttobezüge|Gesamt-Brutto',
    fr: 'Salaire brut|Brut|Total brut|Rémunération brute', es: 'Salario bruto|Total devengado|Devengos|Bruto|Total bruto', nl: 'Brutoloon|Brutosalaris|Bruto|Totaal bruto',
    it: 'Retribuzione lorda|Lordo|Totale competenze|Totale lordo', pt: 'Salário bruto|Vencimento bruto|Total de abonos|Total ilíquido de remunerações',
  },
  {
    id: 'deductions', kind: 'money', aliases: 'total_deductions|deduction|withholdings',
    en: 'Deductions|Total Deductions|Total Withholdings', de: 'Abzüge|Gesamtabzüge|Summe Abzüge|Gesetzliche Abzüge', fr: 'Retenues|Total des retenues|Total retenues|Cotisations salariales|Total cotisations',
    es: 'Deducciones|Total deducciones|Total a deducir|Retenciones', nl: 'Inhoudingen|Totaal inhoudingen', it: 'Trattenute|Totale trattenute|Ritenute', pt: 'Descontos|Total de descontos|Deduções|Total descontos',
  },
  {
    id: 'net_pay', kind: 'money', aliases: 'net_salary|take_home_pay|net_wage|net_earnings|payout_amount',
    en: 'Net Pay|Net Salary|Take-home Pay|Net Wages|Net Earnings|Total Net Pay', de: 'Nettolohn|Nettogehalt|Auszahlungsbetrag|Netto-Verdienst|Nettoverdienst|Auszahlung',
    fr: 'Salaire net|Net payé|Net à payer au salarié|Net versé|Net à payer', es: 'Líquido a percibir|Salario neto|Líquido total|Neto a percibir', nl: 'Nettoloon|Netto salaris|Uit te betalen|Netto uitbetaling|Netto uit te betalen',
    it: 'Netto in busta|Netto da pagare|Retribuzione netta|Netto a pagare in busta|Netto a pagare|Netto in busta', pt: 'Salário líquido|Líquido a receber|Vencimento líquido|Total líquido|Valor líquido',
  },
  {
    id: 'currency', kind: 'identifier', aliases: 'currency_code|curr|ccy',
    en: 'Currency|Currency Code', de: 'Währung', fr: 'Devise|Monnaie', es: 'Moneda|Divisa', nl: 'Valuta|Munteenheid', it: 'Valuta|Divisa', pt: 'Moeda|Divisa',
  },
  {
    id: 'payment_terms', kind: 'text', aliases: 'terms|terms_of_payment|payment_conditions|payment_method',
    en: 'Payment Terms|Terms|Terms of Payment|Payment Conditions|Payment Method', de: 'Zahlungsbedingungen|Zahlungsbedingung|Zahlungsart|Zahlungsweise|Konditionen|Zahlungsziel',
    fr: 'Conditions de paiement|Conditions de règlement|Modalités de paiement|Mode de paiement|Moyen de paiement|Règlement', es: 'Condiciones de pago|Forma de pago|Términos de pago|Modo de pago',
    nl: 'Betalingsvoorwaarden|Betalingstermijn|Betaalwijze|Betalingswijze|Betaaltermijn', it: 'Condizioni di pagamento|Termini di pagamento|Modalità di pagamento|Pagamento', pt: 'Condições de pagamento|Prazo de pagamento|Forma de pagamento|Modo de pagamento',
  },
  {
    id: 'ship_to_address', kind: 'address', aliases: 'consignee_address|delivery_address|shipping_address|ship_to_addr',
    en: 'Delivery Address|Shipping Address|Ship To|Deliver To|Consignee', de: 'Lieferadresse|Lieferanschrift|Versandadresse|Warenempfänger', fr: 'Adresse de livraison|Livrer à',
    es: 'Dirección de entrega|Dirección de envío|Enviar a', nl: 'Afleveradres|Leveringsadres|Verzendadres|Leveren aan', it: 'Indirizzo di consegna|Luogo di consegna|Spedire a', pt: 'Morada de entrega|Endereço de entrega|Enviar para',
  },
  {
    id: 'period_start', kind: 'date', broader: 'period', aliases: 'start_date|from_date|date_from|period_from|statement_start',
    en: 'From|Start Date|Period From', de: 'Von|Vom|Beginn|Zeitraum von', fr: 'Du|Date de début|Début', es: 'Desde|Fecha de inicio|Del', nl: 'Van|Begindatum|Vanaf', it: 'Dal|Data inizio|Da', pt: 'De|Data de início|Desde',
  },
  {
    id: 'period_end', kind: 'date', broader: 'period', aliases: 'end_date|to_date|date_to|period_to|statement_end',
    en: 'To|End Date|Period To|Until', de: 'Bis|Ende|Zeitraum bis', fr: 'Au|Date de fin|Fin|Jusqu\'au', es: 'Hasta|Fecha de fin|Al', nl: 'Tot|Einddatum|T/m', it: 'Al|Data fine|Fino al', pt: 'Até|Data de fim|A',
  },
  {
    id: 'valid_from', kind: 'date', aliases: 'valid_since|effective_date|effective_from|valid_as_of',
    en: 'Valid From|Effective Date|Effective From|Valid As Of|Effective', de: 'Gültig ab|Gültig vom|Stand', fr: 'Valable à partir du|Valable du|En vigueur au|Tarif au', es: 'Válido desde|Vigente desde|Válido a partir de',
    nl: 'Geldig vanaf|Geldig per|Ingangsdatum', it: 'Valido dal|Valido a partire dal|In vigore dal', pt: 'Válido a partir de|Válido desde|Em vigor a partir de|Em vigor desde',
  },
  {
    id: 'time', kind: 'identifier', aliases: 'transaction_time|receipt_time|time_of_day|clock_time',
    en: 'Time', de: 'Uhrzeit|Zeit', fr: 'Heure', es: 'Hora', nl: 'Tijd|Tijdstip', it: 'Ora|Orario', pt: 'Hora',
  },
  {
    id: 'meter_number', kind: 'identifier', aliases: 'meter_no|meter_id|meter|meter_serial',
    en: 'Meter No.|Meter Number|Meter ID|Meter', de: 'Zählernummer|Zähler-Nr.|Zählernr.|Zähler', fr: 'N° de compteur|Numéro de compteur|Compteur', es: 'Nº de contador|Número de contador|Contador',
    nl: 'Meternummer|Meter nr.|Meter', it: 'Matricola contatore|Numero contatore|Contatore', pt: 'Nº do contador|Número do contador|Contador',
  },
  // Logistics.
  {
    id: 'packages', kind: 'number', aliases: 'number_of_packages|package_count|packages_count|colli|pieces_count',
    en: 'Packages|No. of Packages|Number of Packages|Total Packages|Colli', de: 'Packstücke|Anzahl Packstücke|Kolli|Anzahl Kolli|Packstückanzahl', fr: 'Colis|Nombre de colis|Nb colis',
    es: 'Bultos|Nº de bultos|Número de bultos|Total bultos', nl: 'Colli|Aantal colli|Pakketten|Aantal pakketten', it: 'Colli|Numero colli|N. colli', pt: 'Volumes|Nº de volumes|Embalagens|Número de volumes',
  },
  {
    id: 'cartons', kind: 'number', aliases: 'number_of_cartons|carton_count|total_cartons|ctns',
    en: 'Cartons|Ctns|No. of Cartons|Total Cartons', de: 'Kartons|Anzahl Kartons', fr: 'Cartons|Nombre de cartons', es: 'Cajas|Cartones|Nº de cajas', nl: 'Dozen|Kartons|Aantal dozen',
    it: 'Cartoni|Numero cartoni', pt: 'Caixas|Nº de caixas|Cartões',
  },
  {
    id: 'net_weight', kind: 'number', aliases: 'nett_weight|weight_net|nw',
    en: 'Net Weight|N.W.|Net Wt.|Nett Weight|Total net weight', de: 'Nettogewicht|Gewicht netto|Netto-Gewicht', fr: 'Poids net|P.N.', es: 'Peso neto|P.N.', nl: 'Nettogewicht|Netto gewicht', it: 'Peso netto|P.N.', pt: 'Peso líquido',
  },
  {
    id: 'gross_weight', kind: 'number', aliases: 'weight_gross|gw|total_weight|weight',
    en: 'Gross Weight|G.W.|Gross Wt.|Total Weight|Weight|Total gross weight', de: 'Bruttogewicht|Gewicht brutto|Brutto-Gewicht|Gesamtgewicht|Gewicht', fr: 'Poids brut|P.B.|Poids total|Poids',
    es: 'Peso bruto|P.B.|Peso total|Peso', nl: 'Brutogewicht|Bruto gewicht|Totaalgewicht|Gewicht', it: 'Peso lordo|Peso totale|Peso', pt: 'Peso bruto|P.B.|Peso total|Peso',
  },
]);
