/** English: the catalogue's first language and the one a page is read in first. */
import type { Language } from '../types.js';
import { LABELS } from './labels.js';

export const en: Language = {
  code: 'en',
  name: 'English',
  // Integerized tessdata_best from npm: it read receipts better than tessdata_fast (docs/measurements.md, "OCR models (seventh round)").
  ocr: { code: 'eng', source: 'npm' },
  labels: LABELS,
  months: [['january'], ['february'], ['march'], ['april'], ['may'], ['june'], ['july'], ['august'], ['september', 'sept'], ['october'], ['november'], ['december']],
  weekdays: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday', 'mon', 'tue', 'tues', 'wed', 'thu', 'thur', 'thurs', 'fri', 'sat', 'sun'],
  dates: { ordinals: ['st', 'nd', 'rd', 'th'], dayJoins: ['of'] },
  functionWords: 'the and of for to with from on at by is are this your our you please thank as in an it or be we us if do so me up am pm all not will',
  // English is what the e-invoice page falls back to when the seller's country names no language.
  countries: [],
  answers: { yes: ['yes', 'y', 'true', 't', 'checked', 'on'], no: ['no', 'n', 'false', 'f', 'unchecked', 'off'] },
  table: {
    summary: ['sub-?\\s?total', 'total', 'grand total', 'balance( due)?', 'amount due', 'total due', 'tax', 'vat', 'gst', 'sales tax', 'shipping', 'discount', 'net', 'gross', 'carried forward', 'brought forward'],
    filler: ['n\\/?a', 'na', 'nil', 'none', 'yes', 'no', 'y', 'n', 'x'],
    // "Notes payable" (a balance sheet row) has no colon, so only "Note:" and "Other sources:" open a footnote.
    footnote: ['(other\\s+)?(sources?|notes?)'],
    note: ['source', 'sources', 'note', 'notes'],
    caption: ['table', 'figure', 'fig\\.', 'tab\\.'],
    continued: ['and', 'or', 'of', 'the', 'for', 'with', 'to', 'in'],
  },
  document: {
    titles: [
      'invoice', 'receipt', 'cash (?:sale|bill)', 'credit note', 'statement', 'packing list', 'delivery note', 'purchase order', 'order', 'payslip', 'quotation',
      'account statement', 'bank statement', 'price list', 'pay statement', 'packing slip', 'electricity bill', '(?:your )?energy bill',
    ],
    titlePrefixes: ['tax\\s+'],
    purchaseOrderTitles: ['purchase order'],
    change: ['change', 'change due', 'your change'],
    taxJoins: { rate: ['at'], base: ['on', 'of'] },
    rounding: ['rounding', 'round(?:ing)? off'],
    payment: ['cash', 'card', 'credit card', 'debit card', 'contactless'],
    contact: ['tel', 'phone', 'fax', 'mobile', 'vat', 'gst', 'abn', 'ein'],
    streets: ['street', 'st', 'road', 'rd', 'avenue', 'ave', 'lane', 'drive', 'boulevard', 'blvd', 'way', 'lot', 'no', 'unit', 'suite', 'level', 'floor', 'block', 'blk', 'jalan', 'jln', 'lorong', 'taman', 'tmn'],
    companyForms: ['ltd', 'limited', 'llc', 'llp', 'inc', 'corp', 'corporation', 'plc', 'co', 'company', 'pte ltd', 'pty ltd', 'sdn bhd', 'bhd', 'berhad', 'sb'],
  },
  header: {
    abbreviations: {
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
    },
    synonyms: [
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
    ],
    stopWords: ['the', 'of', 'a', 'an', 'in', 'per', 'for', 'and', 'to', 'on', 'at', 'by', 'is'],
  },
  print: {
    invoice: 'Invoice', creditNote: 'Credit note', number: 'Invoice number', issueDate: 'Invoice date', dueDate: 'Due date',
    deliveryDate: 'Delivery date', buyerReference: 'Buyer reference', orderReference: 'Order number', seller: 'Seller', buyer: 'Buyer',
    vatId: 'VAT ID', taxNumber: 'Tax number', legalId: 'Registration', position: 'Pos.', itemId: 'Item no.', item: 'Description',
    quantity: 'Qty', unit: 'Unit', price: 'Unit price', vatRate: 'VAT %', amount: 'Amount', lineNet: 'Subtotal', allowances: 'Allowances',
    charges: 'Charges', taxBasis: 'Total net', vat: 'VAT', total: 'Total', prepaid: 'Paid', due: 'Amount due', payment: 'Payment', page: 'Page',
    units: { piece: 'pc', pack: 'pack', lumpSum: 'lump sum', day: 'day', week: 'week', month: 'month', year: 'year' },
  },
};
