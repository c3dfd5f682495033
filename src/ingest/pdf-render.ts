/**
 * Pages of an open PDF to page JPEG + thumbnail + text layer. Runs inside a
 * render worker thread (see render-pool.ts) or in-thread.
 */
import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { AppError, errors } from '../core/errors.js';
import { encodeRendered, thumbnailSize } from './jpeg.js';
import { CORRUPT_PDF_MESSAGE } from './pdf-open.js';
import { renderScale } from './pdf-page-size.js';
import type { PdfiumDocument } from './pdf-pdfium.js';
import { extractTextLayer } from './pdf-text-layer.js';
import type { IngestedPage } from './types.js';

/**
 * Renders pages `from`..`to` (1-based, inclusive): text layer from pdfjs,
 * pixels from PDFium. Two raster buffers alternate, so the JPEG encode of one
 * page (native, in libuv's pool) overlaps the rendering of the next while at
 * most two page rasters per worker are alive.
 */
export async function renderPages(doc: PDFDocumentProxy, raster: PdfiumDocument, from: number, to: number): Promise<IngestedPage[]> {
  const slots: Array<{ buffer: Buffer | undefined; encoding: Promise<unknown> }> = [
    { buffer: undefined, encoding: Promise.resolve() },
    { buffer: undefined, encoding: Promise.resolve() },
  ];
  const pages: Array<Promise<IngestedPage>> = [];
  try {
    for (let n = from; n <= to; n++) {
      const page = await doc.getPage(n);
      // First: pdfjs refuses oversized embedded images (maxImageSize) here, before PDFium would decode them.
      const textLayer = await extractTextLayer(page);
      const base = page.getViewport({ scale: 1 });
      page.cleanup();
      const scale = renderScale(base.width, base.height);
      const size = { width: Math.max(1, Math.round(base.width * scale)), height: Math.max(1, Math.round(base.height * scale)) };
      const slot = slots[n % 2];
      // The encode reading this slot's buffer must finish before it is written again.
      await slot.encoding.catch(() => undefined);
      const [full, thumb] = raster.render(n - 1, [size, thumbnailSize(size.width, size.height)], [slot.buffer]);
      slot.buffer = full.data;
      const encoded = encodeRendered({ ...full, channels: 3 }, { ...thumb, channels: 3 });
      slot.encoding = encoded;
      pages.push(encoded.then((e) => ({ ...e, textLayer })));
    }
    return await Promise.all(pages);
  } catch (err) {
    // Let in-flight encodes settle before the error leaves.
    await Promise.allSettled(pages);
    if (err instanceof AppError) throw err;
    throw errors.invalidParameter('file', `${CORRUPT_PDF_MESSAGE} (${(err as Error).message})`);
  }
}
