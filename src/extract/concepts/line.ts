/**
 * Line-level concepts: one value per line item, printed as a table column
 * (invoice lines, statement transactions, payslip items). Dates, tax rates
 * and discounts of a line use the document concepts of the same name, whose
 * labels also head columns.
 */
import { defineConcepts } from './define.js';

export const LINE_CONCEPTS = defineConcepts('line', [
  {
    id: 'position', kind: 'identifier', aliases: 'pos|line_no|line_number|item_no|item_number|line_item_number|seq',
    en: 'Pos.|Position|Line|Line No.|Item No.|#|Ln.', de: 'Pos.|Position|Pos-Nr.|Lfd. Nr.|Lfd.Nr.|Zeile', fr: 'Pos.|Ligne|N° ligne|Position', es: 'Pos.|Línea|Posición|Nº línea',
    nl: 'Pos.|Regel|Positie|Regelnr.', it: 'Pos.|Riga|Posizione|N. riga', pt: 'Pos.|Linha|Posição|Nº linha',
  },
  {
    id: 'item_code', kind: 'identifier', aliases: 'sku|article_number|article_no|part_number|part_no|product_code|product_id|item_id|code|ref|ean|gtin|material_number',
    en: 'Item Code|SKU|Article No.|Art. No.|Part No.|Part Number|Product Code|Product ID|Code|Ref.|EAN|GTIN|Item #|Catalog No.|Model',
    de: 'Artikelnummer|Art.-Nr.|Artikel-Nr.|Artikelnr.|Art-Nr.|Materialnummer|Material|Art.Nr.|Produktnummer|Sachnummer|Art-Nr-Lieferant',
    fr: 'Référence|Réf.|Code article|Code produit|Code|Réf. article', es: 'Código|Referencia|Ref.|Código de artículo|Cód.|Código artículo', nl: 'Artikelnummer|Artikelnr.|Art.nr.|Productcode|Code|Art. nr.',
    it: 'Codice|Codice articolo|Cod. art.|Rif.|Cod.|Codice prodotto|Articolo', pt: 'Código|Referência|Ref.|Código do artigo|Cód.|Código do produto',
  },
  {
    id: 'description', kind: 'text', aliases: 'item_description|product_name|item_name|product_description|details|particulars|service|item|goods|transaction_description|narrative|memo|designation',
    en: 'Description|Item|Items|Details|Product|Service|Article|Particulars|Designation|Goods|Item Description|Narrative|Transaction|Transaction Details|Memo|Pay Item|Earnings / Deductions|Wage Type',
    de: 'Beschreibung|Bezeichnung|Artikelbezeichnung|Artikel|Leistung|Produkt|Buchungstext|Verwendungszweck|Leistungsbeschreibung|Text|Warenbezeichnung|Vorgang|Lohnart',
    fr: 'Description|Désignation|Libellé|Article|Produit|Prestation|Opération|Détail|Nature|Nature de l\'opération|Libellé de l\'opération|Rubrique', es: 'Descripción|Concepto|Artículo|Producto|Detalle|Servicio|Movimiento',
    nl: 'Omschrijving|Beschrijving|Artikel|Product|Dienst|Artikelomschrijving|Mededeling|Mededelingen|Looncomponent', it: 'Descrizione|Articolo|Prodotto|Causale|Servizio|Descrizione articolo|Dettaglio|Descrizione operazione|Voce|Descrizione voce',
    pt: 'Descrição|Artigo|Produto|Designação|Histórico|Serviço|Descritivo|Movimento|Rubrica',
  },
  {
    id: 'quantity', kind: 'number', aliases: 'qty|quant|qnty|count|pieces|pcs|units|no_of_units',
    en: 'Quantity|Qty|Qty.|Quant.|Units|Pcs|Pieces|Count|No. of Units', de: 'Menge|Anzahl|Stk.|Stück|Mng.|Anz.|Liefermenge|Bestellmenge',
    fr: 'Quantité|Qté|Qté.|Qte|Nombre|Qt.|Nb', es: 'Cantidad|Cant.|Uds.|Unidades|Cdad.|Ctd.', nl: 'Aantal|Hoeveelheid|Aant.|Stuks|Hvh.',
    it: 'Quantità|Q.tà|Qtà|Pezzi|Quant.|Qta', pt: 'Quantidade|Qtd.|Qtde.|Quant.|Qtd',
  },
  {
    id: 'unit', kind: 'text', aliases: 'uom|unit_of_measure|unit_of_measurement|measure|units_of_measure',
    en: 'Unit|UoM|U/M|Unit of Measure|UM', de: 'Einheit|ME|Mengeneinheit|Maßeinheit|Einh.', fr: 'Unité|U.|Unité de mesure|UM', es: 'Unidad|Ud.|U.M.|Unidad de medida',
    nl: 'Eenheid|Eenh.', it: 'Unità|U.M.|Unità di misura|UdM', pt: 'Unidade|Un.|UN|Unid.',
  },
  {
    id: 'unit_price', kind: 'money', aliases: 'price|unit_cost|price_each|price_per_unit|each|rate_per_unit|net_price|unitprice',
    en: 'Unit Price|Price|Unit Cost|Price Each|Each|Price per Unit|Unit Price (excl. VAT)|Net Price|U. Price|Rate', de: 'Einzelpreis|Preis|Stückpreis|E-Preis|EP|Nettopreis|Preis/Einheit|Einzelpr.|Preis pro Einheit|Preis je Einheit|Einheitspreis',
    fr: 'Prix unitaire|P.U.|PU|Prix|Prix U. HT|P.U. HT|Prix unitaire HT|Prix unit.', es: 'Precio unitario|Precio|P. unit.|Precio/ud.|Precio ud.|P.U.|Precio unidad',
    nl: 'Prijs|Stukprijs|Eenheidsprijs|Prijs per stuk|Prijs per eenheid|Stuksprijs', it: 'Prezzo unitario|Prezzo|Prezzo unit.|Prezzo cad.|P.zo unit.', pt: 'Preço unitário|Preço|P. unit.|Valor unitário|Preço unit.|Pr. unit.',
  },
  {
    id: 'line_discount', kind: 'percent', aliases: 'discount_percent|discount_rate|disc_pct|line_discount_percent',
    en: 'Disc.|Disc. %|Discount %|Disc %', de: 'Rabatt %|Rabatt-%|Rab.|Rab. %', fr: 'Remise %|Remise (%)|Rem.', es: 'Dto. %|% Dto.|Descuento %|Dto', nl: 'Korting %|Kort.', it: 'Sconto %|Sc. %|Sc.', pt: 'Desconto %|Desc.|Desc. %',
  },
  {
    id: 'line_total', kind: 'money', aliases: 'line_amount|amount_line|total_price|extended_price|line_value|item_total|net_line_amount',
    en: 'Line Total|Amount|Total|Total Price|Extended Price|Ext. Price|Extension|Line Amount|Value|Net Amount', de: 'Betrag|Gesamt|Gesamtpreis|Summe|Nettowert|Wert|Positionsbetrag|Gesamtbetrag|Positionswert|Zeilensumme',
    fr: 'Montant|Total|Prix total|Montant HT|Total HT|Total ligne|Valeur', es: 'Importe|Total|Precio total|Importe total|Valor|Importe neto', nl: 'Bedrag|Totaal|Totaalprijs|Regeltotaal|Waarde',
    it: 'Importo|Totale|Valore|Totale riga|Importo totale|Imponibile', pt: 'Valor|Total|Montante|Valor total|Total da linha',
  },
  {
    id: 'debit', kind: 'money', aliases: 'debits|withdrawal|withdrawals|paid_out|money_out|charges|debit_amount',
    en: 'Debit|Debits|Withdrawal|Withdrawals|Paid Out|Money Out|Charges|Payments', de: 'Soll|Belastung|Lastschrift|Ausgang|Ausgänge|Abbuchung', fr: 'Débit|Débits|Sorties', es: 'Debe|Cargo|Cargos|Débito|Salidas',
    nl: 'Debet|Af|Afschrijving|Afschrijvingen', it: 'Dare|Addebito|Addebiti|Uscite', pt: 'Débito|Débitos|Saída|Saídas|Levantamentos',
  },
  {
    id: 'credit', kind: 'money', aliases: 'credits|deposit_amount|deposits|paid_in|money_in|credit_amount',
    en: 'Credit|Credits|Deposits|Paid In|Money In|Receipts', de: 'Haben|Eingang|Eingänge|Gutschrift|Gutschriften', fr: 'Crédit|Crédits|Entrées', es: 'Haber|Abono|Abonos|Crédito|Entradas', nl: 'Credit|Bij|Bijschrijving|Bijschrijvingen',
    it: 'Avere|Accredito|Accrediti|Entrate', pt: 'Crédito|Créditos|Entrada|Entradas|Depósitos',
  },
  {
    id: 'balance', kind: 'money', aliases: 'running_balance|account_balance|balance_amount',
    en: 'Balance|Running Balance', de: 'Saldo|Kontostand', fr: 'Solde', es: 'Saldo', nl: 'Saldo', it: 'Saldo', pt: 'Saldo',
  },
  {
    id: 'value_date', kind: 'date', aliases: 'valuation_date|val_date',
    en: 'Value Date|Val. Date', de: 'Valuta|Wertstellung|Wert|Valutadatum', fr: 'Date de valeur|Valeur|Date valeur', es: 'Fecha valor|F. valor', nl: 'Valutadatum|Valuta|Rentedatum', it: 'Data valuta|Valuta', pt: 'Data valor|Data-valor',
  },
  {
    id: 'rate', kind: 'money', aliases: 'hourly_rate|rate_per_hour|day_rate',
    en: 'Rate|Hourly Rate|Rate/Hour', de: 'Satz|Stundensatz|Stundenlohn', fr: 'Taux|Taux horaire|Tarif|Tarif horaire', es: 'Tarifa|Precio/hora|Tarifa por hora|Precio hora', nl: 'Tarief|Uurtarief|Uurloon',
    it: 'Tariffa|Tariffa oraria|Paga oraria', pt: 'Tarifa|Taxa|Taxa horária|Valor/hora',
  },
  {
    id: 'booking_date', kind: 'date', aliases: 'posting_date|entry_date',
    en: 'Booking Date|Posting Date|Entry Date', de: 'Buchungstag|Buchungsdatum|Buchung|Buchungstg.', fr: 'Date d\'opération|Date opé.|Date opération|Date comptable',
    es: 'Fecha operación|F. operación|Fecha de operación|Fecha contable', nl: 'Boekdatum|Boekingsdatum|Transactiedatum', it: 'Data contabile|Data oper.|Data operazione|Data registrazione',
    pt: 'Data mov.|Data movimento|Data do movimento|Data lançamento',
  },
  {
    id: 'item_packages', kind: 'number', aliases: 'line_packages|item_package_count',
    en: 'Pkgs|Pkgs.|Pckgs|Cartons|Ctns', de: 'Karton|Kartons|Ktn.', fr: 'Cartons|Nb cartons|Ctn.', es: 'Cajas|Nº cajas|Cjs.', nl: 'Dozen|Ds.', it: 'Cartoni|N. cartoni|Cart.', pt: 'Caixas|Nº caixas|Cx.',
  },
  {
    id: 'item_net_weight', kind: 'number', aliases: 'line_net_weight',
    en: 'Net kg', de: 'Netto (kg)|Netto kg|Nettogew. kg|Nettogew.', fr: 'P. net kg|P. net', es: 'P. neto kg|P. neto',
    nl: 'Netto (kg)|Netto kg|Nettogew. kg|Nettogew.', it: 'P. netto kg|P. netto', pt: 'Peso líq. (kg)|P. líquido kg|P. líquido|Peso líq.|P. líq.',
  },
  {
    id: 'item_gross_weight', kind: 'number', aliases: 'line_gross_weight',
    en: 'Gross kg', de: 'Brutto (kg)|Brutto kg|Bruttogew. kg|Bruttogew.', fr: 'P. brut kg|P. brut', es: 'P. bruto kg|P. bruto',
    nl: 'Bruto (kg)|Bruto kg|Brutogew. kg|Brutogew.', it: 'P. lordo kg|P. lordo', pt: 'P. bruto kg',
  },
  {
    id: 'hours', kind: 'number', aliases: 'hrs|hours_worked|time_spent|duration',
    en: 'Hours|Hrs|Hours Worked', de: 'Stunden|Std.|Std|Arbeitsstunden', fr: 'Heures|Nb heures|Nombre d\'heures|Nombre', es: 'Horas|Nº horas', nl: 'Uren|Uur|Aantal uren', it: 'Ore|Ore lavorate', pt: 'Horas|Nº horas',
  },
]);

/**
 * Line concepts whose columns a document-level name means when it is asked
 * together with line fields: `date` beside `debit` is the booking-date
 * column, `net_weight` beside `quantity` each item's weight, `discount`
 * beside `unit_price` the line's discount. Kept apart from `broader`, so a
 * column head ("Netto (kg)") never labels the document's own value.
 */
export const COLUMN_COUNTERPARTS: Readonly<Record<string, string>> = {
  document_date: 'booking_date',
  packages: 'item_packages',
  net_weight: 'item_net_weight',
  gross_weight: 'item_gross_weight',
  discount: 'line_discount',
};
