import sharp from 'sharp';
import type { Box, Engine, EnginePage, ExtractRequest, ExtractResult, ExtractedCell } from '../types.js';
import { isImageRegion } from '../types.js';
import { TesseractPool } from '../read/tesseract-pool.js';
import { isPureLocationField } from '../pure-location.js';
import { roundBox } from './lines/geometry.js';
import { extractFromContent } from './rows/extract-page.js';
import { OcrCache, readPageContent } from '../read/page-content.js';
import { findRasterPictureRegions, pickRegionForField } from '../read/picture-regions.js';

export { extractFromContent, type PageContent } from './rows/extract-page.js';
/** The content stage and the picture finder, for the model engine (src/extract/openai/page-view.ts). */
export { isTextLayerUsable, OcrCache, readPageContent } from '../read/page-content.js';
export { findRasterPictureRegions } from '../read/picture-regions.js';

export interface LayoutEngineOptions {
  /** OCR worker threads (default: min(2, cores)). */
  ocrWorkers?: number;
}

/**
 * The built-in `layout` engine: text layer or OCR → lines → tables → header
 * mapping → record fields → formats → locations. Never throws: failures come
 * back as `no_content` or `engine_error`.
 */
export function createLayoutEngine(options: LayoutEngineOptions = {}): Engine {
  const pool = new TesseractPool(options.ocrWorkers);
  // sharp keeps libvips to one thread on glibc (to limit malloc arenas), which left a core idle while a page was decoded,
  // scaled and turned before recognition: about 0.1 s of a 300 dpi scan's 1 s. An engine that reads a page on several
  // OCR threads gives libvips as many; the output is the same (docs/engine.md, "OCR threads").
  if (pool.size > sharp.concurrency()) sharp.concurrency(pool.size);
  const cache = new OcrCache();
  return {
    name: 'layout',
    async extract(page: EnginePage, request: ExtractRequest): Promise<ExtractResult> {
      try {
        const read = await readPageContent(page, request.quality, pool, cache);
        const located = request.fields.filter(isPureLocationField);
        // Embedded images are already in page coordinates; otherwise look for non-text ink on the stored raster.
        let pagePictures: Box[] | null = null;
        if (located.length > 0 && read.content.pictures.length === 0) {
          const pageWords = read.content.words.map((w) => ({ text: w.text, box: read.toPageBox(w.box) }));
          pagePictures = await findRasterPictureRegions(page.image, pageWords);
        }
        const result = extractFromContent(read.content, request);
        return toPageFrame(result, read.toPageBox, pagePictures, located.map((f) => f.name));
      } catch (err) {
        return { ok: false, failure: { code: 'engine_error', message: err instanceof Error ? err.message : String(err) } };
      }
    },
    close: () => pool.close(),
  };
}

/** Moves value boxes from the analysis frame (upright, deskewed) onto the stored page image. */
function toPageFrame(result: ExtractResult, toPageBox: (b: Box) => Box, pagePictures: Box[] | null, locatedFields: string[]): ExtractResult {
  if (!result.ok) return result;
  const rows = result.rows.map((row) => {
    const out: Record<string, ExtractedCell> = {};
    for (const [k, v] of Object.entries(row)) {
      out[k] = isImageRegion(v) ? v : { ...v, box: v.box ? roundBox(toPageBox(v.box)) : null };
    }
    if (pagePictures) {
      for (const name of locatedFields) {
        const box = pickRegionForField(name, pagePictures);
        out[name] = { type: 'image_region', box: box ? roundBox(box) : null };
      }
    }
    return out;
  });
  return { ...result, rows };
}
