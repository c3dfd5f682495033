/**
 * Pages of an open PDF to page JPEG + thumbnail + text layer. Runs inside an
 * ingest child (see ingest-process-pool.ts) or in-thread.
 */
import { AppError, errors } from '../errors.js';
import { encodeRendered, thumbnailSize } from './jpeg.js';
import { CORRUPT_PDF_MESSAGE } from './pdf-messages.js';
import { renderScale } from './pdf-page-size.js';
import type { PdfiumDocument } from './pdf-pdfium.js';
import type { IngestedPage } from './types.js';

/**
 * Reads pages `from`..`to` (1-based, inclusive): text layer and, unless
 * `paint` is false, pixels from PDFium. One raster buffer per call: the JPEG encode of a page
 * (native, in libuv's pool) overlaps the text layer of the next, and must end
 * before the next render overwrites the buffer. (With two alternating buffers
 * the render overlapped too, for 11 MB more a worker and no gain: the pool
 * has one worker per core, so the cores are busy anyway.)
 */
export async function renderPages(raster: PdfiumDocument, from: number, to: number, paint = true): Promise<IngestedPage[]> {
  let buffer: Buffer | undefined;
  let encoding: Promise<unknown> = Promise.resolve();
  const pages: Array<Promise<IngestedPage>> = [];
  try {
    for (let n = from; n <= to; n++) {
      const { textLayer, ...base } = raster.textLayer(n - 1);
      const scale = renderScale(base.width, base.height);
      const size = { width: Math.max(1, Math.round(base.width * scale)), height: Math.max(1, Math.round(base.height * scale)) };
      if (!paint) {
        pages.push(Promise.resolve({ jpeg: null, thumbnail: null, ...size, textLayer }));
        continue;
      }
      await encoding.catch(() => undefined);
      const [full, thumb] = raster.render(n - 1, [size, thumbnailSize(size.width, size.height)], [buffer]);
      buffer = full.data;
      const encoded = encodeRendered({ ...full, channels: 3 }, { ...thumb, channels: 3 });
      encoding = encoded;
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
