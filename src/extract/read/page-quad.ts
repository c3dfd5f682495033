/**
 * A photographed page found and rectified: the paper is the brightest large
 * region of the photo, surrounded on every side by a darker surface (a table,
 * a hand); its outline's four corners give the quadrilateral the camera saw,
 * and a homography (homography.ts) takes it back to an upright rectangle
 * before anything reads it. A page that fills its frame (a flatbed scan, a
 * born-digital page) has no surface around it and is left exactly as it is;
 * so is any bright region that is not clearly a quadrilateral (its area far
 * from the four corners' area, corners far from square). Every size and
 * share is settings.read.pageQuad, with its reason.
 */
import type { EngineSettings } from '../settings.js';
import type { Box } from '../types.js';
import { FLOAT_SLACK, half, QUAD_CORNERS as CORNERS, sobelGradient } from '../units.js';
import { cellMeans, maxFilter, minFilter, pieces } from './content-crop.js';
import type { GreyRaster } from './grey-raster.js';
import { compose, mapPoint, scaling, squareToQuad, warpGrey, type Point, type Quad } from './homography.js';
import { otsuThreshold } from './page-geometry.js';

/** The paper's corners in fractions of the frame's width and height (top left, top right, bottom right, bottom left as seen). */
export type PageQuad = Quad;

/** The page's quadrilateral in `frame`, or undefined when none is clearly there or it is the whole frame. */
export function findPageQuad(frame: GreyRaster, settings: EngineSettings): PageQuad | undefined {
  const s = settings.read.pageQuad;
  const cell = Math.max(s.minCellPx, Math.round(Math.max(frame.width, frame.height) / s.gridLongSide));
  const columns = Math.floor(frame.width / cell);
  const rows = Math.floor(frame.height / cell);
  if (columns < s.minGridCells || rows < s.minGridCells) return undefined;
  const grey = cellMeans(frame, cell, columns, rows);
  // Print closed into the paper around it: the paper is then one bright field.
  const closed = minFilter(maxFilter(grey, columns, rows, s.closeSide), columns, rows, s.closeSide);
  const threshold = otsuThreshold(closed);
  const bright = closed.map((v) => (v > threshold ? 1 : 0));
  // Opened: a light streak of the table touching the paper's edge is no part of it.
  const opened = maxFilter(minFilter(bright, columns, rows, s.openSide), columns, rows, s.openSide);
  const lit = largestFilled(opened, columns, rows);
  if (!lit) return undefined;
  // A shadow over part of the paper (a hand, the phone) puts that part under the one threshold, and the lit part
  // alone is no quadrilateral: the paper is followed into the shade first, as it was lit where that finds no page.
  const shaded = intoShade(lit.mask, closed, columns, rows, threshold * s.shadeFloor, s);
  return (
    (shaded && quadOfPaper(shaded, closed, frame, columns, rows, cell, s)) ??
    quadOfPaper(lit, closed, frame, columns, rows, cell, s) ??
    inTwoLights(lit.mask, closed, frame, columns, rows, cell, threshold, s)
  );
}

/**
 * A shadow whose edge is too sharp to be followed (intoShade) leaves the paper in two lights, both above the
 * surface: the lit part alone is a triangle or a sliver, no page. The paper is then the piece holding the lit part
 * above a lower threshold, tried from the shade's floor up in steps of `twoLightsStep` levels: the lowest that makes
 * a quadrilateral whose four sides are lines of its outline (refinedCorners), so a piece still joined to brighter
 * parts of the surface (below) or cut short at a corner by the shade (above) is no find.
 */
function inTwoLights(lit: Uint8Array, closed: Uint8Array, frame: GreyRaster, columns: number, rows: number, cell: number, threshold: number, s: EngineSettings['read']['pageQuad']): PageQuad | undefined {
  for (let t = Math.ceil(threshold * s.shadeFloor); t < threshold; t += s.twoLightsStep) {
    const above = closed.map((v) => (v > t ? 1 : 0));
    const piece = largestFilled(maxFilter(minFilter(above, columns, rows, s.openSide), columns, rows, s.openSide), columns, rows, lit);
    const quad = piece && quadOfPaper(piece, closed, frame, columns, rows, cell, s, true);
    if (quad) return quad;
  }
  return undefined;
}

/**
 * The lit paper grown into the darker cells beside it where the light changes gently on both sides of the step
 * (a Sobel gradient of at most `shadeGradient` levels a cell): a shadow's edge falls off over many cells, the
 * paper's edge onto the surface is a step of tens of levels within one, which the growth does not cross. Cells at
 * the frame's edge are not grown into (the gradient there is half seen). Its holes filled as the lit part's are;
 * undefined when nothing was added or the growth reached a side of the frame the lit part does not.
 */
