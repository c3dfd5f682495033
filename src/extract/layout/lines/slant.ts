/**
 * The slant left on a page after reading: a phone photo whose outline was not
 * found, or was found off, comes with its text lines still running at an
 * angle, and a photo taken at a slant has them fanning out (level at the top,
 * falling at the bottom). Over a statement's width a slant of 2° moves a
 * row's right end by more than a line's height, so its amounts group with the
 * row above. The slant is told from the words alone and the words are
 * levelled (a shear: x kept, so a column's words stay where they were) before
 * lines are grouped.
 */
import type { PageContent } from '../../read/page-content.js';
import type { EngineSettings } from '../../settings.js';
import type { Box, Rule, Word } from '../../types.js';
import { BOX_PRECISION, half, middle, PAGE_MIDDLE, squared, toRadians } from '../../units.js';
import { median, roundBox, unionBoxes } from './geometry.js';

/**
 * Where a page's lines run: at height y (page heights) they fall `tan + fan × (y − ½)` page heights a page height
 * across (negative where they rise); `aspect` is the page's width / height.
 */
export interface Slant {
  tan: number;
  fan: number;
  aspect: number;
}

type Sample = { y: number; slope: number; weight: number };
type Point = { x: number; y: number; weight: number };

/** The slope of the page's lines at height y. */
const slopeAt = (s: Slant, y: number) => s.tan + s.fan * (y - PAGE_MIDDLE);

/** How far from the page's middle column a point at x lies, in page heights (lines are levelled about that column). */
const across = (s: Slant, x: number) => (x - PAGE_MIDDLE) * s.aspect;

/** The height at the page's middle column of the line through (x, y): the point levelled. */
function levelY(s: Slant, x: number, y: number): number {
  const d = across(s, x);
  return (y - (s.tan - half(s.fan)) * d) / (1 + s.fan * d);
}

/** The point of the line at height y (middle column) at x: a levelled point put back. */
const unlevelY = (s: Slant, x: number, y: number) => y + slopeAt(s, y) * across(s, x);

/**
 * A page's leftover slant, or null when it reads level. Neighbouring words of one cell give the slope where they
 * stand; one slope for the page (their median) and one changing with the height (a line fitted through them) are
 * each tried against the page as read, by how well every word's centre lines up along the lines they draw (a
 * table's grid also lines up at the angle that steps one row a column, so no angle is tried that no neighbours
 * give). The one that lines the words up best wins, and only clearly.
 */
export function textSlant(words: Word[], aspect: number, settings: EngineSettings): Slant | null {
  const o = settings.lines.slant;
  // Words read surely: a photo's surface read as text (a wood grain, a cloth) gives unsure words at any slant.
  const sized = words.filter((w) => w.box.y2 > w.box.y1 && w.box.x2 > w.box.x1 && (w.confidence ?? 1) >= o.minConfidence);
  if (sized.length < o.minWords) return null;
  const height = median(sized.map((w) => w.box.y2 - w.box.y1));
  const samples = neighbourSlopes(sized, aspect, height, settings);
  if (samples.length < o.minPairs) return null;
  // Centres, each word weighed by its length: a line of long words is a stronger line.
  const points: Point[] = sized.map((w) => ({ x: middle(w.box.x1, w.box.x2), y: middle(w.box.y1, w.box.y2), weight: (w.box.x2 - w.box.x1) * aspect }));
  const score = (s: Slant) => lineUp(points, s, height * o.bandShare);
  const level = score({ tan: 0, fan: 0, aspect });
  const tried = [{ tan: weightedMedian(samples), fan: 0, aspect }, { ...fitted(samples, settings), aspect }].map((s) => ({ s, score: score(s) }));
  const best = tried.reduce((a, b) => (b.score > a.score ? b : a));
  const ys = sized.map((w) => middle(w.box.y1, w.box.y2));
  const steepest = Math.max(Math.abs(slopeAt(best.s, Math.min(...ys))), Math.abs(slopeAt(best.s, Math.max(...ys))));
  const [least, most] = [o.minDegrees, o.maxDegrees].map((d) => Math.tan(toRadians(d)));
  return steepest >= least && steepest <= most && best.score >= level * o.minGain ? best.s : null;
}

/**
 * The slope from each word to the next word of its cell (the nearest to its right, a word space away, about level
 * with it), at the word's height, weighed by the shorter word's length.
 */
function neighbourSlopes(words: Word[], aspect: number, height: number, settings: EngineSettings): Sample[] {
  const o = settings.lines.slant;
  const cy = (w: Word) => middle(w.box.y1, w.box.y2);
  const byLeft = [...words].sort((a, b) => a.box.x1 - b.box.x1);
  const out: Sample[] = [];
  const gapFrom = (a: Word, b: Word) => ((b.box.x1 - a.box.x2) * aspect) / height;
  byLeft.forEach((a, i) => {
    let next: { word: Word; gap: number } | null = null;
    // The words starting left of a's end by more than the overlap are none of its neighbours: begin past them.
    for (let j = firstAtLeast(byLeft, (b) => gapFrom(a, b) >= -o.neighbourOverlap); j < byLeft.length; j++) {
      const b = byLeft[j];
      const gap = gapFrom(a, b);
      if (gap > o.neighbourGap) break;
      if (j === i || Math.abs(cy(b) - cy(a)) > height * o.neighbourRise) continue;
      if (!next || gap < next.gap) next = { word: b, gap };
    }
    if (!next) return;
    const b = next.word;
    const run = (middle(b.box.x1, b.box.x2) - middle(a.box.x1, a.box.x2)) * aspect;
    if (run > 0) out.push({ y: cy(a), slope: (cy(b) - cy(a)) / run, weight: Math.min(a.box.x2 - a.box.x1, b.box.x2 - b.box.x1) });
  });
  return out;
}

