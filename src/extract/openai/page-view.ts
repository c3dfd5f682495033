import { createPageReader } from '../read/page-reader.js';
import { findRasterPictureRegions } from '../read/picture-regions.js';
import { sharpOf } from '../../libvips.js';
import type { EngineSettings } from '../settings.js';
import { pageImage, type Box, type EnginePage, type Quality, type Word } from '../types.js';

/**
 * What the model engine needs of a page, all CPU work (OCR, picture finding,
 * JPEG encoding) done where the layout engine runs, in an engine thread: the
 * words with boxes on the stored page image (the layout engine's content
 * stage: text layer, else OCR), the picture regions when a field asks for
 * one, and the JPEG the model sees.
 */
export interface PageView {
  words: Word[];
  /** Picture regions on the page (embedded images, else non-text ink); null when no field asked. */
  pictures: Box[] | null;
  jpeg: Uint8Array;
}

export interface PageViewRequest {
  quality: Quality;
  wantPictures: boolean;
  imageLongSide: number;
}

export interface PageViewer {
  view(page: EnginePage, request: PageViewRequest): Promise<PageView>;
  close(): Promise<void>;
}

/** `settings`: the engine's (src/extract/settings.ts), DEFAULT_SETTINGS when none are given. */
export function createPageViewer(ocrThreads?: number, settings?: EngineSettings): PageViewer {
  const reader = createPageReader({ ocrThreads, settings });
  return {
    async view(page, request) {
      const read = await reader.read(page, request.quality);
      const words = read.content.words.map((w) => ({ text: w.text, box: read.toPageBox(w.box) }));
      let pictures: Box[] | null = null;
      if (request.wantPictures) {
        pictures = read.content.pictures.length > 0 ? read.content.pictures : await findRasterPictureRegions(pageImage(page), words, reader.settings);
      }
      const jpeg = await (await sharpOf(pageImage(page))).rotate()
        .resize(request.imageLongSide, request.imageLongSide, { fit: 'inside', withoutEnlargement: true })
        .jpeg({ quality: reader.settings.model.jpegQuality }).toBuffer();
      // A copy owns its ArrayBuffer, so an engine thread can hand it over (transfer) without touching a shared one.
      return { words, pictures, jpeg: new Uint8Array(jpeg) };
    },
    close: () => reader.close(),
  };
}