function intoShade(lit: Uint8Array, closed: Uint8Array, columns: number, rows: number, floor: number, s: EngineSettings['read']['pageQuad']): { mask: Uint8Array; area: number } | undefined {
  const at = (x: number, y: number) => closed[Math.min(rows - 1, Math.max(0, y)) * columns + Math.min(columns - 1, Math.max(0, x))];
  const gentle = (i: number) => {
    const [x, y] = [i % columns, Math.floor(i / columns)];
    return sobelGradient((dx, dy) => at(x + dx, y + dy)) <= s.shadeGradient;
  };
  const mask = Uint8Array.from(lit);
  const queue: number[] = [];
  for (let i = 0; i < mask.length; i++) if (mask[i] && gentle(i)) queue.push(i);
  let added = 0;
  for (let head = 0; head < queue.length; head++) {
    const i = queue[head];
    const [x, y] = [i % columns, Math.floor(i / columns)];
    for (const [nx, ny] of [[x - 1, y], [x + 1, y], [x, y - 1], [x, y + 1]]) {
      const inner = nx >= s.shadeMargin && ny >= s.shadeMargin && nx < columns - s.shadeMargin && ny < rows - s.shadeMargin;
      const j = ny * columns + nx;
      if (!inner || mask[j] || closed[j] < floor || !gentle(j)) continue;
      mask[j] = 1;
      added++;
      queue.push(j);
    }
  }
  if (added === 0) return undefined;
  // Grown to a side of the frame the lit paper does not reach: the shade ran onto the surface, not along the paper.
  const litSides = sidesReached(lit, columns, rows, s.shadeMargin);
  if ([...sidesReached(mask, columns, rows, s.shadeMargin)].some((side) => !litSides.has(side))) return undefined;
  return largestFilled(mask, columns, rows);
}

/** The sides of the frame (top, right, bottom, left) that cells of `mask` lie on, or within `within` cells of. */
function sidesReached(mask: Uint8Array, columns: number, rows: number, within = 0): Set<'top' | 'right' | 'bottom' | 'left'> {
  const reached = new Set<'top' | 'right' | 'bottom' | 'left'>();
  for (let i = 0; i < mask.length; i++) {
    if (!mask[i]) continue;
    const [x, y] = [i % columns, Math.floor(i / columns)];
    if (y <= within) reached.add('top');
    if (x >= columns - 1 - within) reached.add('right');
    if (y >= rows - 1 - within) reached.add('bottom');
    if (x <= within) reached.add('left');
  }
  return reached;
}

/**
 * The quadrilateral of the paper cells `paper` (filled), or undefined when they make none clearly; `fitted`: only
 * where a line fits each side's outline (refinedCorners), not the hull's corners.
 */
function quadOfPaper(
  paper: { mask: Uint8Array; area: number },
  closed: Uint8Array,
  frame: GreyRaster,
  columns: number,
  rows: number,
  cell: number,
  s: EngineSettings['read']['pageQuad'],
  fitted = false,
): PageQuad | undefined {
  const { mask, area } = paper;
  // The surface must show on every side but one: a region touching more of the frame's edges is a page filling it;
  // one running off a single edge is a photo that cut the page's end off (its corners there are where it leaves the frame).
  const touches = sidesReached(mask, columns, rows).size;
  if (touches > s.maxEdgesTouched) return undefined;
  if (area < s.minAreaShare * columns * rows || area > s.maxAreaShare * columns * rows) return undefined;
  let inside = 0;
  let outside = 0;
  for (let i = 0; i < mask.length; i++) if (mask[i]) inside += closed[i];
  else outside += closed[i];
  if (inside / area - outside / (mask.length - area) < s.minContrast) return undefined;
  const outline = outlinePoints(mask, columns, rows);
  const coarse = cornersOf(convexHull(outline));
  if (!coarse) return undefined;
  const refined = refinedCorners(coarse, outline, s);
  if (fitted && !refined) return undefined;
  const corners = refined ?? coarse;
  const quadArea = polygonArea(corners);
  if (area < s.minFill * quadArea || quadArea < s.minFill * area || !squareEnough(corners, s.maxCornerCos)) return undefined;
  const quad = corners.map((p) => ({ x: (p.x * cell) / frame.width, y: (p.y * cell) / frame.height }));
  return quad as unknown as PageQuad;
}

