import type { EngineSettings } from '../../settings.js';
import type { Box, Word } from '../../types.js';
import { looksLikeDate, looksLikeNumber, type ValueKind } from '../../format/index.js';
import { overlap1d, unionBoxes } from '../lines/geometry.js';
import { matchScore } from '../columns/field-match.js';
import { makeSegment, type Line, type Segment } from '../lines/lines.js';
import { isDataValue } from '../tables/table-detect.js';

/** A record-level value found next to (or under) its label. */
export interface LabeledValue {
  label: string;
  value: string;
  words: Word[];
  box: Box;
}

interface Candidate extends LabeledValue {
  score: number;
}

function kindFits(kind: ValueKind | undefined, value: string): boolean {
  if (kind === 'date') return looksLikeDate(value) || looksLikeDate(value.replace(/^[^\d]*?(?=\d|[A-Z][a-z]{2})/, ''));
  if (kind === 'number' || kind === 'percent') return looksLikeNumber(value);
  return true;
}

function stripLabel(text: string): string {
  return text.replace(/[:：]\s*$/, '').trim();
}

/** The segment under `label` (a label above its value), within about two lines (settings.fields.pairs). */
function segmentBelow(lines: Line[], lineIndex: number, label: Box, settings: EngineSettings): Segment | null {
  const { linesBelow, gapLines } = settings.fields.pairs;
  const line = lines[lineIndex];
  for (let i = lineIndex + 1; i < lines.length && i <= lineIndex + linesBelow; i++) {
    const below = lines[i];
    if (below.box.y1 - line.box.y2 > line.height * gapLines) return null;
    let best: Segment | null = null;
    let bestOverlap = 0;
    for (const s of below.segments) {
      const o = overlap1d(s.box.x1, s.box.x2, label.x1, label.x2);
      if (o > bestOverlap) {
        best = s;
        bestOverlap = o;
      }
    }
    if (best) return best;
  }
  return null;
}

/**
 * Finds the value of a record-level field: a label matching the field name
 * followed by its value in the same cell ("Invoice No: 123"), in the next cell
 * on the line, or just below. The field's kind (from its format requirement)
 * must fit the value, so "Date" takes a date, not the word next to it.
 */
export function findLabeledValue(field: string, kind: ValueKind | undefined, lines: Line[], skip: Set<Line>, settings: EngineSettings): LabeledValue | null {
  const P = settings.fields.pairs;
  let best: Candidate | null = null;
  lines.forEach((line, li) => {
    if (skip.has(line)) return;
    line.segments.forEach((seg, si) => {
      for (let k = 1; k <= Math.min(P.maxLabelWords, seg.words.length); k++) {
        const labelWords = seg.words.slice(0, k);
        const labelText = labelWords.map((w) => w.text).join(' ');
        const colon = /[:：]$/.test(labelText) || /^[:：]/.test(seg.words[k]?.text ?? '');
        const score = matchScore(field, stripLabel(labelText), settings);
        // A number or year is a value, not a label ("1996" heading another table, for "EH 1996").
        if (score < P.minLabelScore || !/\p{L}/u.test(labelText)) continue;
        // A label naming only part of the field needs support: a colon ("Date:") or a data value (a date under "Date" for
        // Invoice date), not a word next to a heading ("EH | European Handbook" for "EH 1996").
        const partial = score < P.fullLabelScore && !colon;
        const restWords = seg.words.slice(k).filter((w, i) => !(i === 0 && /^[:：]$/.test(w.text)));
        const options: Array<{ seg: Segment; bonus: number }> = [];
        if (restWords.length) options.push({ seg: makeSegment(restWords), bonus: colon ? P.sameCellColonBonus : 0 });
        else {
          const right = line.segments[si + 1];
          if (right) options.push({ seg: right, bonus: colon ? P.rightColonBonus : P.rightBonus });
          const below = segmentBelow(lines, li, seg.box, settings);
          if (below) options.push({ seg: below, bonus: P.belowBonus });
        }
        for (const o of options) {
          const value = o.seg.text.replace(/^[:：]\s*/, '').trim();
          if (!value || !kindFits(kind, value) || (partial && !isDataValue(value))) continue;
          // Another label is not a value ("Date: | Due date:").
          if (/[:：]$/.test(value) && !isDataValue(value)) continue;
          const s = score + o.bonus + (isDataValue(value) ? P.dataValueBonus : 0);
          if (!best || s > best.score) {
            best = { label: stripLabel(labelText), value, words: o.seg.words, box: unionBoxes(o.seg.words.map((w) => w.box)), score: s };
          }
        }
      }
    });
  });
  return best;
}

/**
 * All label/value pairs of a page, for inferring columns when no table is
 * found: "Label: value" in one cell, or a colon-terminated label followed by
 * a value cell on the same line.
 */
export function findAllLabelValuePairs(lines: Line[], skip: Set<Line>, settings: EngineSettings): LabeledValue[] {
  const out: LabeledValue[] = [];
  const seen = new Set<string>();
  for (const line of lines) {
    if (skip.has(line)) continue;
    line.segments.forEach((seg, si) => {
      const colonAt = seg.words.findIndex((w) => /[:：]$/.test(w.text));
      if (colonAt < 0 || colonAt >= settings.fields.pairs.maxLabelWords) return;
      const label = stripLabel(seg.words.slice(0, colonAt + 1).map((w) => w.text).join(' '));
      const rest = seg.words.slice(colonAt + 1);
      const valueSeg = rest.length ? makeSegment(rest) : line.segments[si + 1];
      if (!label || !valueSeg || /[:：]$/.test(valueSeg.text)) return;
      const key = label.toLowerCase();
      if (seen.has(key) || /^\d+$/.test(label)) return;
      seen.add(key);
      out.push({ label, value: valueSeg.text, words: valueSeg.words, box: valueSeg.box });
    });
  }
  return out;
}
