/**
 * The built-in preset catalog (docs/api.md, Resources): static field lists a
 * template can start from. Format requirements are phrased in the plain style
 * the extraction engine's requirement reader understands ("YYYY-MM-DD",
 * "number with 2 decimals", "ISO 4217 currency code", "one of: a, b"), so a
 * preset yields normalized values out of the box. Only the ID-document photo
 * field mentions a picture: any other mention of photo, image, signature,
 * stamp, logo or barcode would turn that field into a pure-location field.
 */

interface PresetField {
  name: string;
  format_requirement: string;
}

export interface Preset {
  id: string;
  category: string;
  name: string;
  fields: readonly PresetField[];
}

// Shared phrasings, so every preset asks for dates and money the same way.
const DATE = 'date as YYYY-MM-DD';
const AMOUNT = 'number with 2 decimals, no currency symbol, no thousands separator';
const SIGNED_AMOUNT = 'number with 2 decimals, no currency symbol, no thousands separator; negative with a leading minus';
const QUANTITY = 'number, no thousands separator';
const CURRENCY = 'ISO 4217 currency code, uppercase';
const PERCENT = 'percentage as a number without the % sign';
const TEXT = '';

function f(name: string, format_requirement = TEXT): PresetField {
  return { name, format_requirement };
}

export const PRESETS: readonly Preset[] = [
  {
    id: 'invoice-line-items', category: 'invoices', name: 'Invoice line items',
    fields: [
      f('invoice_number'), f('invoice_date', DATE), f('vendor_name'), f('description'),
      f('quantity', QUANTITY), f('unit_price', AMOUNT), f('tax_rate', PERCENT), f('line_total', AMOUNT), f('currency', CURRENCY),
    ],
  },
  {
    id: 'invoice-summary', category: 'invoices', name: 'Invoice summary',
    fields: [
      f('invoice_number'), f('invoice_date', DATE), f('due_date', DATE), f('vendor_name'), f('vendor_tax_id', 'no spaces'),
      f('customer_name'), f('subtotal', AMOUNT), f('tax_amount', AMOUNT), f('total_amount', AMOUNT), f('currency', CURRENCY),
    ],
  },
  {
    id: 'receipt-items', category: 'receipts', name: 'Receipt items',
    fields: [
      f('merchant_name'), f('purchase_date', DATE), f('item_description'), f('quantity', QUANTITY),
      f('item_price', AMOUNT), f('currency', CURRENCY),
    ],
  },
  {
    id: 'receipt-totals', category: 'receipts', name: 'Receipt totals',
    fields: [
      f('merchant_name'), f('purchase_date', DATE), f('subtotal', AMOUNT), f('tax_amount', AMOUNT), f('tip_amount', AMOUNT),
      f('total_amount', AMOUNT), f('payment_method', 'one of: cash, card, other'), f('currency', CURRENCY),
    ],
  },
  {
    id: 'bank-statement-transactions', category: 'banking', name: 'Bank statement transactions',
    fields: [
      f('transaction_date', DATE), f('value_date', DATE), f('description'), f('reference'),
      f('amount', AMOUNT), f('direction', 'one of: debit, credit'), f('balance', SIGNED_AMOUNT), f('currency', CURRENCY),
    ],
  },
  {
    id: 'credit-card-statement', category: 'banking', name: 'Credit card statement',
    fields: [
      f('transaction_date', DATE), f('posting_date', DATE), f('merchant'), f('amount', SIGNED_AMOUNT), f('currency', CURRENCY),
    ],
  },
  {
    id: 'purchase-order-lines', category: 'purchasing', name: 'Purchase order lines',
    fields: [
      f('po_number'), f('order_date', DATE), f('supplier_name'), f('item_code', 'uppercase, no spaces'), f('description'),
      f('quantity', QUANTITY), f('unit_price', AMOUNT), f('line_total', AMOUNT), f('delivery_date', DATE),
    ],
  },
  {
    id: 'price-list', category: 'purchasing', name: 'Price list',
    fields: [
      f('item_code', 'uppercase, no spaces'), f('description'), f('unit', 'lowercase'), f('unit_price', AMOUNT),
      f('currency', CURRENCY), f('valid_from', DATE),
    ],
  },
  {
    id: 'packing-list', category: 'logistics', name: 'Packing list',
    fields: [
      f('shipment_number'), f('ship_date', DATE), f('item_code', 'uppercase, no spaces'), f('description'),
      f('quantity', 'whole number'), f('package_count', 'whole number'), f('gross_weight_kg', 'number with 2 decimals'),
    ],
  },
  {
    id: 'bill-of-lading', category: 'logistics', name: 'Bill of lading',
    fields: [
      f('bol_number'), f('ship_date', DATE), f('shipper'), f('consignee'), f('container_number', 'uppercase, no spaces'),
      f('goods_description'), f('package_count', 'whole number'), f('gross_weight_kg', 'number with 2 decimals'),
    ],
  },
  {
    id: 'payslip', category: 'payroll', name: 'Payslip',
    fields: [
      f('employee_name'), f('employee_id'), f('pay_period_start', DATE), f('pay_period_end', DATE), f('pay_date', DATE),
      f('gross_pay', AMOUNT), f('total_deductions', AMOUNT), f('net_pay', AMOUNT), f('currency', CURRENCY),
    ],
  },
  {
    id: 'timesheet', category: 'payroll', name: 'Timesheet',
    fields: [
      f('employee_name'), f('work_date', DATE), f('project'), f('start_time', 'time as HH:MM, 24-hour'),
      f('end_time', 'time as HH:MM, 24-hour'), f('hours_worked', 'number with 2 decimals'),
    ],
  },
  {
    id: 'id-document', category: 'identity', name: 'ID document',
    fields: [
      f('document_type', 'one of: passport, national_id, driving_licence, residence_permit'),
      f('document_number', 'uppercase, no spaces'), f('surname', 'uppercase'), f('given_names', 'uppercase'),
      f('date_of_birth', DATE), f('nationality', 'ISO 3166-1 alpha-3 country code, uppercase'), f('sex', 'one of: F, M, X'),
      f('issue_date', DATE), f('expiry_date', DATE), f('holder_photo', "image_region: the holder's portrait photo"),
    ],
  },
  {
    id: 'utility-bill', category: 'utilities', name: 'Utility bill',
    fields: [
      f('provider_name'), f('account_number', 'no spaces'), f('billing_period_start', DATE), f('billing_period_end', DATE),
      f('due_date', DATE), f('consumption', 'number with 2 decimals'), f('consumption_unit', 'one of: kWh, m3, l, therm'),
      f('amount_due', AMOUNT), f('currency', CURRENCY),
    ],
  },
  {
    id: 'phone-bill-calls', category: 'utilities', name: 'Phone bill calls',
    fields: [
      f('call_date', DATE), f('call_time', 'time as HH:MM, 24-hour'), f('number_called', 'digits only'),
      f('duration_seconds', 'whole number'), f('cost', AMOUNT),
    ],
  },
  {
    id: 'expense-report', category: 'receipts', name: 'Expense report',
    fields: [
      f('employee_name'), f('expense_date', DATE), f('category', 'one of: travel, lodging, meals, supplies, other'),
      f('description'), f('amount', AMOUNT), f('currency', CURRENCY), f('reimbursable', 'one of: yes, no'),
    ],
  },
];

const BY_ID = new Map(PRESETS.map((preset) => [preset.id, preset]));

export function findPreset(id: string): Preset | undefined {
  return BY_ID.get(id);
}

/**
 * One page of the catalog in catalog order: presets after `afterId` (the last
 * one of the previous page), optionally of one category. An unknown category is
 * simply an empty list. Returns up to `limit` items (ask for one more to learn
 * whether there is a next page).
 */
export function listPresets(opts: { category?: string; afterId: string | null; limit: number }): Preset[] {
  const matching = opts.category === undefined ? PRESETS : PRESETS.filter((p) => p.category === opts.category);
  const start = opts.afterId === null ? 0 : matching.findIndex((p) => p.id === opts.afterId) + 1;
  return matching.slice(start, start + opts.limit);
}
