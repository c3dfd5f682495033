import { open, readFile } from 'node:fs/promises';
import { errors } from '../errors.js';
import type { FileKind } from './types.js';

/** Bytes read from the head of a file to decide its kind (zip central directories are handled separately). */
const HEAD_BYTES = 4096;

const startsWith = (buf: Buffer, sig: number[], at = 0): boolean =>
  buf.length >= at + sig.length && sig.every((b, i) => buf[at + i] === b);

const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
const JPEG = [0xff, 0xd8, 0xff];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const TIFF_LE = [0x49, 0x49, 0x2a, 0x00];
const TIFF_BE = [0x4d, 0x4d, 0x00, 0x2a];
const RIFF = [0x52, 0x49, 0x46, 0x46];
const WEBP = [0x57, 0x45, 0x42, 0x50];
const GIF = [0x47, 0x49, 0x46, 0x38]; // GIF8
const BMP = [0x42, 0x4d]; // BM
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

const UNSUPPORTED =
  'Unsupported file type: send an image (JPEG, PNG, TIFF, WebP, GIF, BMP), a PDF, a .docx, an e-invoice XML (UBL or CII) or a UTF-8/UTF-16/Latin-1 .txt file.';

/** The file kind from magic bytes alone; null when nothing matched yet (a zip still needs its entries looked at). */
export function kindFromHead(head: Buffer): FileKind | 'zip' | 'ole2' | null {
  // PDF readers accept the header anywhere in the first KiB (some producers prepend junk).
  if (head.subarray(0, 1024).includes(Buffer.from(PDF))) return 'pdf';
  if (startsWith(head, JPEG)) return 'jpeg';
  if (startsWith(head, PNG)) return 'png';
  if (startsWith(head, TIFF_LE) || startsWith(head, TIFF_BE)) return 'tiff';
  if (startsWith(head, RIFF) && startsWith(head, WEBP, 8)) return 'webp';
  if (startsWith(head, GIF)) return 'gif';
  // "BM" alone is too weak (a text file may start with it): also require a sane DIB header size.
  if (startsWith(head, BMP) && head.length >= 18 && [12, 40, 52, 56, 64, 108, 124].includes(head.readUInt32LE(14))) {
    return 'bmp';
  }
  if (startsWith(head, ZIP)) return 'zip';
  if (startsWith(head, OLE2)) return 'ole2';
  return null;
}

/**
 * Decides the kind of the file at `path` by content. Refuses legacy .doc
 * (OLE2 compound files), zips that are not Word documents, and binary data,
 * with `invalid_parameter` on `file` and a message that says why.
 */
export async function sniffFile(path: string): Promise<FileKind> {
  const head = await readHead(path, HEAD_BYTES);
  if (head.length === 0) throw errors.invalidParameter('file', 'The file is empty.');
  const kind = kindFromHead(head);
  if (kind === 'ole2') {
    throw errors.invalidParameter(
      'file',
      'Legacy Word .doc (OLE2) files are not supported: save the document as .docx or PDF and upload that.',
    );
  }
  if (kind === 'zip') {
    // The zip reader (and its inflater) loads only for a zip: a PDF or an image never needs it.
    const { listZipEntries } = await import('./zip.js');
    assertDocxEntries(listZipEntries(await readFile(path)).map((e) => e.name));
    return 'docx';
  }
  if (kind !== null) return kind;
  if (looksLikeXml(head)) return 'xml';
  if (looksLikeText(head)) return 'txt';
  throw errors.invalidParameter('file', UNSUPPORTED);
}

/** The first `bytes` bytes of a file (fewer when it is shorter). */
export async function readHead(path: string, bytes: number): Promise<Buffer> {
  const fh = await open(path, 'r');
  try {
    const buf = Buffer.alloc(bytes);
    const { bytesRead } = await fh.read(buf, 0, bytes, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}

/**
 * XML by its start: an XML declaration, or a root element that declares a
 * namespace (how every e-invoice begins). A plain text file that merely
 * starts with "<" stays text.
 */
export function looksLikeXml(head: Buffer): boolean {
  const text = decodeText(head).replace(/^\uFEFF/, '').trimStart();
  return text.startsWith('<?xml') || /^<[A-Za-z_][\w.-]*(:[\w.-]+)?\s[^>]*xmlns(:[\w.-]+)?\s*=/.test(text);
}

/** A zip is a Word document when it has word/document.xml. */
export function assertDocxEntries(names: string[]): void {
  if (!names.includes('word/document.xml')) {
    throw errors.invalidParameter(
      'file',
      'The file is a zip archive but not a Word .docx document (no word/document.xml): ' + UNSUPPORTED,
    );
  }
}

function hasUtf16Bom(buf: Buffer): 'utf16le' | 'utf16be' | null {
  if (startsWith(buf, [0xff, 0xfe])) return 'utf16le';
  if (startsWith(buf, [0xfe, 0xff])) return 'utf16be';
  return null;
}

/**
 * Heuristic for plain text: a UTF-16 BOM, or no NUL bytes and few C0 control
 * characters other than tab/newline/carriage return/form feed.
 */
export function looksLikeText(head: Buffer): boolean {
  if (hasUtf16Bom(head)) return true;
  let controls = 0;
  for (const b of head) {
    if (b === 0) return false;
    if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c && b !== 0x1b) controls++;
  }
  return controls <= head.length / 100;
}

/** Decodes text bytes: UTF-16 with BOM, UTF-8 (BOM optional) when valid, else Latin-1. */
export function decodeText(buf: Buffer): string {
  const bom = hasUtf16Bom(buf);
  if (bom === 'utf16le') return new TextDecoder('utf-16le').decode(buf.subarray(2));
  if (bom === 'utf16be') return new TextDecoder('utf-16be').decode(buf.subarray(2));
  const body = startsWith(buf, [0xef, 0xbb, 0xbf]) ? buf.subarray(3) : buf;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    return new TextDecoder('latin1').decode(body);
  }
}
