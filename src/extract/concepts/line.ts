/**
 * Line-level concepts: one value per line item, printed as a table column
 * (invoice lines, statement transactions, payslip items). Dates, tax rates
 * and discounts of a line use the document concepts of the same name, whose
 * labels also head columns. Labels: src/extract/lang/<code>/labels.ts.
 */
import { defineConcepts } from './define.js';

export const LINE_CONCEPTS = defineConcepts('line', [
  { id: 'position', kind: 'identifier', aliases: 'pos|line_no|line_number|item_no|item_number|line_item_number|seq' },
  { id: 'item_code', kind: 'identifier', aliases: 'sku|article_number|article_no|part_number|part_no|product_code|product_id|item_id|code|ref|ean|gtin|material_number' },
  { id: 'description', kind: 'text', aliases: 'item_description|product_name|item_name|product_description|details|particulars|service|item|goods|transaction_description|narrative|memo|designation' },
  { id: 'quantity', kind: 'number', aliases: 'qty|quant|qnty|count|pieces|pcs|units|no_of_units' },
  { id: 'unit', kind: 'text', aliases: 'uom|unit_of_measure|unit_of_measurement|measure|units_of_measure' },
  { id: 'unit_price', kind: 'money', aliases: 'price|unit_cost|price_each|price_per_unit|each|rate_per_unit|net_price|unitprice' },
  { id: 'line_discount', kind: 'percent', aliases: 'discount_percent|discount_rate|disc_pct|line_discount_percent' },
  { id: 'line_total', kind: 'money', aliases: 'line_amount|amount_line|total_price|extended_price|line_value|item_total|net_line_amount' },
  { id: 'debit', kind: 'money', aliases: 'debits|withdrawal|withdrawals|paid_out|money_out|charges|debit_amount' },
  { id: 'credit', kind: 'money', aliases: 'credits|deposit_amount|deposits|paid_in|money_in|credit_amount' },
  { id: 'balance', kind: 'money', aliases: 'running_balance|account_balance|balance_amount' },
  { id: 'value_date', kind: 'date', aliases: 'valuation_date|val_date' },
  { id: 'rate', kind: 'money', aliases: 'hourly_rate|rate_per_hour|day_rate' },
  { id: 'booking_date', kind: 'date', aliases: 'posting_date|entry_date' },
  { id: 'item_packages', kind: 'number', aliases: 'line_packages|item_package_count' },
  { id: 'item_net_weight', kind: 'number', aliases: 'line_net_weight' },
  { id: 'item_gross_weight', kind: 'number', aliases: 'line_gross_weight' },
  { id: 'hours', kind: 'number', aliases: 'hrs|hours_worked|time_spent|duration' },
  // A payslip item's amount printed in a column of earnings or of deductions, and the year's sum so far beside it.
  { id: 'earning', kind: 'money', aliases: 'earnings|earnings_amount|payment_amount|additions' },
  { id: 'line_deduction', kind: 'money', aliases: 'deduction_amount|line_deduction_amount|amount_deducted' },
  { id: 'year_to_date', kind: 'money', aliases: 'ytd|ytd_amount|cumulative|year_to_date_amount' },
  // A packing list's carton numbers ("1-16") and outer dimensions ("60x40x35") per item; a payslip's employer share.
  { id: 'package_number', kind: 'identifier', aliases: 'package_no|carton_number|carton_no|box_number|box_no|case_number|case_no|parcel_number|package_id|carton_id|sscc' },
  { id: 'dimensions', kind: 'text', aliases: 'dimension|measurements|carton_size|package_size|package_dimensions|lxwxh' },
  { id: 'employer_contribution', kind: 'money', aliases: 'employer_share|employer_amount|employer_part|employer_cost|employer_contributions|employers_share' },
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

/**
 * The party whose name means a line concept as a column head beside line fields: a payslip prints "Employer"
 * ("Arbeitgeber", "Employeur", "Pracodawca") over the employer's share of each item, a column of amounts, where the
 * same word labels the employer's name in the head of the page (the issuer, `seller_name`).
 */
export const SHARE_PARTIES: Readonly<Record<string, string>> = {
  employer_contribution: 'seller_name',
};

/**
 * Line concepts a bare word means when it is asked beside line fields:
 * `amount` beside `description` is each item's amount, not the document's
 * total, `deductions` beside `hours` a payslip item's deduction
 * (`total_amount`, `total_deductions` in two words stay the document's).
 */
export const BARE_WORD_LINE_READINGS: Readonly<Record<string, string>> = {
  total_amount: 'line_total',
  // "Nº", "No.", "#" beside the items numbers each line, not the document.
  document_number: 'position',
  // "Imponibile", "Netto" beside the items is each line's net amount, unless the line total is asked by name too.
  subtotal: 'line_total',
  deductions: 'line_deduction',
};
