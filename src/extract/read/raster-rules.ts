import type { EngineSettings } from '../settings.js';
import type { Rule } from '../types.js';
import { middle } from '../units.js';
import type { BinaryImage } from './page-geometry.js';

/**
 * Visible table lines in a (deskewed, upright) binary raster: long horizontal
 * and vertical runs of ink, long and thin enough (settings.read.rules). Small
 * breaks from scanning noise are bridged.
 */
export function findRasterRules(img: BinaryImage, settings: EngineSettings): Rule[] {
  return [...scan(img, true, settings.read.rules), ...scan(img, false, settings.read.rules)];
}

function scan(img: BinaryImage, horizontal: boolean, s: EngineSettings['read']['rules']): Rule[] {
  const { width: w, height: h, bits } = img;
  const outer = horizontal ? h : w;
  const inner = horizontal ? w : h;
  const minLen = Math.max(s.minLengthPx, Math.round(inner * s.minLengthShare));
  const maxGap = Math.max(s.maxGapPx, Math.round(inner * s.maxGapShare));
  const at = (o: number, i: number) => (horizontal ? bits[o * w + i] : bits[i * w + o]);
  const raw: Array<{ o: number; a: number; b: number }> = [];
  for (let o = 0; o < outer; o++) {
    let start = -1;
    let lastInk = -1;
    for (let i = 0; i <= inner; i++) {
      const ink = i < inner && at(o, i) === 1;
      if (ink) {
        if (start < 0) start = i;
        lastInk = i;
      } else if (start >= 0 && i - lastInk > maxGap) {
        if (lastInk - start + 1 >= minLen) raw.push({ o, a: start, b: lastInk });
        start = -1;
      }
    }
  }
  // Adjacent scanlines of one thick line merge into one rule at their centre.
  raw.sort((p, q) => p.o - q.o || p.a - q.a);
  const merged: Array<{ o1: number; o2: number; a: number; b: number }> = [];
  for (const r of raw) {
    const m = merged.find((x) => r.o - x.o2 <= 1 && Math.min(r.b, x.b) - Math.max(r.a, x.a) > (r.b - r.a) * s.mergeOverlap);
    if (m) {
      m.o2 = r.o;
      m.a = Math.min(m.a, r.a);
      m.b = Math.max(m.b, r.b);
    } else {
      merged.push({ o1: r.o, o2: r.o, a: r.a, b: r.b });
    }
  }
  return merged
    .filter((m) => m.o2 - m.o1 + 1 <= s.maxThicknessPx)
    .map((m) => {
      const o = middle(m.o1, m.o2 + 1) / outer;
      return horizontal
        ? { x1: m.a / inner, y1: o, x2: (m.b + 1) / inner, y2: o }
        : { x1: o, y1: m.a / inner, x2: o, y2: (m.b + 1) / inner };
    });
}
