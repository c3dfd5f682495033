/** E-invoices (EN 16931 in UBL 2.1 or CII): reading the XML, and which business term answers a field. */
export { readEInvoice, readEmbeddedInvoice } from './read-invoice.js';
export { assignLinePages, type PagedInvoice } from './line-pages.js';
export { EINVOICE_CONFIDENCE, withEInvoice, type EInvoiceEngineOptions } from './engine.js';
export { termFor, type Term, type TermLevel } from './terms.js';
export { partyAddress, type EInvoice, type InvoiceLine, type Party, type Syntax, type TaxBreakdown } from './model.js';
export { XML_LIMITS, type XmlLimits } from './xml-tree.js';
export { invoiceUnit } from './units.js';
