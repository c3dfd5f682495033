/** E-invoice XML bytes → the EN 16931 model, whichever syntax; anything else is refused. */
import { errors } from '../errors.js';
import { CII_NAMESPACES, readCii } from './cii.js';
import type { EInvoice } from './model.js';
import { readUbl, UBL_NAMESPACES } from './ubl.js';
import { parseXml, type XmlLimits } from './xml-tree.js';

/**
 * Reads an e-invoice, or throws `invalid_parameter` on `file`: for XML that
 * cannot be read safely (DOCTYPE, limits) and for XML that is not a UBL
 * Invoice/CreditNote or a CII invoice.
 */
export function readEInvoice(bytes: Uint8Array, limits?: XmlLimits): EInvoice {
  const root = parseXml(bytes, limits);
  if (UBL_NAMESPACES.includes(root.ns) && (root.name === 'Invoice' || root.name === 'CreditNote')) return readUbl(root);
  if (CII_NAMESPACES.includes(root.ns) && (root.name === 'CrossIndustryInvoice' || root.name === 'CrossIndustryDocument')) {
    return readCii(root);
  }
  throw errors.invalidParameter(
    'file',
    `The XML is not an e-invoice (found <${root.name}> in ${root.ns ? `namespace ${root.ns}` : 'no namespace'}): docrows reads UBL 2.1 Invoice and CreditNote, and UN/CEFACT CII CrossIndustryInvoice.`,
  );
}