/** The rectified page's size in pixels of a frame `width`×`height`: the mean lengths of its opposite sides. */
export function pageSize(quad: PageQuad, width: number, height: number): { width: number; height: number } {
  const [topLeft, topRight, bottomRight, bottomLeft] = quad;
  const side = (p: Point, q: Point) => Math.hypot((p.x - q.x) * width, (p.y - q.y) * height);
  return { width: half(side(topLeft, topRight) + side(bottomLeft, bottomRight)), height: half(side(topRight, bottomRight) + side(topLeft, bottomLeft)) };
}

/** The page of `frame` as an upright `width`×`height` raster. */
export function rectifyPage(frame: GreyRaster, quad: PageQuad, width: number, height: number, fill: number): GreyRaster {
  // Output pixel centres to the unit square, to the quad in fractions, to the frame's pixel centres.
  const toUnit = scaling(1 / width, 1 / height, half(1) / width, half(1) / height);
  const toFrame = scaling(frame.width, frame.height, -half(1), -half(1));
  return warpGrey(frame, compose(toFrame, compose(squareToQuad(quad), toUnit)), width, height, fill);
}

/** A box in fractions of the rectified page as a box in fractions of the frame (the box around its four corners' images). */
export function frameBoxOfPage(quad: PageQuad, b: Box): Box {
  const m = squareToQuad(quad);
  const pts = [mapPoint(m, b.x1, b.y1), mapPoint(m, b.x2, b.y1), mapPoint(m, b.x2, b.y2), mapPoint(m, b.x1, b.y2)];
  const xs = pts.map((p) => Math.min(1, Math.max(0, p.x)));
  const ys = pts.map((p) => Math.min(1, Math.max(0, p.y)));
  return { x1: Math.min(...xs), y1: Math.min(...ys), x2: Math.max(...xs), y2: Math.max(...ys) };
}

/**
 * The largest 4-connected piece of `mask` with its holes (print, a dark logo) filled; given `holding`, the piece
 * holding most of its cells.
 */
function largestFilled(mask: Uint8Array, columns: number, rows: number, holding?: Uint8Array): { mask: Uint8Array; area: number } | undefined {
  const weight = (cells: number[]) => (holding ? cells.reduce((n, i) => n + holding[i], 0) : cells.length);
  let largest: number[] | undefined;
  let most = 0;
  for (const cells of pieces(mask, columns)) {
    const w = weight(cells);
    if (!largest || w > most) [largest, most] = [cells, w];
  }
  if (!largest) return undefined;
  const filled = new Uint8Array(mask.length);
  for (const i of largest) filled[i] = 1;
  const rest = filled.map((v) => 1 - v);
  let area = largest.length;
  for (const cells of pieces(rest, columns)) {
    const onEdge = cells.some((i) => i < columns || i >= (rows - 1) * columns || i % columns === 0 || i % columns === columns - 1);
    if (onEdge) continue;
    for (const i of cells) filled[i] = 1;
    area += cells.length;
  }
  return { mask: filled, area };
}

/** Centres of the cells of `mask` beside a cell outside it, in cell units. */
function outlinePoints(mask: Uint8Array, columns: number, rows: number): Point[] {
  const out: Point[] = [];
  for (let y = 0; y < rows; y++) {
    for (let x = 0; x < columns; x++) {
      const i = y * columns + x;
      if (!mask[i]) continue;
      const edge = x === 0 || x === columns - 1 || y === 0 || y === rows - 1 || !mask[i - 1] || !mask[i + 1] || !mask[i - columns] || !mask[i + columns];
      if (edge) out.push({ x: x + half(1), y: y + half(1) });
    }
  }
  return out;
}

const cross = (o: Point, a: Point, b: Point) => (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);

/** Andrew's monotone chain. */
function convexHull(points: Point[]): Point[] {
  const sorted = [...points].sort((a, b) => a.x - b.x || a.y - b.y);
  const chain = (pts: Point[]) => {
    const out: Point[] = [];
    for (const p of pts) {
      while (out.length > 1 && cross(out[out.length - 1 - 1], out[out.length - 1], p) <= 0) out.pop();
      out.push(p);
    }
    out.pop();
    return out;
  };
  return [...chain(sorted), ...chain(sorted.reverse())];
}

/**
 * Four corners of a hull: the two farthest apart (a diagonal) and the
 * farthest on each side of it, ordered clockwise as seen from the top left.
 */
