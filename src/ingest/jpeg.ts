/**
 * JPEG encoding of page rasters and their thumbnails (sharp / libvips). sharp
 * loads on the first encoding (src/libvips.ts): `docrows extract` of a text PDF
 * paints nothing and so never pays for loading libvips.
 */
import { loadSharp } from '../libvips.js';

/** Long side of the pre-generated thumbnail served by `size=thumb`. */
export const THUMBNAIL_LONG_SIDE = 320;
const PAGE_QUALITY = 85;
const THUMB_QUALITY = 75;

export interface EncodedPage {
  jpeg: Buffer;
  thumbnail: Buffer;
  width: number;
  height: number;
}

/** Raw interleaved pixels (RGBA from a canvas, or RGB). */
export interface RawImage {
  data: Buffer;
  width: number;
  height: number;
  channels: 3 | 4;
}

/** The page JPEG of raw pixels. */
export async function pageJpeg(raw: RawImage): Promise<Buffer> {
  const sharp = await loadSharp();
  // Alpha carries nothing here (pages are painted on white); 3-channel input skips the removal pass.
  const image = sharp(raw.data, { raw: { width: raw.width, height: raw.height, channels: raw.channels } });
  return (raw.channels === 4 ? image.removeAlpha() : image)
    // Huffman optimisation makes the encode 2.4× slower (10 → 25 ms a Letter page) for files ~28% smaller: not worth it here.
    .jpeg({ quality: PAGE_QUALITY, optimiseCoding: false })
    .toBuffer();
}

/** Thumbnail size keeping the aspect ratio, long side THUMBNAIL_LONG_SIDE (never enlarged). */
export function thumbnailSize(width: number, height: number): { width: number; height: number } {
  const f = Math.min(1, THUMBNAIL_LONG_SIDE / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * f)), height: Math.max(1, Math.round(height * f)) };
}

/**
 * Page JPEG + thumbnail of a rendered PDF page. The thumbnail comes rendered
 * at its own size (PDFium paints 80k pixels in ~1 ms), which is cheaper and
 * sharper than scaling the page raster down (~10 ms in libvips).
 */
export async function encodeRendered(page: RawImage, thumb: RawImage): Promise<EncodedPage> {
  const sharp = await loadSharp();
  const [jpeg, thumbnail] = await Promise.all([
    pageJpeg(page),
    sharp(thumb.data, { raw: { width: thumb.width, height: thumb.height, channels: thumb.channels } })
      .jpeg({ quality: THUMB_QUALITY })
      .toBuffer(),
  ]);
  return { jpeg, thumbnail, width: page.width, height: page.height };
}

/** Thumbnail of an encoded JPEG (raster uploads). */
export async function thumbnailOf(jpeg: Buffer): Promise<Buffer> {
  const sharp = await loadSharp();
  // libvips shrinks JPEGs while decoding them, so this never holds the full-size pixels.
  return sharp(jpeg)
    .resize(THUMBNAIL_LONG_SIDE, THUMBNAIL_LONG_SIDE, { fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: THUMB_QUALITY })
    .toBuffer();
}
