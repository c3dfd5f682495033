import type { EngineSettings } from '../settings.js';
import { sharpOf } from '../../libvips.js';
import type { Box, Word } from '../types.js';
import { BLUE, GREEN, luma, MIN_EXTENT } from '../units.js';

/**
 * Non-text regions of a raster: connected blobs of ink (or of colour) that no
 * word covers and that are not thin ruling lines. Used for photos, logos,
 * signatures and stamps on scans, and on PDFs without embedded images.
 * Sizes and levels: settings.read.pictures.
 */
export async function findRasterPictureRegions(image: Uint8Array, words: Word[], settings: EngineSettings): Promise<Box[]> {
  const s = settings.read.pictures;
  const { data, info } = await (await sharpOf(image))
    .resize(s.gridLongSide, s.gridLongSide, { fit: 'inside' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const w = info.width;
  const h = info.height;
  const ch = info.channels;
  const ink = new Uint8Array(w * h);
  for (let i = 0; i < w * h; i++) {
    const r = data[i * ch];
    const g = data[i * ch + (ch > GREEN ? GREEN : 0)];
    const b = data[i * ch + (ch > BLUE ? BLUE : 0)];
    const chroma = Math.max(r, g, b) - Math.min(r, g, b);
    ink[i] = luma(r, g, b) < s.inkLuma || chroma > s.inkChroma ? 1 : 0;
  }
  // Erase text: word boxes grown a little so descenders and underlines go too.
  for (const word of words) {
    const x1 = Math.max(0, Math.floor(word.box.x1 * w) - 1);
    const x2 = Math.min(w - 1, Math.ceil(word.box.x2 * w) + 1);
    const y1 = Math.max(0, Math.floor(word.box.y1 * h) - 1);
    const y2 = Math.min(h - 1, Math.ceil(word.box.y2 * h) + 1);
    for (let y = y1; y <= y2; y++) ink.fill(0, y * w + x1, y * w + x2 + 1);
  }
  return connectedBlobs(ink, w, h, s.bridgePx)
    .filter((b) => {
      const bw = b.x2 - b.x1 + 1;
      const bh = b.y2 - b.y1 + 1;
      const thin = bw <= s.maxThinPx || bh <= s.maxThinPx;
      return !thin && bw * bh >= s.minArea && b.count >= s.minInk && bw < w * s.maxWidthShare;
    })
    .map((b) => ({ x1: b.x1 / w, y1: b.y1 / h, x2: (b.x2 + 1) / w, y2: (b.y2 + 1) / h }));
}

interface Blob {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  count: number;
}

/** 8-connected components, bridging gaps of `bridge` pixels so a signature's strokes make one blob. */
function connectedBlobs(ink: Uint8Array, w: number, h: number, bridge: number): Blob[] {
  const seen = new Uint8Array(w * h);
  const blobs: Blob[] = [];
  const stack: number[] = [];
  for (let start = 0; start < w * h; start++) {
    if (!ink[start] || seen[start]) continue;
    const blob: Blob = { x1: w, y1: h, x2: 0, y2: 0, count: 0 };
    stack.push(start);
    seen[start] = 1;
    while (stack.length) {
      const p = stack.pop() as number;
      const x = p % w;
      const y = (p - x) / w;
      blob.count++;
      if (x < blob.x1) blob.x1 = x;
      if (x > blob.x2) blob.x2 = x;
      if (y < blob.y1) blob.y1 = y;
      if (y > blob.y2) blob.y2 = y;
      for (let dy = -bridge; dy <= bridge; dy++) {
        for (let dx = -bridge; dx <= bridge; dx++) {
          const nx = x + dx;
          const ny = y + dy;
          if (nx < 0 || ny < 0 || nx >= w || ny >= h) continue;
          const q = ny * w + nx;
          if (ink[q] && !seen[q]) {
            seen[q] = 1;
            stack.push(q);
          }
        }
      }
    }
    blobs.push(blob);
  }
  return blobs;
}

const area = (b: Box) => (b.x2 - b.x1) * (b.y2 - b.y1);

/**
 * Chooses the region a pure-location field asks for. Logos sit near the top,
 * signatures near the bottom and are wide and short, photos are the largest
 * roughly portrait-shaped picture; anything else takes the largest region.
 */
export function pickRegionForField(fieldName: string, regions: Box[], settings: EngineSettings): Box | null {
  if (regions.length === 0) return null;
  const s = settings.read.pictures;
  const name = fieldName.toLowerCase();
  const score = (b: Box): number => {
    const a = area(b);
    const ratio = (b.x2 - b.x1) / Math.max(MIN_EXTENT, b.y2 - b.y1);
    if (/logo/.test(name)) return a / (b.y1 + s.logoTopOffset);
    if (/signature|signed/.test(name)) return a * (b.y1 > s.signatureBelow ? s.signatureBelowFactor : 1) * (ratio > s.signatureMinRatio ? s.signatureWideFactor : 1);
    if (/photo|portrait|picture/.test(name)) return a * (ratio >= s.photoMinRatio && ratio <= s.photoMaxRatio ? s.photoShapeFactor : 1);
    return a;
  };
  return regions.reduce((best, b) => (score(b) > score(best) ? b : best));
}
