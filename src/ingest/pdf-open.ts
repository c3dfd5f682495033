/**
 * Opening a PDF with pdfjs-dist (legacy build, the one meant for Node): asset
 * locations, safety limits, the password list, and the mapping of pdfjs
 * failures to `invalid_parameter` on `file`.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { getDocument, type PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { errors } from '../errors.js';

const require = createRequire(import.meta.url);
const PDFJS_ROOT = dirname(require.resolve('pdfjs-dist/package.json'));
/** pdfjs reads these with fs in Node when the path ends with a slash; nothing is fetched from the network. */
const ASSETS = {
  standardFontDataUrl: join(PDFJS_ROOT, 'standard_fonts') + '/',
  cMapUrl: join(PDFJS_ROOT, 'cmaps') + '/',
  wasmUrl: join(PDFJS_ROOT, 'wasm') + '/',
  iccUrl: join(PDFJS_ROOT, 'iccs') + '/',
};

/** Largest embedded image pdfjs will decode (pixels): refuses decompression bombs inside PDFs. */
const MAX_IMAGE_PIXELS = 50_000_000;

export const CORRUPT_PDF_MESSAGE = 'The PDF is corrupt or truncated and cannot be read.';

export interface OpenedPdf {
  doc: PDFDocumentProxy;
  /** Index in the password list that opened it; -1 when no password was needed. */
  passwordIndex: number;
}

function isPasswordError(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { name?: string }).name === 'PasswordException';
}

function load(data: Uint8Array, password: string | undefined): Promise<PDFDocumentProxy> {
  return getDocument({
    // pdfjs may detach the buffer it is given; every attempt gets its own copy.
    data: new Uint8Array(data),
    password,
    ...ASSETS,
    verbosity: 0,
    isEvalSupported: false,
    stopAtErrors: true,
    maxImageSize: MAX_IMAGE_PIXELS,
    useSystemFonts: false,
  }).promise;
}

/**
 * Opens `data`, trying no password first and then each of `passwords` in
 * order. A PDF that stays locked, or that pdfjs cannot parse, is refused.
 */
export async function openPdf(data: Uint8Array, passwords: readonly string[]): Promise<OpenedPdf> {
  const candidates: Array<string | undefined> = [undefined, ...passwords];
  for (let i = 0; i < candidates.length; i++) {
    try {
      return { doc: await load(data, candidates[i]), passwordIndex: i - 1 };
    } catch (err) {
      if (!isPasswordError(err)) throw errors.invalidParameter('file', CORRUPT_PDF_MESSAGE);
    }
  }
  throw errors.invalidParameter(
    'file',
    passwords.length === 0
      ? 'The PDF is password-protected: send its password in the `password` field.'
      : 'The PDF is password-protected and neither the given password nor the account\'s saved PDF passwords open it.',
  );
}

/** Opens with a password already known to work (render workers after the probe). */
export async function openPdfWith(data: Uint8Array, password: string | undefined): Promise<PDFDocumentProxy> {
  try {
    return await load(data, password);
  } catch {
    throw errors.invalidParameter('file', CORRUPT_PDF_MESSAGE);
  }
}

export function tooManyPages(count: number, max: number): Error {
  return errors.invalidParameter('file', `The document has ${count} pages; at most ${max} pages are accepted per upload.`);
}
