/**
 * Page rasters with PDFium compiled to WebAssembly (@embedpdf/pdfium, MIT;
 * PDFium itself is Apache-2.0). The wasm file ships inside the npm package:
 * nothing is fetched at install or run time. It opens every PDF once
 * (passwords, page count, corrupt files), reads each page's text layer
 * (pdf-text-words.ts, pdf-page-marks.ts) and paints the pages that need pixels.
 */
import { init, type WrappedPdfiumModule } from '@embedpdf/pdfium';
import type { TextLayer } from '../extract/types.js';
import { errors } from '../errors.js';
import { CORRUPT_PDF_MESSAGE } from './pdf-messages.js';
import { compilePdfium, startPdfium, wasm } from './pdf-pdfium-wasm.js';
import { pageFrame } from './pdf-page-frame.js';
import { readMarks } from './pdf-page-marks.js';
import { readWords } from './pdf-text-words.js';

/** FPDFBitmap_BGR: 3 bytes a pixel, written as RGB thanks to FPDF_REVERSE_BYTE_ORDER. */
const BITMAP_BGR = 2;
const WHITE = 0xffffffff;
/** Annotations' appearance streams are painted (as pdfjs did), bytes in RGB order. */
const FPDF_ANNOT = 0x01;
const FPDF_REVERSE_BYTE_ORDER = 0x10;
/** FPDF_GetLastError after a failed open: the file is encrypted and the password did not open it. */
const FPDF_ERR_PASSWORD = 4;

/**
 * One PDFium instance per process (an ingest child, or the CLI), compiled and
 * created on first use. Its heap grows to the largest page it rendered and stays there (~35 MB
 * for Letter at 200 dpi), the bounded cost of keeping it.
 */
let instance: Promise<WrappedPdfiumModule> | undefined;
/**
 * WebAssembly memory never shrinks: a heap a pathological file grew past this
 * is dropped with its instance once that document closes, and the next
 * document gets a fresh one (instantiating takes a few ms).
 */
const MAX_KEPT_HEAP_BYTES = 256 * 1024 * 1024;

function pdfium(): Promise<WrappedPdfiumModule> {
  instance ??= startPdfium(async () => {
    const compiled = await compilePdfium();
    const module = await new Promise<WrappedPdfiumModule>((resolve, reject) => {
      const instantiateWasm = (imports: unknown, done: (instance: never) => void) => {
        wasm.instantiate(compiled, imports).then(done, reject);
        return {};
      };
      init({ instantiateWasm }).then(resolve, reject);
    });
    module.PDFiumExt_Init();
    return module;
  });
  return instance;
}

/** Compiles and starts PDFium ahead of the first document (a warm ingest child). */
export async function warmPdfium(): Promise<void> {
  await pdfium();
}

/** An RGB raster: `width` × `height` pixels, 3 bytes each, no row padding. */
export interface RgbRaster {
  data: Buffer;
  width: number;
  height: number;
}

/** A page's text layer and its size in points, as shown (crop box, /Rotate). */
export interface PageText {
  textLayer: TextLayer;
  width: number;
  height: number;
}

export interface RasterSize {
  width: number;
  height: number;
}

export class PdfiumDocument {
  private constructor(
    private readonly m: WrappedPdfiumModule,
    private readonly doc: number,
    private readonly bytes: number,
  ) {}

  /** Opens `data` with a password already known to work (or none); a file PDFium cannot read is refused. */
  static async open(data: Uint8Array, password: string | undefined): Promise<PdfiumDocument> {
    const doc = await PdfiumDocument.load(data, password);
    if (doc === 'locked') throw errors.invalidParameter('file', CORRUPT_PDF_MESSAGE);
    return doc;
  }

  /** Opens `data` with `password`; 'locked' when the file wants another one (src/ingest/pdf-open.ts tries the list). */
  static async load(data: Uint8Array, password: string | undefined): Promise<PdfiumDocument | 'locked'> {
    const m = await pdfium();
    // PDFium reads the file in place for as long as the document is open.
    const bytes = m.pdfium.wasmExports.malloc(data.length);
    if (!bytes) throw errors.invalidParameter('file', CORRUPT_PDF_MESSAGE);
    m.pdfium.HEAPU8.set(data, bytes);
    const doc = m.FPDF_LoadMemDocument(bytes, data.length, password ?? '');
    if (!doc) {
      const locked = m.FPDF_GetLastError() === FPDF_ERR_PASSWORD;
      m.pdfium.wasmExports.free(bytes);
      if (locked) return 'locked';
      throw errors.invalidParameter('file', CORRUPT_PDF_MESSAGE);
    }
    return new PdfiumDocument(m, doc, bytes);
  }

  get pageCount(): number {
    return this.m.FPDF_GetPageCount(this.doc);
  }

  /**
   * Renders page `index` (0-based) once per size in `sizes`, each scaled to fill
   * it exactly, into `out[i]` when it is large enough (buffers are reused
   * across pages: a fresh 11 MB Buffer per page is only released by GC).
   */
  render(index: number, sizes: RasterSize[], out: Array<Buffer | undefined> = []): RgbRaster[] {
    const { m } = this;
    return this.withPage(index, (page) => sizes.map(({ width, height }, i) => {
      const stride = width * 3;
      const pixels = m.pdfium.wasmExports.malloc(stride * height);
      if (!pixels) throw new Error(`no memory for a ${width}×${height} page`);
      const bitmap = m.FPDFBitmap_CreateEx(width, height, BITMAP_BGR, pixels, stride);
      try {
        m.FPDFBitmap_FillRect(bitmap, 0, 0, width, height, WHITE);
        m.FPDF_RenderPageBitmap(bitmap, page, 0, 0, width, height, 0, FPDF_ANNOT | FPDF_REVERSE_BYTE_ORDER);
        // Copied out of the wasm heap: sharp reads it later on another thread, and heap growth detaches views.
        const target = out[i] !== undefined && out[i].length >= stride * height ? out[i] : Buffer.allocUnsafe(stride * height);
        target.set(m.pdfium.HEAPU8.subarray(pixels, pixels + stride * height));
        return { data: target.subarray(0, stride * height), width, height };
      } finally {
        if (bitmap) m.FPDFBitmap_Destroy(bitmap);
        m.pdfium.wasmExports.free(pixels);
      }
    }));
  }

  /** Page `index` (0-based): its words, rules and image placements, and its size in points as shown. */
  textLayer(index: number): PageText {
    return this.withPage(index, (page) => {
      const frame = pageFrame(this.m, page);
      const { rules, images } = readMarks(this.m, page, frame);
      return { textLayer: { words: readWords(this.m, page, frame), rules, images }, width: frame.width, height: frame.height };
    });
  }

  private withPage<T>(index: number, use: (page: number) => T): T {
    const page = this.m.FPDF_LoadPage(this.doc, index);
    if (!page) throw errors.invalidParameter('file', CORRUPT_PDF_MESSAGE);
    try {
      return use(page);
    } catch (err) {
      // A trap inside PDFium (out of memory, a bug) leaves its instance unusable: the next document gets a new one.
      instance = undefined;
      throw err;
    } finally {
      this.m.FPDF_ClosePage(page);
    }
  }

  close(): void {
    try {
      this.m.FPDF_CloseDocument(this.doc);
      this.m.pdfium.wasmExports.free(this.bytes);
      if (this.m.pdfium.HEAPU8.length > MAX_KEPT_HEAP_BYTES) instance = undefined;
    } catch {
      // Only after a trap (see render), whose error is the one that matters.
      instance = undefined;
    }
  }
}
