/** JPEG encoding of page rasters and their thumbnails (sharp / libvips). */
import sharp from 'sharp';

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
function pageJpeg(raw: RawImage): Promise<Buffer> {
  return sharp(raw.data, { raw: { width: raw.width, height: raw.height, channels: raw.channels } })
    // pdfjs paints an opaque white page background, so alpha carries nothing; images are flattened by their caller.
    .removeAlpha()
    // Huffman optimisation halves encode speed for ~8% size: not worth it for page images.
    .jpeg({ quality: PAGE_QUALITY, optimiseCoding: false })
    .toBuffer();
}

/** Thumbnail size keeping the aspect ratio, long side THUMBNAIL_LONG_SIDE (never enlarged). */
export function thumbnailSize(width: number, height: number): { width: number; height: number } {
  const f = Math.min(1, THUMBNAIL_LONG_SIDE / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * f)), height: Math.max(1, Math.round(height * f)) };
}

/** What encodeCanvas needs of a Skia canvas (@napi-rs/canvas; pdfjs ships its own copy of the library). */
export interface SkiaCanvas {
  width: number;
  height: number;
  data(): Buffer;
  getContext(kind: '2d'): { imageSmoothingQuality: string; drawImage(image: never, x: number, y: number, w: number, h: number): void };
}

/**
 * Page JPEG + thumbnail of a rendered canvas. Skia scales the canvas down for
 * the thumbnail in ~2 ms, a quarter of what decoding the page JPEG again costs.
 * `makeCanvas` must come from the same native library as `canvas`: drawing a
 * canvas of one copy of @napi-rs/canvas into another crashes the process.
 */
export async function encodeCanvas(canvas: SkiaCanvas, makeCanvas: (w: number, h: number) => SkiaCanvas): Promise<EncodedPage> {
  const size = thumbnailSize(canvas.width, canvas.height);
  const small = makeCanvas(size.width, size.height);
  const ctx = small.getContext('2d');
  ctx.imageSmoothingQuality = 'medium';
  ctx.drawImage(canvas as never, 0, 0, size.width, size.height);
  const [jpeg, thumbnail] = await Promise.all([
    pageJpeg({ data: canvas.data(), width: canvas.width, height: canvas.height, channels: 4 }),
    // A copy: data() views the canvas's native memory, which GC may free once `small` is unreachable.
    sharp(Buffer.from(small.data()), { raw: { width: size.width, height: size.height, channels: 4 } })
      .removeAlpha()
      .jpeg({ quality: THUMB_QUALITY })
      .toBuffer(),
  ]);
  // Read after the await on purpose: the caller's canvas must outlive sharp's read of its pixels.
  return { jpeg, thumbnail, width: canvas.width, height: canvas.height };
}

/** Thumbnail of an encoded JPEG (raster uploads). */
export function thumbnailOf(jpeg: Buffer): Promise<Buffer> {
  // libvips shrinks JPEGs while decoding them, so this never holds the full-size pixels.
  return sharp(jpeg)
    .resize(THUMBNAIL_LONG_SIDE, THUMBNAIL_LONG_SIDE, { fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: THUMB_QUALITY })
    .toBuffer();
}
