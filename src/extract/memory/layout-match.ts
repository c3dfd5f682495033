/**
 * The layout of a page: where its fixed words (labels, headings, letterhead)
 * sit. A memory's anchors are compared with a page's words; the share found
 * in place is how well the page matches.
 */
import type { Line } from '../layout/lines/lines.js';
import type { Anchor } from './model.js';
import type { MemoryPage } from './page.js';
import type { EngineSettings } from '../settings.js';
import { half, medianOfSorted, middle } from '../units.js';
import { roundCoordinate } from '../layout/lines/geometry.js';
import { isNear, letterWord } from './near-text.js';

/**
 * A number with one or two decimals (an amount, a weight in kg): lines holding one are item rows or totals, whose place
 * follows the table's length.
 */
const AMOUNT = /\d[.,]\d{1,2}(?!\d)/;

/** The page's fixed-looking words: letter words of lines without amounts, outside the values a person set. */
export function anchorsOf(lines: Line[], isValueWord: (line: Line, i: number) => boolean, settings: EngineSettings): Anchor[] {
  const out: Anchor[] = [];
  for (const l of lines) {
    if (l.segments.length > 1 && AMOUNT.test(l.text)) continue;
    l.words.forEach((w, i) => {
      const t = letterWord(w.text, settings);
      if (!t || isValueWord(l, i)) return;
      out.push({ t, x: roundCoordinate(middle(w.box.x1, w.box.x2)), y: roundCoordinate(middle(w.box.y1, w.box.y2)) });
    });
  }
  return out.slice(0, settings.memory.maxAnchors);
}

/** Where the page prints a word: as the anchor's text, or on a page read by OCR, with a slip (when none is printed as it is). */
function placesOf(t: string, page: MemoryPage, settings: EngineSettings): Array<{ x: number; y: number }> {
  const exact = page.words.get(t);
  if (exact || !page.ocr) return exact ?? [];
  return [...page.words].filter(([w]) => isNear(w, t, settings)).flatMap(([, at]) => at);
}

/** Two points at one place: within settings.memory.placeTolerance across and down. */
export const atPlace = (p: { x: number; y: number }, q: { x: number; y: number }, settings: EngineSettings): boolean =>
  Math.abs(p.x - q.x) <= settings.memory.placeTolerance && Math.abs(p.y - q.y) <= settings.memory.placeTolerance;

/**
 * 1 for an anchor printed in place, movedWorth for one printed in its column at another height, 0 for one not printed;
 * null (not known) where a page read by OCR prints no word near its text in place but a word the recognizer doubted
 * stands there: a garbled reading of it (`Mamlurg` for Hamburg) says nothing of the layout.
 */
function worth(a: Anchor, page: MemoryPage, settings: EngineSettings): number | null {
  const { placeTolerance, movedWorth } = settings.memory;
  let best = 0;
  for (const p of placesOf(a.t, page, settings)) {
    if (atPlace(p, a, settings)) return 1;
    if (Math.abs(p.x - a.x) <= placeTolerance) best = movedWorth;
  }
  return best === 0 && page.ocr && page.doubted.some((p) => atPlace(p, a, settings)) ? null : best;
}

/**
 * 0..1: the share of the anchors the page prints in place, of those it does not leave unknown (worth); over half the
 * anchors at least, so a page read mostly as doubted words says little.
 */
export function layoutScore(anchors: Anchor[], page: MemoryPage, settings: EngineSettings): number {
  if (anchors.length === 0) return 0;
  const known = anchors.map((a) => worth(a, page, settings)).filter((w): w is number => w !== null);
  return known.reduce((s, w) => s + w, 0) / Math.max(known.length, half(anchors.length));
}

/** The anchors a second page of the layout also prints in place: what stays is the layout itself. */
export function sharedAnchors(anchors: Anchor[], page: MemoryPage, settings: EngineSettings): Anchor[] {
  return anchors.filter((a) => worth(a, page, settings) === 1);
}

/** An anchor printed once in the memory and once on the page, in its column: its learned height and how far it moved. */
export interface PlacedAnchor {
  y: number;
  dy: number;
}

export function placedAnchors(anchors: Anchor[], page: MemoryPage, settings: EngineSettings): PlacedAnchor[] {
  const counts = new Map<string, number>();
  for (const a of anchors) counts.set(a.t, (counts.get(a.t) ?? 0) + 1);
  return anchors.flatMap((a) => {
    const at = (page.words.get(a.t) ?? []).filter((p) => Math.abs(p.x - a.x) <= settings.memory.placeTolerance);
    return counts.get(a.t) === 1 && at.length === 1 ? [{ y: a.y, dy: at[0].y - a.y }] : [];
  });
}

/**
 * How far the page moved what the memory learned at height `y`: the median move of the placed anchors nearest it
 * (settings.memory.nearestAnchors); where one more of the nearest lie on one line of moves within settings.memory.fitSlack
 * (a receipt's strip scaled to its length moves its lines by more the lower they are), that line's move at `y`.
 */
export function moveAt(placed: PlacedAnchor[], y: number, settings: EngineSettings): number {
  const { nearestAnchors, fitSlack, minLineReach } = settings.memory;
  const nearest = [...placed].sort((a, b) => Math.abs(a.y - y) - Math.abs(b.y - y));
  const fit = lineOfMoves(nearest.slice(0, nearestAnchors + 1), minLineReach);
  if (fit && nearest.length > nearestAnchors && nearest.slice(0, nearestAnchors + 1).every((p) => Math.abs(fit.at(p.y) - p.dy) <= fitSlack)) return fit.at(y);
  const near = nearest.slice(0, nearestAnchors).map((p) => p.dy).sort((a, b) => a - b);
  return near.length ? medianOfSorted(near) : 0;
}

/** The least-squares line of the anchors' moves by their height; null where they span less than `span` in height. */
function lineOfMoves(ps: PlacedAnchor[], span: number): { at: (y: number) => number } | null {
  if (ps.length <= 1) return null;
  const my = ps.reduce((s, p) => s + p.y, 0) / ps.length;
  const md = ps.reduce((s, p) => s + p.dy, 0) / ps.length;
  const syy = ps.reduce((s, p) => s + (p.y - my) * (p.y - my), 0);
  if (Math.max(...ps.map((p) => p.y)) - Math.min(...ps.map((p) => p.y)) < span || syy === 0) return null;
  const slope = ps.reduce((s, p) => s + (p.y - my) * (p.dy - md), 0) / syy;
  return { at: (y) => md + slope * (y - my) };
}
