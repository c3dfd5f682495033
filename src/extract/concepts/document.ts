/**
 * Document-level concepts: one value per document (its number, dates,
 * parties, totals): id, kind, the field names integrators use (`|`-separated)
 * and the broader concept. Each language prints them with the labels in its
 * folder (src/extract/lang/<code>/labels.ts). The vocabulary follows the
 * business terms of the EN 16931 invoice model and ISO 20022 statements
 * (docs/engine.md, "Field concepts"); the wording is ours.
 */
import { defineConcepts } from './define.js';

export const DOCUMENT_CONCEPTS = defineConcepts('document', [
  // Document numbers. `document_number` is the generic one every specific number falls back to.
  { id: 'document_number', kind: 'identifier', aliases: 'doc_number|document_no|document_id|number|reference_number|doc_no' },
  { id: 'invoice_number', kind: 'identifier', broader: 'document_number', aliases: 'invoice_no|inv_no|inv_number|invoice_id|invoice_num|bill_number|bill_no' },
  { id: 'credit_note_number', kind: 'identifier', broader: 'document_number', aliases: 'credit_note_no|credit_memo_number|credit_number' },
  { id: 'order_number', kind: 'identifier', broader: 'document_number', aliases: 'order_no|order_id|sales_order_number|so_number' },
  { id: 'purchase_order_number', kind: 'identifier', broader: 'document_number', aliases: 'po_number|po_no|purchase_order|purchase_order_no|po' },
  { id: 'receipt_number', kind: 'identifier', broader: 'document_number', aliases: 'receipt_no|receipt_id|ticket_number|transaction_number' },
  { id: 'statement_number', kind: 'identifier', broader: 'document_number', aliases: 'statement_no|statement_id' },
  { id: 'packing_list_number', kind: 'identifier', broader: 'document_number', aliases: 'packing_list_no|packing_slip_number|packing_list_id' },
  { id: 'delivery_note_number', kind: 'identifier', broader: 'document_number', aliases: 'delivery_note_no|delivery_number|dispatch_note_number|shipment_number' },
  { id: 'customer_number', kind: 'identifier', aliases: 'customer_no|customer_id|client_number|client_no|client_id|customer_code|debtor_number' },
  { id: 'account_number', kind: 'identifier', aliases: 'account_no|acct_no|acct_number|bank_account|bank_account_number' },
  { id: 'employee_number', kind: 'identifier', aliases: 'employee_no|employee_id|staff_number|personnel_number' },
  // Dates. `document_date` is the bare "Date" every specific date falls back to.
  { id: 'document_date', kind: 'date', aliases: 'date|doc_date|receipt_date|dated|transaction_date|purchase_date|date_of_purchase|sale_date|date_of_sale' },
  { id: 'invoice_date', kind: 'date', broader: 'document_date', aliases: 'inv_date|billing_date|date_of_issue|invoice_issue_date|bill_date' },
  { id: 'order_date', kind: 'date', broader: 'document_date', aliases: 'po_date|purchase_order_date' },
  { id: 'delivery_date', kind: 'date', broader: 'document_date', aliases: 'date_of_delivery|service_date|supply_date|date_of_supply' },
  { id: 'ship_date', kind: 'date', broader: 'document_date', aliases: 'shipping_date|shipment_date|dispatch_date|date_shipped' },
  { id: 'due_date', kind: 'date', aliases: 'payment_due_date|date_due|pay_by|payment_due|due_on' },
  { id: 'statement_date', kind: 'date', broader: 'document_date', aliases: 'date_of_statement' },
  { id: 'period', kind: 'text', aliases: 'statement_period|billing_period|pay_period|service_period|period_covered' },
  { id: 'pay_date', kind: 'date', aliases: 'payment_date|paid_date|date_paid|paid_on|payday' },
  // Parties. A recipient label ("Bill to") heads the buyer's address block, whose first line is the name.
  { id: 'seller_name', kind: 'name', aliases: 'shipper|shipper_name|bank|bank_name|seller|vendor|vendor_name|supplier|supplier_name|merchant|merchant_name|company|company_name|store_name|shop_name|issuer|issuer_name|employer|employer_name|sold_by|shop|business_name|trading_name|seller_company|supplier_company|vendor_company|merchant_company|retailer|retailer_name' },
  { id: 'buyer_name', kind: 'name', aliases: 'account_holder|account_holder_name|account_owner|buyer|customer|customer_name|client|client_name|receiver|receiver_name|bill_to|bill_to_name|billed_to|sold_to|recipient|recipient_name|purchaser|payer|buyer_company|customer_company|client_company' },
  { id: 'ship_to_name', kind: 'name', aliases: 'ship_to|consignee|consignee_name|deliver_to|delivery_name' },
  { id: 'employee_name', kind: 'name', aliases: 'employee|staff_name|worker_name|payee_name' },
  { id: 'seller_address', kind: 'address', aliases: 'shipper_address|employer_address|bank_address|merchant_addr|address|vendor_address|supplier_address|merchant_address|company_address|store_address|seller_addr|shop_address|vendor_addr|supplier_addr|business_address|full_address|street_address|address_line|address_lines' },
  { id: 'buyer_address', kind: 'address', aliases: 'employee_address|account_holder_address|customer_address|client_address|receiver_address|bill_to_address|billing_address|buyer_addr' },
  { id: 'seller_tax_id', kind: 'identifier', aliases: 'merchant_vat_id|merchant_tax_id|shipper_vat_id|vat_number|vat_id|tax_id|vat_no|tax_number|seller_vat_id|seller_vat_number|supplier_vat_id|supplier_tax_id|supplier_vat_number|vendor_tax_id|vendor_vat_id|tin|company_tax_id|gst_id|gst_reg_no|gst_registration_number|tax_registration_number|vat_registration_number' },
  { id: 'buyer_tax_id', kind: 'identifier', aliases: 'customer_vat_number|customer_vat_id|buyer_vat_id|buyer_vat_number|customer_tax_id|client_vat_number' },
  { id: 'iban', kind: 'identifier', aliases: 'iban_number|bank_iban' },
  { id: 'bic', kind: 'identifier', aliases: 'swift|bic_code|swift_code|bic_swift' },
  // Money.
  { id: 'subtotal', kind: 'money', aliases: 'amount_before_tax|net_amount|total_net|net_total|sub_total|subtotal_amount|total_excl_tax|total_before_tax|total_excluding_tax|taxable_amount|amount_excl_vat' },
  { id: 'tax_amount', kind: 'money', aliases: 'tax|vat|vat_amount|total_tax|total_tax_amount|tax_total|gst|gst_amount|sales_tax|total_vat|tax_value|total_vat_amount|vat_amount_total|tax_amount_total|total_gst' },
  { id: 'tax_rate', kind: 'percent', broader: 'tax_amount', aliases: 'vat_rate|tax_percent|vat_percent|tax_pct|gst_rate|vat_pct' },
  { id: 'discount', kind: 'money', aliases: 'discount_amount|total_discount|rebate' },
  { id: 'shipping', kind: 'money', aliases: 'shipping_cost|shipping_amount|freight|delivery_charge|postage|shipping_and_handling' },
  { id: 'total_amount', kind: 'money', aliases: 'total|grand_total|invoice_total|amount|gross_amount|total_gross|total_incl_tax|amount_total|total_including_tax|gross_total|receipt_total|invoice_amount|amount_incl_tax|total_with_tax|sum|total_sum' },
  { id: 'amount_due', kind: 'money', aliases: 'balance_due|total_due|amount_payable|due_amount|amount_to_pay|outstanding_amount|total_amount_due' },
  { id: 'amount_paid', kind: 'money', aliases: 'paid|paid_amount|deposit|prepayment|advance_payment|payments_received|total_paid|amount_tendered|tendered' },
  { id: 'opening_balance', kind: 'money', aliases: 'previous_balance|balance_brought_forward|starting_balance|beginning_balance|initial_balance' },
  { id: 'closing_balance', kind: 'money', aliases: 'new_balance|ending_balance|final_balance|balance_carried_forward|end_balance' },
  { id: 'gross_pay', kind: 'money', aliases: 'gross_salary|gross_earnings|total_earnings|gross_wage|gross_income' },
  { id: 'deductions', kind: 'money', aliases: 'total_deductions|deduction|withholdings' },
  { id: 'net_pay', kind: 'money', aliases: 'net_salary|take_home_pay|net_wage|net_earnings|payout_amount' },
  { id: 'currency', kind: 'identifier', aliases: 'currency_code|curr|ccy' },
  { id: 'payment_terms', kind: 'text', aliases: 'terms|terms_of_payment|payment_conditions|payment_method' },
  { id: 'ship_to_address', kind: 'address', aliases: 'consignee_address|delivery_address|shipping_address|ship_to_addr' },
  { id: 'period_start', kind: 'date', broader: 'period', aliases: 'start_date|from_date|date_from|period_from|statement_start' },
  { id: 'period_end', kind: 'date', broader: 'period', aliases: 'end_date|to_date|date_to|period_to|statement_end' },
  { id: 'valid_from', kind: 'date', aliases: 'valid_since|effective_date|effective_from|valid_as_of' },
  { id: 'time', kind: 'identifier', aliases: 'transaction_time|receipt_time|time_of_day|clock_time' },
  { id: 'meter_number', kind: 'identifier', aliases: 'meter_no|meter_id|meter|meter_serial' },
  // Logistics.
  { id: 'packages', kind: 'number', aliases: 'number_of_packages|package_count|packages_count|colli|pieces_count' },
  { id: 'cartons', kind: 'number', aliases: 'number_of_cartons|carton_count|total_cartons|ctns' },
  { id: 'net_weight', kind: 'number', aliases: 'nett_weight|weight_net|nw' },
  { id: 'gross_weight', kind: 'number', aliases: 'weight_gross|gw|total_weight|weight' },
]);
