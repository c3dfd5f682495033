/**
 * Page orientation (0/90/180/270) and small skew from a binarized raster, by
 * projection profiles: text lines give sharp row transitions when horizontal;
 * Latin text has more ink above its x-height band (capitals, ascenders) than
 * below it (descenders), which tells upright from upside down.
 */

export interface BinaryImage {
  width: number;
  height: number;
  /** 1 = ink. */
  bits: Uint8Array;
}

export function otsuThreshold(grey: Uint8Array): number {
  const hist = new Array<number>(256).fill(0);
  for (const v of grey) hist[v]++;
  const total = grey.length;
  let sum = 0;
  for (let i = 0; i < 256; i++) sum += i * hist[i];
  let sumB = 0;
  let wB = 0;
  let best = 0;
  let threshold = 128;
  for (let t = 0; t < 256; t++) {
    wB += hist[t];
    if (wB === 0) continue;
    const wF = total - wB;
    if (wF === 0) break;
    sumB += t * hist[t];
    const mB = sumB / wB;
    const mF = (sum - sumB) / wF;
    const between = wB * wF * (mB - mF) ** 2;
    if (between > best) {
      best = between;
      threshold = t;
    }
  }
  return threshold;
}

export function binarize(grey: Uint8Array, width: number, height: number): BinaryImage {
  const t = Math.min(otsuThreshold(grey), 200);
  const bits = new Uint8Array(width * height);
  for (let i = 0; i < bits.length; i++) bits[i] = grey[i] <= t ? 1 : 0;
  return { width, height, bits };
}

/** Sum of squared differences between neighbouring rows' ink counts: high when text lines are horizontal. */
function transitionEnergy(profile: Float64Array): number {
  let e = 0;
  for (let i = 1; i < profile.length; i++) e += (profile[i] - profile[i - 1]) ** 2;
  return e;
}

function rowProfile(img: BinaryImage): Float64Array {
  const p = new Float64Array(img.height);
  for (let y = 0; y < img.height; y++) {
    let n = 0;
    for (let x = 0; x < img.width; x++) n += img.bits[y * img.width + x];
    p[y] = n;
  }
  return p;
}

function columnProfile(img: BinaryImage): Float64Array {
  const p = new Float64Array(img.width);
  for (let y = 0; y < img.height; y++) for (let x = 0; x < img.width; x++) p[x] += img.bits[y * img.width + x];
  return p;
}

/** Rotates a binary image by a multiple of 90° clockwise. */
export function rotateQuarter(img: BinaryImage, quarters: number): BinaryImage {
  const q = ((quarters % 4) + 4) % 4;
  if (q === 0) return img;
  const { width: w, height: h, bits } = img;
  const nw = q % 2 ? h : w;
  const nh = q % 2 ? w : h;
  const out = new Uint8Array(nw * nh);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let nx: number;
      let ny: number;
      if (q === 1) {
        nx = h - 1 - y;
        ny = x;
      } else if (q === 2) {
        nx = w - 1 - x;
        ny = h - 1 - y;
      } else {
        nx = y;
        ny = w - 1 - x;
      }
      out[ny * nw + nx] = bits[y * w + x];
    }
  }
  return { width: nw, height: nh, bits: out };
}

/**
 * Ink above versus below each text line's core band. Upright Latin text scores
 * above 1 (capitals and ascenders outnumber descenders); upside-down below 1.
 */
export function ascenderRatio(img: BinaryImage): number {
  const p = rowProfile(img);
  let above = 0;
  let below = 0;
  let y = 0;
  // Scan grain leaves a few specks between lines; a line needs real ink.
  const minInk = Math.max(3, img.width * 0.01);
  while (y < p.length) {
    if (p[y] < minInk) {
      y++;
      continue;
    }
    const start = y;
    while (y < p.length && p[y] >= minInk) y++;
    const end = y;
    const lineH = end - start;
    if (lineH < 4 || lineH > img.height * 0.08) continue;
    let peak = 0;
    for (let i = start; i < end; i++) peak = Math.max(peak, p[i]);
    let coreStart = start;
    while (coreStart < end && p[coreStart] < peak * 0.45) coreStart++;
    let coreEnd = end - 1;
    while (coreEnd > coreStart && p[coreEnd] < peak * 0.45) coreEnd--;
    for (let i = start; i < coreStart; i++) above += p[i];
    for (let i = coreEnd + 1; i < end; i++) below += p[i];
  }
  return (above + 1) / (below + 1);
}

/**
 * Erases ruling lines (long horizontal and vertical ink runs): a table grid
 * would otherwise join every text line into one block and swamp the
 * ascender statistics.
 */
