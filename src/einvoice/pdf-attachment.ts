/**
 * Finds the e-invoice XML a hybrid PDF (ZUGFeRD, Factur-X, XRechnung in a
 * PDF/A-3) carries: an embedded file under one of the names the standards
 * give it, or an associated file (`/AF`) whose relationship says it holds
 * the invoice's data. pdf-lib walks the objects; the attachment stream is
 * inflated here, bounded, so a bomb costs no more than the limit.
 */
import { inflateSync } from 'node:zlib';
import { PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFRawStream, PDFString, type PDFObject } from 'pdf-lib';
import { errors } from '../errors.js';
import { XML_LIMITS } from './xml-tree.js';
import { mayCarryAttachment } from './attachment-hint.js';

/** Names the standards give the invoice XML (compared case-insensitively). */
const INVOICE_NAMES = ['factur-x.xml', 'zugferd-invoice.xml', 'xrechnung.xml'];
/** The AFRelationship values under which an associated file may be the invoice (Factur-X 1.0, ZUGFeRD 2.x). */
const INVOICE_RELATIONSHIPS = ['Data', 'Alternative', 'Source'];

export interface AttachmentLimits {
  /** The most bytes the XML may have once inflated. */
  maxBytes: number;
  /** The most an attachment may grow when inflated (XML compresses ~10-30×; bombs ~1000×). */
  maxRatio: number;
  /** How many name-tree nodes and array entries are walked at most (cycles and giant trees). */
  maxNodes: number;
}

export const ATTACHMENT_LIMITS: AttachmentLimits = { maxBytes: XML_LIMITS.maxBytes, maxRatio: 200, maxNodes: 10_000 };

export interface FoundAttachment {
  name: string;
  /** The attachment's bytes, inflated. */
  bytes: Uint8Array;
  /** True when the name is one of the invoice names; an associated file under another name may hold other data. */
  named: boolean;
}

const tooLarge = (name: string, why: string) =>
  errors.invalidParameter('file', `The PDF's attachment ${name} cannot be read: ${why}.`);

/**
 * The e-invoice XML attached to a PDF, or null when it carries none (or is
 * encrypted: PDF/A forbids encryption, so a hybrid invoice never is).
 * Throws `invalid_parameter` on `file` when the attachment is over a limit.
 */
export async function findInvoiceAttachment(pdf: Uint8Array, limits: AttachmentLimits = ATTACHMENT_LIMITS): Promise<FoundAttachment | null> {
  if (!mayCarryAttachment(pdf)) return null;
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(pdf, { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: false });
  } catch {
    // What pdf-lib cannot parse, the page reader decides about.
    return null;
  }
  if (doc.isEncrypted) return null;
  const specs = fileSpecs(doc, limits.maxNodes);
  const chosen =
    specs.find((s) => INVOICE_NAMES.includes(s.name.toLowerCase())) ??
    specs.find((s) => s.relationship !== null && INVOICE_RELATIONSHIPS.includes(s.relationship) && /\.xml$/i.test(s.name));
  if (!chosen) return null;
  const stream = embeddedStream(chosen.spec);
  if (!stream) return null;
  return { name: chosen.name, bytes: inflate(stream, chosen.name, limits), named: INVOICE_NAMES.includes(chosen.name.toLowerCase()) };
}

interface Spec {
  name: string;
  relationship: string | null;
  spec: PDFDict;
}

/** Every file specification of the embedded-files name tree and of the catalog's and pages' /AF arrays. */
function fileSpecs(doc: PDFDocument, maxNodes: number): Spec[] {
  const out: Spec[] = [];
  const seen = new Set<PDFObject>();
  let budget = maxNodes;
  const add = (obj: PDFObject | undefined) => {
    const spec = obj instanceof PDFDict ? obj : undefined;
    if (!spec || seen.has(spec) || budget-- <= 0) return;
    seen.add(spec);
    const name = textOf(spec.lookup(PDFName.of('UF'))) ?? textOf(spec.lookup(PDFName.of('F')));
    const rel = spec.lookup(PDFName.of('AFRelationship'));
    if (name) out.push({ name, relationship: rel instanceof PDFName ? rel.decodeText() : null, spec });
  };
  const walkNames = (node: PDFObject | undefined, depth: number) => {
    if (!(node instanceof PDFDict) || seen.has(node) || depth > 32 || budget-- <= 0) return;
    seen.add(node);
    const names = node.lookup(PDFName.of('Names'));
    if (names instanceof PDFArray) for (let i = 1; i < names.size(); i += 2) add(names.lookup(i));
    const kids = node.lookup(PDFName.of('Kids'));
    if (kids instanceof PDFArray) for (let i = 0; i < kids.size(); i++) walkNames(kids.lookup(i), depth + 1);
  };
  const addAf = (holder: PDFDict) => {
    const af = holder.lookup(PDFName.of('AF'));
    if (af instanceof PDFArray) for (let i = 0; i < Math.min(af.size(), maxNodes); i++) add(af.lookup(i));
  };
  try {
    const names = doc.catalog.lookup(PDFName.of('Names'));
    if (names instanceof PDFDict) walkNames(names.lookup(PDFName.of('EmbeddedFiles')), 0);
    addAf(doc.catalog);
    for (const page of doc.getPages().slice(0, maxNodes)) addAf(page.node);
  } catch {
    // A broken object on the way leaves the specs found so far.
  }
  return out;
}

function textOf(obj: PDFObject | undefined): string | null {
  return obj instanceof PDFString || obj instanceof PDFHexString ? obj.decodeText() : null;
}

function embeddedStream(spec: PDFDict): PDFRawStream | null {
  const ef = spec.lookup(PDFName.of('EF'));
  if (!(ef instanceof PDFDict)) return null;
  const stream = ef.lookup(PDFName.of('UF')) ?? ef.lookup(PDFName.of('F'));
  return stream instanceof PDFRawStream ? stream : null;
}

/** The stream's bytes: as stored, or inflated (FlateDecode) within the size and ratio limits. */
function inflate(stream: PDFRawStream, name: string, limits: AttachmentLimits): Uint8Array {
  const raw = stream.contents;
  const filter = stream.dict.lookup(PDFName.of('Filter'));
  const filters = filter instanceof PDFArray ? filter.asArray() : filter ? [filter] : [];
  if (filters.length === 0) {
    if (raw.length > limits.maxBytes) throw tooLarge(name, `it is larger than ${limits.maxBytes} bytes`);
    return raw;
  }
  if (filters.length > 1 || !(filters[0] instanceof PDFName) || filters[0].decodeText() !== 'FlateDecode') {
    throw tooLarge(name, 'it is stored with a filter other than FlateDecode');
  }
  const allowed = Math.min(limits.maxBytes, Math.max(64 * 1024, raw.length * limits.maxRatio));
  try {
    return inflateSync(raw, { maxOutputLength: allowed, finishFlush: 2 /* Z_SYNC_FLUSH: a truncated stream gives what it has */ });
  } catch (e) {
    if (e instanceof RangeError || (e as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') {
      throw tooLarge(name, `it inflates beyond ${allowed} bytes (at most ${limits.maxBytes} bytes and ${limits.maxRatio} times its stored size)`);
    }
    throw tooLarge(name, 'its compressed data is corrupt');
  }
}
