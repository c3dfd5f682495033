/**
 * The layout of a page: where its fixed words (labels, headings, letterhead)
 * sit. A memory's anchors are compared with a page's words; the share found
 * in place is how well the page matches.
 */
import type { Line } from '../layout/lines/lines.js';
import type { Anchor } from './model.js';
import type { MemoryPage } from './page.js';
import { letterWord } from './sender.js';

/** How far an anchor may move (page widths and heights): a scan's skew, a printer's offset. */
const PLACE_TOLERANCE = 0.03;
/** A word found in its column but at another height (below a table that grew) counts this much. */
const MOVED_WORTH = 0.5;
const MAX_ANCHORS = 160;

/** An amount with two decimals: lines holding one are item rows or totals, whose place follows the table's length. */
const AMOUNT = /\d[.,]\d{2}(?!\d)/;

/** The page's fixed-looking words: letter words of lines without amounts, outside the values a person set. */
export function anchorsOf(lines: Line[], isValueWord: (line: Line, i: number) => boolean): Anchor[] {
  const out: Anchor[] = [];
  for (const l of lines) {
    if (l.segments.length >= 2 && AMOUNT.test(l.text)) continue;
    l.words.forEach((w, i) => {
      const t = letterWord(w.text);
      if (!t || isValueWord(l, i)) return;
      out.push({ t, x: round((w.box.x1 + w.box.x2) / 2), y: round((w.box.y1 + w.box.y2) / 2) });
    });
  }
  return out.slice(0, MAX_ANCHORS);
}

const round = (v: number) => Math.round(v * 10_000) / 10_000;

function worth(a: Anchor, page: MemoryPage): number {
  let best = 0;
  for (const p of page.words.get(a.t) ?? []) {
    if (Math.abs(p.x - a.x) > PLACE_TOLERANCE) continue;
    if (Math.abs(p.y - a.y) <= PLACE_TOLERANCE) return 1;
    best = MOVED_WORTH;
  }
  return best;
}

/** 0..1: the share of the anchors the page prints in place. */
export function layoutScore(anchors: Anchor[], page: MemoryPage): number {
  if (anchors.length === 0) return 0;
  return anchors.reduce((s, a) => s + worth(a, page), 0) / anchors.length;
}

/** The anchors a second page of the layout also prints in place: what stays is the layout itself. */
export function sharedAnchors(anchors: Anchor[], page: MemoryPage): Anchor[] {
  return anchors.filter((a) => worth(a, page) === 1);
}