/** The first index of `sorted` where `holds` turns true (it holds from there on), or its length. */
function firstAtLeast<T>(sorted: T[], holds: (item: T) => boolean): number {
  let [lo, hi] = [0, sorted.length];
  while (lo < hi) {
    const mid = Math.floor(middle(lo, hi));
    if (holds(sorted[mid])) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

function weightedMedian(samples: Sample[]): number {
  const sorted = [...samples].sort((a, b) => a.slope - b.slope);
  const halfWeight = half(sorted.reduce((t, p) => t + p.weight, 0));
  let acc = 0;
  for (const p of sorted) if ((acc += p.weight) >= halfWeight) return p.slope;
  return 0;
}

/**
 * The slope as a line in the height, fitted by weighted least squares, refitted twice without the samples farther
 * than `trim` from the last fit (a word whose neighbour is the next line's, a box swollen by a speck).
 */
function fitted(samples: Sample[], settings: EngineSettings): { tan: number; fan: number } {
  const { trimSlope: trim, fitRounds, minFitSamples } = settings.lines.slant;
  let fit = { tan: weightedMedian(samples), fan: 0 };
  for (let round = 0; round < fitRounds; round++) {
    const kept = samples.filter((p) => Math.abs(p.slope - fit.tan - fit.fan * (p.y - PAGE_MIDDLE)) <= trim);
    const w = kept.reduce((t, p) => t + p.weight, 0);
    if (kept.length < minFitSamples || w === 0) break;
    const my = kept.reduce((t, p) => t + p.weight * (p.y - PAGE_MIDDLE), 0) / w;
    const ms = kept.reduce((t, p) => t + p.weight * p.slope, 0) / w;
    const vy = kept.reduce((t, p) => t + p.weight * squared(p.y - PAGE_MIDDLE - my), 0);
    const fan = vy > 0 ? kept.reduce((t, p) => t + p.weight * (p.y - PAGE_MIDDLE - my) * (p.slope - ms), 0) / vy : 0;
    fit = { tan: ms - fan * my, fan };
  }
  return fit;
}

/** How well the points line up along the slant's lines: the weight of pairs whose levelled heights are within `band`. */
function lineUp(points: Point[], s: Slant, band: number): number {
  const along = points.map((p) => ({ y: levelY(s, p.x, p.y), weight: p.weight })).sort((a, b) => a.y - b.y);
  let total = 0;
  for (let i = 0; i < along.length; i++) {
    for (let j = i + 1; j < along.length && along[j].y - along[i].y < band; j++) total += along[i].weight * along[j].weight;
  }
  return total;
}

/**
 * A word's box levelled: its centre levelled, its height less the rise its own width gave the box (an OCR box of a
 * slanted word is as tall as the word's glyphs plus the slant across it), never under `keep` of the box's height.
 */
function levelBox(s: Slant, b: Box, keep: number): Box {
  const [cx, cy] = [middle(b.x1, b.x2), middle(b.y1, b.y2)];
  const y = levelY(s, cx, cy);
  const rise = (b.x2 - b.x1) * s.aspect * Math.abs(slopeAt(s, cy));
  const h = half(Math.max((b.y2 - b.y1) * keep, b.y2 - b.y1 - rise));
  return { x1: b.x1, y1: y - h, x2: b.x2, y2: y + h };
}

/** A ruling line levelled, kept horizontal or vertical as rules are. */
function levelRule(s: Slant, r: Rule): Rule {
  const [y1, y2] = [levelY(s, r.x1, r.y1), levelY(s, r.x2, r.y2)];
  return r.y1 === r.y2 ? { ...r, y1: middle(y1, y2), y2: middle(y1, y2) } : { ...r, y1, y2 };
}

/** A box of the level page back where the page as read has it: its centre put back, its size kept. */
function unlevelBox(s: Slant, b: Box): Box {
  const [cx, cy] = [middle(b.x1, b.x2), middle(b.y1, b.y2)];
  const shift = unlevelY(s, cx, cy) - cy;
  return { x1: b.x1, y1: b.y1 + shift, x2: b.x2, y2: b.y2 + shift };
}

/**
 * A read page levelled where OCR read it at a slant (text-layer words, which carry no recognizer's confidence, are
 * level as printed), and the way back for a value's box: the words it holds on the level page, as the page has them.
 */
export function levelledPage(read: PageContent, settings: EngineSettings): { content: PageContent; back: (b: Box) => Box } {
  const s = read.words.some((w) => w.confidence !== undefined) ? textSlant(read.words, read.aspect, settings) : null;
  if (!s) return { content: read, back: (b) => b };
  const keep = settings.lines.slant.keepHeight;
  const words = read.words.map((w) => ({ ...w, box: levelBox(s, w.box, keep) }));
  const content = { ...read, words, rules: read.rules.map((r) => levelRule(s, r)), pictures: read.pictures.map((b) => levelBox(s, b, 1)) };
  const back = (b: Box) => {
    const held = read.words.filter((_, i) => inside(words[i].box, b));
    return roundBox(held.length ? unionBoxes(held.map((w) => w.box)) : unlevelBox(s, b));
  };
  return { content, back };
}

/** A word's box inside a value's, as rounded in the result (roundBox). */
const SLACK = 1 / BOX_PRECISION;
const inside = (w: Box, b: Box) => w.x1 >= b.x1 - SLACK && w.x2 <= b.x2 + SLACK && w.y1 >= b.y1 - SLACK && w.y2 <= b.y2 + SLACK;