function cornersOf(hull: Point[]): Point[] | undefined {
  if (hull.length < CORNERS) return undefined;
  let [a, b, far] = [hull[0], hull[1], -1];
  for (let i = 0; i < hull.length; i++) {
    for (let j = i + 1; j < hull.length; j++) {
      const d = Math.hypot(hull[i].x - hull[j].x, hull[i].y - hull[j].y);
      if (d > far) [a, b, far] = [hull[i], hull[j], d];
    }
  }
  let [left, right, most, least] = [a, a, 0, 0];
  for (const p of hull) {
    const c = cross(a, b, p);
    if (c > most) [right, most] = [p, c];
    if (c < least) [left, least] = [p, c];
  }
  if (most <= 0 || least >= 0) return undefined;
  const corners = [a, right, b, left];
  const cx = corners.reduce((n, p) => n + p.x, 0) / CORNERS;
  const cy = corners.reduce((n, p) => n + p.y, 0) / CORNERS;
  corners.sort((p, q) => Math.atan2(p.y - cy, p.x - cx) - Math.atan2(q.y - cy, q.x - cx));
  let first = 0;
  for (let i = 1; i < CORNERS; i++) if (corners[i].x + corners[i].y < corners[first].x + corners[first].y) first = i;
  return [...corners.slice(first), ...corners.slice(0, first)];
}

/**
 * The corners where lines fitted to each side's outline meet: the hull's
 * corners sit on the cells nearest a corner, which a rounded or dog-eared
 * corner pulls in. Undefined when a side has too few points near it or a
 * corner moves far.
 */
function refinedCorners(corners: Point[], outline: Point[], s: EngineSettings['read']['pageQuad']): Point[] | undefined {
  const lines: Array<{ p: Point; d: Point }> = [];
  for (let k = 0; k < CORNERS; k++) {
    const [p, q] = [corners[k], corners[(k + 1) % CORNERS]];
    const length = Math.hypot(q.x - p.x, q.y - p.y);
    const d = { x: (q.x - p.x) / length, y: (q.y - p.y) / length };
    const near = outline.filter((o) => {
      const t = ((o.x - p.x) * d.x + (o.y - p.y) * d.y) / length;
      return t > s.sideTrim && t < 1 - s.sideTrim && Math.abs((o.x - p.x) * d.y - (o.y - p.y) * d.x) <= s.sideBand;
    });
    if (near.length < s.minSidePoints) return undefined;
    lines.push(fitLine(near));
  }
  const out: Point[] = [];
  for (let k = 0; k < CORNERS; k++) {
    const corner = intersect(lines[(k + CORNERS - 1) % CORNERS], lines[k]);
    if (!corner || Math.hypot(corner.x - corners[k].x, corner.y - corners[k].y) > s.maxCornerShift) return undefined;
    out.push(corner);
  }
  return out;
}

/** The least-squares line through points (perpendicular distances): their mean and principal direction. */
function fitLine(points: Point[]): { p: Point; d: Point } {
  const mx = points.reduce((n, p) => n + p.x, 0) / points.length;
  const my = points.reduce((n, p) => n + p.y, 0) / points.length;
  let [sxx, sxy, syy] = [0, 0, 0];
  for (const p of points) {
    sxx += (p.x - mx) * (p.x - mx);
    sxy += (p.x - mx) * (p.y - my);
    syy += (p.y - my) * (p.y - my);
  }
  const angle = half(Math.atan2(sxy + sxy, sxx - syy));
  return { p: { x: mx, y: my }, d: { x: Math.cos(angle), y: Math.sin(angle) } };
}

function intersect(l: { p: Point; d: Point }, m: { p: Point; d: Point }): Point | undefined {
  const det = l.d.x * m.d.y - l.d.y * m.d.x;
  if (Math.abs(det) < FLOAT_SLACK) return undefined;
  const t = ((m.p.x - l.p.x) * m.d.y - (m.p.y - l.p.y) * m.d.x) / det;
  return { x: l.p.x + t * l.d.x, y: l.p.y + t * l.d.y };
}

/** Shoelace area. */
function polygonArea(pts: Point[]): number {
  let twice = 0;
  for (let k = 0; k < pts.length; k++) {
    const [p, q] = [pts[k], pts[(k + 1) % pts.length]];
    twice += p.x * q.y - q.x * p.y;
  }
  return Math.abs(half(twice));
}

/** Convex, and every corner's angle within acos(maxCos) of a right angle: a page seen at a slant, not a wedge. */
function squareEnough(pts: Point[], maxCos: number): boolean {
  for (let k = 0; k < CORNERS; k++) {
    const [o, a, b] = [pts[k], pts[(k + 1) % CORNERS], pts[(k + CORNERS - 1) % CORNERS]];
    const [ax, ay, bx, by] = [a.x - o.x, a.y - o.y, b.x - o.x, b.y - o.y];
    const cos = (ax * bx + ay * by) / (Math.hypot(ax, ay) * Math.hypot(bx, by));
    if (Math.abs(cos) > maxCos || cross(o, a, b) <= 0) return false;
  }
  return true;
}