export function withoutRuleRows(img: BinaryImage): BinaryImage {
  const { width: w, height: h } = img;
  const bits = img.bits.slice();
  const eraseRuns = (count: number, length: number, index: (o: number, i: number) => number, minRun: number) => {
    for (let o = 0; o < count; o++) {
      let start = -1;
      for (let i = 0; i <= length; i++) {
        const ink = i < length && img.bits[index(o, i)] === 1;
        if (ink && start < 0) start = i;
        if (!ink && start >= 0) {
          if (i - start > minRun) for (let k = start; k < i; k++) bits[index(o, k)] = 0;
          start = -1;
        }
      }
    }
  };
  eraseRuns(h, w, (y, x) => y * w + x, w * 0.08);
  eraseRuns(w, h, (x, y) => y * w + x, h * 0.03);
  return { ...img, bits };
}

/** Rotates a binary image by a small angle (degrees, counter-clockwise straightens a positive skew). */
export function rotateSmall(img: BinaryImage, deg: number): BinaryImage {
  if (deg === 0) return img;
  const rad = (deg * Math.PI) / 180;
  const cos = Math.cos(rad);
  const sin = Math.sin(rad);
  const { width: w, height: h } = img;
  const cx = w / 2;
  const cy = h / 2;
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      // Output pixel comes from the source point rotated forward by the skew.
      const sx = Math.round(cos * (x - cx) - sin * (y - cy) + cx);
      const sy = Math.round(sin * (x - cx) + cos * (y - cy) + cy);
      if (sx >= 0 && sy >= 0 && sx < w && sy < h) out[y * w + x] = img.bits[sy * w + sx];
    }
  }
  return { width: w, height: h, bits: out };
}

export interface PageGeometry {
  /** Clockwise quarter turns that make the page upright (0..3). */
  quarters: number;
  /** Remaining skew of the upright page, degrees (see detectSkew). */
  skew: number;
  /** Ascender/descender ratio behind the upright-vs-upside-down call; near 1 means unsure. */
  confidence: number;
}

/**
 * Orientation and skew together: the text direction (rows vs columns) first,
 * then the skew, then upright vs upside down on the straightened page, where
 * the ascender statistics are reliable.
 */
export function detectPageGeometry(img: BinaryImage, maxSkew = 5, step = 0.5): PageGeometry {
  const horizontal = transitionEnergy(rowProfile(img)) / Math.max(1, img.height);
  const vertical = transitionEnergy(columnProfile(img)) / Math.max(1, img.width);
  // Text lines run along x when the row profile alternates more sharply than the column profile.
  const base = horizontal >= vertical * 0.9 ? 0 : 1;
  const turned = rotateQuarter(img, base);
  const skew = detectSkew(turned, maxSkew, step);
  const ratio = ascenderRatio(withoutRuleRows(rotateSmall(turned, skew)));
  const confidence = ratio >= 1 ? ratio : 1 / ratio;
  return ratio >= 1 ? { quarters: base, skew, confidence } : { quarters: base + 2, skew, confidence };
}

/** Clockwise quarter turns that make the page upright (0..3). */
export function detectOrientation(img: BinaryImage): number {
  return detectPageGeometry(img).quarters;
}

/**
 * Skew angle in degrees, searched within ±maxDeg: text lines follow
 * y = y0 + x·tan(angle) in image coordinates (y down), so positive means they
 * descend to the right and a counter-clockwise turn by the angle straightens them.
 */
export function detectSkew(img: BinaryImage, maxDeg = 5, step = 0.5): number {
  const points: number[] = [];
  const stride = Math.max(1, Math.floor((img.width * img.height) / 400_000));
  for (let i = 0; i < img.bits.length; i += stride) if (img.bits[i]) points.push(i);
  if (points.length < 50) return 0;
  const score = (deg: number) => {
    const rad = (deg * Math.PI) / 180;
    const sin = Math.sin(rad);
    const cos = Math.cos(rad);
    const bins = new Float64Array(img.height * 2 + img.width);
    const offset = img.width;
    for (const p of points) {
      const x = p % img.width;
      const y = (p - x) / img.width;
      const yr = Math.round(y * cos - x * sin) + offset;
      if (yr >= 0 && yr < bins.length) bins[yr]++;
    }
    let s = 0;
    for (const v of bins) s += v * v;
    return s;
  };
  let best = 0;
  let bestScore = score(0);
  for (let d = -maxDeg; d <= maxDeg + 1e-9; d += step) {
    const s = score(d);
    if (s > bestScore) {
      bestScore = s;
      best = d;
    }
  }
  for (let d = best - step; d <= best + step + 1e-9; d += step / 5) {
    const s = score(d);
    if (s > bestScore) {
      bestScore = s;
      best = d;
    }
  }
  return Math.round(best * 100) / 100;
}
