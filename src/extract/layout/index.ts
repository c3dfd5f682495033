import type { Box, Engine, EnginePage, ExtractRequest, ExtractResult, ExtractedCell, Word } from '../types.js';
import { isImageRegion, pageImage } from '../types.js';
import { isPureLocationField } from '../pure-location.js';
import { roundBox } from './lines/geometry.js';
import { extractFromContent } from './rows/extract-page.js';
import { createPageReader } from '../read/page-reader.js';
import type { ReadPage } from '../read/page-content.js';
import { askLibvipsThreads } from '../../libvips.js';
import { withSettings, type EngineSettings, type SettingsOverrides } from '../settings.js';
import { findRasterPictureRegions, pickRegionForField } from '../read/picture-regions.js';
import { applyLayoutMemory } from '../memory/apply.js';

export { extractFromContent } from './rows/extract-page.js';
export { readsPixels } from '../page-pixels.js';
export type { PageContent } from '../read/page-content.js';

export interface LayoutEngineOptions {
  /** OCR threads (default: min(2, cores)). */
  ocrThreads?: number;
  /** Thresholds changed from DEFAULT_SETTINGS (src/extract/settings.ts), the rest kept: `{ tables: { headAlign: 0.01 } }`. */
  settings?: SettingsOverrides;
}

/**
 * The built-in `layout` engine: text layer or OCR → lines → tables → header
 * mapping → record fields → formats → locations. Never throws: failures come
 * back as `no_content` or `engine_error`; an override that names no setting
 * throws here, when the engine is built.
 */
export function createLayoutEngine(options: LayoutEngineOptions = {}): Engine {
  const settings = withSettings(options.settings);
  const reader = createPageReader({ ocrThreads: options.ocrThreads, settings });
  askLibvipsThreads(reader.ocrThreads);
  return {
    name: 'layout',
    async extract(page: EnginePage, request: ExtractRequest): Promise<ExtractResult> {
      try {
        const read = await reader.read(page, request.quality);
        const located = request.fields.filter(isPureLocationField);
        // Embedded images are already in page coordinates; otherwise look for non-text ink on the stored raster.
        let pagePictures: Box[] | null = null;
        if (located.length > 0 && read.content.pictures.length === 0) {
          pagePictures = await findRasterPictureRegions(pageImage(page), wordsOnPage(read), settings);
        }
        const result = applyLayoutMemory(read.content, request, extractFromContent(read.content, request, settings), settings);
        const framed = toPageFrame(result, read.toPageBox, pagePictures, located.map((f) => f.name), settings);
        return framed.ok && read.source === 'ocr' ? { ...framed, content: read.content, pageWords: wordsOnPage(read) } : framed;
      } catch (err) {
        return { ok: false, failure: { code: 'engine_error', message: err instanceof Error ? err.message : String(err) } };
      }
    },
    close: () => reader.close(),
  };
}

/** The words read, moved from the analysis frame onto the stored page image. */
function wordsOnPage(read: ReadPage): Word[] {
  return read.content.words.map((w) => ({ text: w.text, box: read.toPageBox(w.box) }));
}

/** Moves value boxes from the analysis frame (upright, deskewed) onto the stored page image. */
function toPageFrame(result: ExtractResult, toPageBox: (b: Box) => Box, pagePictures: Box[] | null, locatedFields: string[], settings: EngineSettings): ExtractResult {
  if (!result.ok) return result;
  const rows = result.rows.map((row) => {
    const out: Record<string, ExtractedCell> = {};
    for (const [k, v] of Object.entries(row)) {
      out[k] = isImageRegion(v) ? v : { ...v, box: v.box ? roundBox(toPageBox(v.box)) : null };
    }
    if (pagePictures) {
      for (const name of locatedFields) {
        const box = pickRegionForField(name, pagePictures, settings);
        out[name] = { type: 'image_region', box: box ? roundBox(box) : null };
      }
    }
    return out;
  });
  return { ...result, rows };
}
