/** E-invoice XML bytes → the EN 16931 model, whichever syntax; anything else is refused. */
import { errors } from '../errors.js';
import { CII_NAMESPACES, readCii } from './cii.js';
import type { EInvoice } from './model.js';
import { readUbl, UBL_NAMESPACES } from './ubl.js';
import { parseXml, type XmlElement, type XmlLimits } from './xml-tree.js';

/** The invoice a parsed document is, or null when its root is no e-invoice. */
function invoiceOf(root: XmlElement): EInvoice | null {
  if (UBL_NAMESPACES.includes(root.ns) && (root.name === 'Invoice' || root.name === 'CreditNote')) return readUbl(root);
  if (CII_NAMESPACES.includes(root.ns) && (root.name === 'CrossIndustryInvoice' || root.name === 'CrossIndustryDocument')) {
    return readCii(root);
  }
  return null;
}

/**
 * Reads an e-invoice, or throws `invalid_parameter` on `file`: for XML that
 * cannot be read safely (DOCTYPE, limits) and for XML that is not a UBL
 * Invoice/CreditNote or a CII invoice.
 */
export function readEInvoice(bytes: Uint8Array, limits?: XmlLimits): EInvoice {
  const root = parseXml(bytes, limits);
  const invoice = invoiceOf(root);
  if (invoice) return invoice;
  throw errors.invalidParameter(
    'file',
    `The XML is not an e-invoice (found <${root.name}> in ${root.ns ? `namespace ${root.ns}` : 'no namespace'}): docrows reads UBL 2.1 Invoice and CreditNote, and UN/CEFACT CII CrossIndustryInvoice.`,
  );
}

/**
 * The e-invoice a PDF carries, or null. An attachment under an invoice name
 * must be one (else the upload is refused, as an XML upload would be); an
 * associated file of another name that turns out to be other XML is left alone.
 * Hostile XML is refused either way.
 */
export async function readEmbeddedInvoice(pdf: Uint8Array): Promise<EInvoice | null> {
  // pdf-lib is loaded with the first PDF looked into, not with every process that can read an e-invoice.
  const { findInvoiceAttachment } = await import('./pdf-attachment.js');
  const found = await findInvoiceAttachment(pdf);
  if (!found) return null;
  if (found.named) return readEInvoice(found.bytes);
  return invoiceOf(parseXml(found.bytes));
}
