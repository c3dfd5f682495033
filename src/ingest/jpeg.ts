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

/**
 * Encodes a raster as the page JPEG, then derives the thumbnail from that JPEG:
 * libvips shrinks JPEGs during decoding, which is several times cheaper than
 * resampling the full-size raw pixels.
 */
export async function encodeRaw(raw: RawImage): Promise<EncodedPage> {
  const jpeg = await sharp(raw.data, { raw: { width: raw.width, height: raw.height, channels: raw.channels } })
    // pdfjs paints an opaque white page background, so alpha carries nothing; images are flattened by their caller.
    .removeAlpha()
    // Huffman optimisation halves encode speed for ~8% size: not worth it for page images.
    .jpeg({ quality: PAGE_QUALITY, optimiseCoding: false })
    .toBuffer();
  return { jpeg, thumbnail: await thumbnailOf(jpeg), width: raw.width, height: raw.height };
}

export function thumbnailOf(jpeg: Buffer): Promise<Buffer> {
  return sharp(jpeg)
    .resize(THUMBNAIL_LONG_SIDE, THUMBNAIL_LONG_SIDE, { fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: THUMB_QUALITY })
    .toBuffer();
}
