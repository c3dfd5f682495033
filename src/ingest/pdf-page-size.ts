/**
 * Size limits of page rasters, apart from the renderers so the HTTP thread can
 * use them (image.ts) without loading PDFium, which only the render
 * workers need.
 */
import { PAGE_RENDER_DPI } from '../extract/types.js';

/**
 * Upper bound on a rendered page (pixels). A Letter page at 200 dpi is 3.7 MP;
 * oversized MediaBoxes are rendered at a lower dpi instead of allocating
 * gigabytes of raster.
 */
export const MAX_PAGE_PIXELS = 16_000_000;
const MAX_PAGE_SIDE = 8_000;

/** The scale (pixels per PDF point) for a page of `w`×`h` points. */
export function renderScale(w: number, h: number, dpi = PAGE_RENDER_DPI): number {
  let scale = dpi / 72;
  scale = Math.min(scale, MAX_PAGE_SIDE / Math.max(w, h, 1));
  scale = Math.min(scale, Math.sqrt(MAX_PAGE_PIXELS / Math.max(w * h, 1)));
  return scale;
}
