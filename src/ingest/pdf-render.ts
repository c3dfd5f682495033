/**
 * Rendering pages of an open PDF to page JPEG + thumbnail + text layer. Runs
 * inside a render worker thread (see render-pool.ts) or in-thread.
 */
import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { Canvas, SKRSContext2D } from '@napi-rs/canvas';
import { errors } from '../core/errors.js';
import { PAGE_RENDER_DPI } from '../extract/types.js';
import { encodeCanvas } from './jpeg.js';
import { CORRUPT_PDF_MESSAGE } from './pdf-open.js';
import { extractTextLayer } from './pdf-text-layer.js';
import type { IngestedPage } from './types.js';

/**
 * Upper bound on a rendered page (pixels). A Letter page at 200 dpi is 3.7 MP;
 * oversized MediaBoxes are rendered at a lower dpi instead of allocating
 * gigabytes of canvas.
 */
export const MAX_PAGE_PIXELS = 16_000_000;
export const MAX_PAGE_SIDE = 8_000;

/** The scale (pixels per PDF point) for a page of `w`×`h` points. */
export function renderScale(w: number, h: number, dpi = PAGE_RENDER_DPI): number {
  let scale = dpi / 72;
  scale = Math.min(scale, MAX_PAGE_SIDE / Math.max(w, h, 1));
  scale = Math.min(scale, Math.sqrt(MAX_PAGE_PIXELS / Math.max(w * h, 1)));
  return scale;
}

interface CanvasAndContext {
  canvas: Canvas;
  context: SKRSContext2D;
}
interface CanvasFactory {
  create(width: number, height: number): CanvasAndContext;
  reset(cc: CanvasAndContext, width: number, height: number): void;
  destroy(cc: CanvasAndContext): void;
}

/**
 * Renders pages `from`..`to` (1-based, inclusive). Two canvases alternate: the
 * JPEG encode of one page (native, in libuv's pool) overlaps the rendering of
 * the next on the JS thread. Canvases are reused rather than created per page
 * because native canvas memory is only released by GC, and a fresh 15 MB
 * canvas per page made RSS climb by hundreds of MB on a 50-page file.
 */
export async function renderPages(doc: PDFDocumentProxy, from: number, to: number): Promise<IngestedPage[]> {
  // The factory pdfjs picked for Node (@napi-rs/canvas); not in its public typings.
  const factory = (doc as unknown as { canvasFactory: CanvasFactory }).canvasFactory;
  const slots: Array<{ cc: CanvasAndContext; encoding: Promise<unknown> } | null> = [null, null];
  const pages: Array<Promise<IngestedPage>> = [];
  try {
    for (let n = from; n <= to; n++) {
      const page = await doc.getPage(n);
      const base = page.getViewport({ scale: 1 });
      const viewport = page.getViewport({ scale: renderScale(base.width, base.height) });
      const width = Math.max(1, Math.round(viewport.width));
      const height = Math.max(1, Math.round(viewport.height));
      const i = n % 2;
      let slot = slots[i];
      if (slot === null) slot = slots[i] = { cc: factory.create(width, height), encoding: Promise.resolve() };
      else {
        // The encode reading this canvas must finish before it is drawn on again.
        await slot.encoding.catch(() => undefined);
        factory.reset(slot.cc, width, height);
      }
      const { cc } = slot;
      await page.render({ canvasContext: cc.context as never, canvas: cc.canvas as never, viewport }).promise;
      const textLayer = await extractTextLayer(page);
      const encoded = encodeCanvas(cc.canvas as never, (w, h) => factory.create(w, h).canvas as never);
      slot.encoding = encoded;
      pages.push(encoded.then((e) => ({ ...e, textLayer })));
      page.cleanup();
    }
    return await Promise.all(pages);
  } catch (err) {
    // Let in-flight encodes settle before their canvases are destroyed.
    await Promise.allSettled(pages);
    throw errors.invalidParameter('file', `${CORRUPT_PDF_MESSAGE} (${(err as Error).message})`);
  } finally {
    for (const slot of slots) if (slot !== null) factory.destroy(slot.cc);
  }
}
