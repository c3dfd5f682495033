/**
 * A PDF page's user space mapped onto the page as it is shown: points, origin
 * top-left, y down, its crop box and /Rotate applied (what the raster shows).
 */
import type { WrappedPdfiumModule } from '@embedpdf/pdfium';

export interface PageFrame {
  /** Size of the shown page in points (width and height swap on a quarter turn). */
  width: number;
  height: number;
  /** User space → frame: x' = a·x + c·y + e, y' = b·x + d·y + f. */
  matrix: [number, number, number, number, number, number];
}

/** PDFium hands device coordinates back as integers: the frame is sampled this many times larger, then scaled back. */
const SAMPLE_SCALE = 1024;

export function pageFrame(m: WrappedPdfiumModule, page: number): PageFrame {
  const width = m.FPDF_GetPageWidthF(page);
  const height = m.FPDF_GetPageHeightF(page);
  const out = m.pdfium.wasmExports.malloc(8);
  try {
    const device = (x: number, y: number): [number, number] => {
      m.FPDF_PageToDevice(page, 0, 0, Math.round(width * SAMPLE_SCALE), Math.round(height * SAMPLE_SCALE), 0, x, y, out, out + 4);
      const [dx, dy] = new Int32Array(m.pdfium.HEAPU8.buffer, out, 2);
      return [dx / SAMPLE_SCALE, dy / SAMPLE_SCALE];
    };
    // Far-apart sample points keep the integer rounding below a thousandth of a point in the matrix.
    const span = 1000;
    const [e, f] = device(0, 0);
    const [xa, xb] = device(span, 0);
    const [yc, yd] = device(0, span);
    return { width, height, matrix: [(xa - e) / span, (xb - f) / span, (yc - e) / span, (yd - f) / span, e, f] };
  } finally {
    m.pdfium.wasmExports.free(out);
  }
}

/** Maps a point (w = 1) or a direction (w = 0) of user space onto the frame. */
export function toFrame(frame: PageFrame, x: number, y: number, w: 0 | 1): [number, number] {
  return [frameX(frame, x, y, w), frameY(frame, x, y, w)];
}

/** toFrame's x alone, no pair made (called for every glyph of a page). */
export function frameX(frame: PageFrame, x: number, y: number, w: 0 | 1): number {
  const m = frame.matrix;
  return m[0] * x + m[2] * y + m[4] * w;
}

/** toFrame's y alone. */
export function frameY(frame: PageFrame, x: number, y: number, w: 0 | 1): number {
  const m = frame.matrix;
  return m[1] * x + m[3] * y + m[5] * w;
}

/** A share of the page (0..1) kept on the page. */
export function clamp01(v: number): number {
  return v < 0 ? 0 : v > 1 ? 1 : v;
}
