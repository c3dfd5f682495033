import type { Box, Rule, Word } from '../../types.js';
import type { Line } from '../lines/lines.js';
import { isDataValue } from './data-values.js';
import type { EngineSettings } from '../../settings.js';
import { BOX_MEASURES, middle } from '../../units.js';
import { classifyLabel } from '../../concepts/index.js';
import { textOf } from '../lines/word-text.js';

/**
 * The stretches of a line that can't hold a column border: its segments, except
 * that a segment made only of numbers gives one stretch per word — numbers never
 * wrap inside a cell, so a run of them packed closer than a cell gap is still
 * several cells.
 */
export function lineParts(line: Line): Box[] {
  return line.segments.flatMap((s) => (s.words.length > 1 && s.words.every((w) => isDataValue(w.text) || DIMENSIONS.test(w.text)) ? numberBoxes(s.words) : [s.box]));
}

/** Measures of a box ("58x22x31", "120×80"): no more wrapped inside a cell than a number is. */
const DIMENSIONS = /^\d+(?:[.,]\d+)?(?:[x×]\d+(?:[.,]\d+)?)+$/;

/** A thousands group after a space ("2 499,84", "1 234 567"): the same number, not the next cell. */
const SPACE_GROUP = /^\d{3}(?:[.,]\d+)?-?$/;

/** A multiplication sign standing as a word between measures ("88 x 26 x 32"); "x" alone also reads as a filler mark. */
const TIMES = /^[x×]$/i;

/**
 * One box per number of a run of numbers, space-grouped thousands kept with their number, and a box's measures set
 * with spaced signs ("88 x 26 x 32": three numbers or more, as DIMENSIONS packs them) kept whole: the gaps around
 * the signs are word gaps inside one cell, not borders.
 */
function numberBoxes(words: Word[]): Box[] {
  const out: Box[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    const last = out[out.length - 1];
    const measures = spacedMeasures(words, i);
    if (measures > 0) {
      out.push({ ...w.box, x2: words[i + measures - 1].box.x2 });
      i += measures - 1;
    } else if (last && SPACE_GROUP.test(w.text) && /^[-(]?\d{1,3}$/.test(words[i - 1].text)) out[out.length - 1] = { ...last, x2: w.box.x2 };
    else out.push(w.box);
  }
  return out;
}

/** One measure of a box ("88", "26,5"), as a word between spaced signs. */
const MEASURE = /^\d+(?:[.,]\d+)?$/;

/**
 * How many words from `i` on are measures joined by spaced signs ("88 x 26 x 32": a box's measures at least, the
 * longest such run), else 0. One forward scan: measures and signs alternate from `i`, the run ends on its last measure.
 */
function spacedMeasures(words: Word[], i: number): number {
  let measures = 0;
  let end = i;
  for (let sign = false; end < words.length && (sign ? TIMES : MEASURE).test(words[end].text); end++, sign = !sign) if (!sign) measures++;
  // A sign the run ended on joins nothing: the run is up to the measure before it.
  const run = measures + measures - 1;
  return measures >= BOX_MEASURES ? run : 0;
}

/**
 * Finds column separators from whitespace: x positions that (almost) no body
 * segment covers. A few lines may cross a gap (a long row label, a wrapped
 * title), so a gap survives when at most `tolerance` lines cover it.
 */
export function findWhitespaceSeparators(bodyLines: Line[], x1: number, x2: number, settings: EngineSettings, also: { held?: Line[]; others?: Line[] } = {}): number[] {
  const { whitespaceBins: bins, strayLinesFrom, strayLineShare } = settings.tables;
  const { held = [], others = [] } = also;
  const counts = new Uint16Array(bins + 1);
  const toBin = (x: number) => Math.max(0, Math.min(bins, Math.round(x * bins)));
  // Lines `held` hold cells of the rows of `bodyLines` (set between their lines): they cover columns, and count for
  // no stray line.
  for (const line of [...bodyLines, ...held]) {
    for (const p of lineParts(line)) for (let b = toBin(p.x1); b <= toBin(p.x2); b++) counts[b]++;
  }
  // The body's other lines (a description wrapped under its item's line) place the cut inside a gap: where the
  // fewest of them cross it, so a wrapped line reaching further than the rest stays in its column.
  const crossed = new Uint16Array(bins + 1);
  for (const line of others) for (const p of line.segments) for (let b = toBin(p.box.x1); b <= toBin(p.box.x2); b++) crossed[b]++;
  // One stray line (a note, a long label) must not erase a column gap once the table has some length.
  const tolerance = bodyLines.length >= strayLinesFrom ? Math.max(1, Math.floor(bodyLines.length * strayLineShare)) : 0;
  const start = toBin(x1);
  const end = toBin(x2);
  const separators: number[] = [];
  let gapStart = -1;
  for (let b = start; b <= end; b++) {
    const isGap = counts[b] <= tolerance;
    if (isGap && gapStart < 0) gapStart = b;
    if ((!isGap || b === end) && gapStart >= 0) {
      const gapEnd = isGap ? b : b - 1;
      if (gapStart > start && gapEnd < end) separators.push(splitPoint(Float64Array.from(counts, (n, k) => n * (others.length + 1) + crossed[k]), gapStart, gapEnd) / bins);
      gapStart = -1;
    }
  }
  return separators;
}

/** Inside a gap, cut where the fewest segments cross (the middle of the emptiest stretch). */
function splitPoint(counts: ArrayLike<number>, from: number, to: number): number {
  let min = Infinity;
  for (let b = from; b <= to; b++) min = Math.min(min, counts[b]);
  let first = -1;
  let last = -1;
  for (let b = from; b <= to; b++) {
    if (counts[b] === min) {
      if (first < 0) first = b;
      last = b;
    }
  }
  return middle(first, last);
}

/**
 * Collinear rule pieces grouped by position, with how much of [lo, hi] their
 * union covers. Tables drawn cell by cell or row by row leave a border as
 * many short segments.
 */
function collinearCoverage(pieces: Array<{ at: number; a: number; b: number }>, lo: number, hi: number, tolerance: number): Array<{ at: number; covered: number }> {
  const sorted = [...pieces].sort((p, q) => p.at - q.at);
  const groups: Array<typeof pieces> = [];
  for (const p of sorted) {
    const g = groups[groups.length - 1];
    if (g && p.at - g[g.length - 1].at <= tolerance) g.push(p);
    else groups.push([p]);
  }
  return groups.map((g) => {
    const spans = g.map((p) => [Math.max(lo, p.a), Math.min(hi, p.b)] as const).filter(([a, b]) => b > a).sort((p, q) => p[0] - q[0]);
    let covered = 0;
    let reach = -Infinity;
    for (const [a, b] of spans) {
      if (b <= reach) continue;
      covered += b - Math.max(a, reach);
      reach = b;
    }
    return { at: g.reduce((n, p) => n + p.at, 0) / g.length, covered };
  });
}

/** Vertical rules crossing most of the table's height are column borders. */
export function findRuledSeparators(rules: Rule[], x1: number, x2: number, y1: number, y2: number, settings: EngineSettings): number[] {
  const { ruleStraightness, frameInset, collinearVertical, columnRuleCover } = settings.tables;
  const pieces = rules
    .filter((r) => Math.abs(r.x2 - r.x1) < ruleStraightness && r.x1 > x1 + frameInset && r.x1 < x2 - frameInset)
    .map((r) => ({ at: r.x1, a: r.y1, b: r.y2 }));
  return collinearCoverage(pieces, y1, y2, collinearVertical)
    .filter((g) => g.covered >= (y2 - y1) * columnRuleCover)
    .map((g) => g.at);
}

/** Horizontal rules spanning most of the table's width, inside its vertical extent. */
export function findRowRules(rules: Rule[], x1: number, x2: number, y1: number, y2: number, settings: EngineSettings): number[] {
  const { ruleStraightness, collinearHorizontal, rowRuleCover } = settings.tables;
  const pieces = rules
    .filter((r) => Math.abs(r.y2 - r.y1) < ruleStraightness && r.y1 > y1 && r.y1 < y2)
    .map((r) => ({ at: r.y1, a: r.x1, b: r.x2 }));
  return collinearCoverage(pieces, x1, x2, collinearHorizontal)
    .filter((g) => g.covered >= (x2 - x1) * rowRuleCover)
    .map((g) => g.at);
}

/**
 * A table of one item finds its borders in the head line and the item line
 * together, so a head set clear of its value (a centred "Qty" over a "10"
 * further right) parts into a column of the head alone beside a column of
 * the value alone. Each such head-only column is joined to the value-only
 * column next to it, the nearer one when both are.
 */
export function joinHeadsToLoneValues(separators: number[], header: Line[], body: Line[]): number[] {
  const columns = (lines: Line[]) => {
    const boxes: Array<Box | null> = new Array<Box | null>(separators.length + 1).fill(null);
    for (const l of lines) {
      for (const w of l.words) {
        const c = columnAt(separators, middle(w.box.x1, w.box.x2));
        const b = boxes[c];
        boxes[c] = b ? { x1: Math.min(b.x1, w.box.x1), y1: b.y1, x2: Math.max(b.x2, w.box.x2), y2: b.y2 } : w.box;
      }
    }
    return boxes;
  };
  const heads = columns(header);
  const values = columns(body);
  const drop = new Set<number>();
  heads.forEach((h, c) => {
    if (!h || values[c]) return;
    const lone = (k: number) => k >= 0 && k < heads.length && !heads[k] && values[k] !== null;
    const gap = (k: number) => (k < c ? h.x1 - values[k]!.x2 : values[k]!.x1 - h.x2);
    const side = [c - 1, c + 1].filter(lone).sort((a, b) => gap(a) - gap(b))[0];
    // The separator between column c and its neighbour: c - 1 for the left one, c for the right one.
    if (side !== undefined) drop.add(Math.min(c, side));
  });
  return separators.filter((_, i) => !drop.has(i));
}

export function clusterPositions(sorted: number[], tolerance: number): number[] {
  const out: number[] = [];
  let group: number[] = [];
  for (const v of sorted) {
    if (group.length && v - group[group.length - 1] > tolerance) {
      out.push(group.reduce((a, b) => a + b, 0) / group.length);
      group = [];
    }
    group.push(v);
  }
  if (group.length) out.push(group.reduce((a, b) => a + b, 0) / group.length);
  return out;
}

/** Index of the column containing x. */
export function columnAt(separators: number[], x: number): number {
  let i = 0;
  while (i < separators.length && x >= separators[i]) i++;
  return i;
}

/**
 * Borders inside columns where two columns are set closer than a cell gap
 * (monospaced print, a narrow layout): a number column packed against its
 * unit column (`unitBorder`), or an article number against its description
 * (`codeBorder`, under heads only). The lowest header line heading the
 * column, if any, must have heads on both sides of the border.
 */
export function findPackedSeparators(body: Line[], separators: number[], header: Line[], settings: EngineSettings): number[] {
  const t = settings.tables;
  // Without heads (a page continuing the table) the cells alone must show it, over more rows.
  if (body.length < (header.length ? t.packedMinRowsHeaded : t.packedMinRowsHeadless)) return [];
  const out: number[] = [];
  // A line of one cell (a description's second line, a reference or serial number under the item) fills no column.
  const rows = body.filter((l) => l.segments.length > 1).length;
  for (let c = 0; c <= separators.length; c++) {
    const inColumn = (ws: Word[]) => ws.filter((w) => columnAt(separators, middle(w.box.x1, w.box.x2)) === c);
    const cells = body.map((l) => inColumn(l.words)).filter((ws) => ws.length > 0);
    if (cells.length <= 1 || cells.length < rows * t.packedColumnFill) continue;
    const heads = header.map((l) => inColumn(l.words)).findLast((ws) => ws.length > 0) ?? [];
    const unit = unitBorder(cells, t.packedShare, t.alignedEdge);
    if (unit !== null && (!header.length || (!heads.some((w) => w.box.x1 < unit && w.box.x2 > unit) && heads.some((w) => w.box.x2 <= unit) && headsApart(header, heads, cells, unit, settings)))) {
      out.push(unit);
      continue;
    }
    // Heads over left-aligned text start where their columns start; the code's head may reach over the text.
    const code = header.length ? codeBorder(cells, t.alignedEdge) ?? countBorder(cells, t.packedShare, t.alignedEdge) : null;
    if (code !== null && heads.some((w) => w.box.x1 < code) && headsApart(header, heads, cells, code, settings)) out.push(code);
  }
  return out;
}

/**
 * A head on each side of a packed border: one starts past it and over the
 * cells' words past it (not a head further right over a column no item fills,
 * "Libellé ... Nombre" over "1000 Salaire de base"), and the heads are not one
 * head crossing it (`oneHeadOver`).
 */
function headsApart(header: Line[], heads: Word[], cells: Word[][], border: number, settings: EngineSettings): boolean {
  const end = Math.max(...cells.flatMap((ws) => ws.filter((w) => w.box.x1 >= border).map((w) => w.box.x2)));
  return heads.some((w) => w.box.x1 >= border && w.box.x1 < end) && !oneHeadOver(header, heads, border, settings);
}

/**
 * True when the heads over a code border are one head ("Pay item" over "100
 * Basic salary", "Descrizione voce" over "100 Paga base": its second word
 * happens to start past the codes): one segment of the head line crosses the
 * border, the whole names a concept and its part on one side of it none, or
 * both parts the same ("Descrizione" and "voce" each name the description).
 * Heads set tight ("Art.-Nr. Bezeichnung") name a concept each.
 */
function oneHeadOver(header: Line[], heads: Word[], border: number, settings: EngineSettings): boolean {
  const line = header.find((l) => heads.every((w) => l.words.includes(w)));
  const seg = line?.segments.find((s) => s.words.some((w) => w.box.x1 < border) && s.words.some((w) => w.box.x1 >= border));
  if (!seg) return false;
  const named = (ws: Word[]) => [...classifyLabel(textOf(ws), settings).keys()];
  const [left, right] = [named(seg.words.filter((w) => w.box.x1 < border)), named(seg.words.filter((w) => w.box.x1 >= border))];
  return named(seg.words).length > 0 && (!left.length || !right.length || left.some((c) => right.includes(c)));
}

/**
 * "11 mese", "225 conf." under "Q.tà U.M.": every cell a number followed by
 * words of letters (`share` of them at least; the others a number alone,
 * its unit lost on a scan), the numbers' right edges lined up (within
 * `alignedEdge`), a clear gap between all numbers and all words.
 */
function unitBorder(cells: Word[][], share: number, alignedEdge: number): number | null {
  // A unit is a word ("kg", "conf."); a percent or currency sign belongs to its number ("7 %", "12,50 €").
  const packed = cells.filter((ws) => ws.length > 1 && isDataValue(ws[0].text) && ws.slice(1).every((w) => !/\d/.test(w.text) && /\p{L}/u.test(w.text)));
  const lone = cells.filter((ws) => ws.length === 1 && isDataValue(ws[0].text));
  if (packed.length + lone.length < cells.length || packed.length < cells.length * share) return null;
  const ends = cells.map((ws) => ws[0].box.x2);
  const numberEnd = Math.max(...ends);
  const wordStart = Math.min(...packed.map((ws) => ws[1].box.x1));
  return wordStart <= numberEnd || numberEnd - Math.min(...ends) > alignedEdge ? null : middle(numberEnd, wordStart);
}

/**
 * "15-1478 Beratung" under "Artikelnr. Bezeichnung": every cell starting at
 * the column's left edge is a code (a word with a figure) followed by text
 * starting with a letter, the texts all start at one x, clear of every code;
 * the other cells (the text's wrapped lines) start there too.
 */
function codeBorder(cells: Word[][], alignedEdge: number): number | null {
  const left = Math.min(...cells.map((ws) => ws[0].box.x1));
  const leading = cells.filter((ws) => ws[0].box.x1 <= left + alignedEdge);
  // A sign between measures ("88 x 26 x 32") is no text after a code.
  if (leading.length <= 1 || !leading.every((ws) => ws.length > 1 && /\d/.test(ws[0].text) && /^\p{L}/u.test(ws[1].text) && !TIMES.test(ws[1].text))) return null;
  const starts = leading.map((ws) => ws[1].box.x1);
  const textStart = Math.min(...starts);
  const codeEnd = Math.max(...leading.map((ws) => ws[0].box.x2));
  if (codeEnd >= textStart || Math.max(...starts) - textStart > alignedEdge) return null;
  if (!cells.every((ws) => leading.includes(ws) || Math.abs(ws[0].box.x1 - textStart) <= alignedEdge)) return null;
  return middle(codeEnd, textStart);
}

/**
 * "1 Pomidory" under "Il. Opis": a till's count packed against the article,
 * most cells (`share`) a count of a few digits then words starting with a
 * letter, the counts' right edges and the words' left edges each lined up
 * (within `alignedEdge`), all counts clear of all words. Cells starting
 * left of the counts (the total and payment lines under the items, at the
 * table's edge) may cross the border.
 */
function countBorder(cells: Word[][], share: number, alignedEdge: number): number | null {
  const counted = cells.filter((ws) => ws.length > 1 && /^\d{1,3}$/.test(ws[0].text) && /^\p{L}{2}/u.test(ws[1].text));
  if (!counted.length) return null;
  const from = Math.min(...counted.map((ws) => ws[0].box.x1)) - alignedEdge;
  const ends = counted.map((ws) => ws[0].box.x2);
  const starts = counted.map((ws) => ws[1].box.x1);
  const [countEnd, textStart] = [Math.max(...ends), Math.min(...starts)];
  // A description's wrapped line starts where the texts start, with no count before it.
  const wrapped = (ws: Word[]) => Math.abs(ws[0].box.x1 - textStart) <= alignedEdge;
  if (counted.length < cells.filter((ws) => ws[0].box.x1 >= from && !wrapped(ws)).length * share) return null;
  if (countEnd >= textStart || countEnd - Math.min(...ends) > alignedEdge || Math.max(...starts) - textStart > alignedEdge) return null;
  return middle(countEnd, textStart);
}

/**
 * Borders the heads show where the cells under them are closer than a cell
 * gap ("01/09/2024 01/09/2024 Prelievo Bancomat" under "Data ‖ Data ‖
 * Descrizione", monospaced print): between two heads set apart with no
 * border yet, when most body lines have a word starting where the right head
 * starts (or ending where it ends) and a point of the heads' gap is crossed
 * by no body word.
 */
export function findHeaderLedSeparators(body: Line[], separators: number[], header: Line[], settings: EngineSettings): number[] {
  const { headAlign, headLedShare, headLedMinLines, borderStep } = settings.tables;
  const lines = body.filter((l) => l.words.length > 0);
  if (lines.length <= 1) return [];
  const out: number[] = [];
  for (const head of header) {
    for (let k = 1; k < head.segments.length; k++) {
      const a = head.segments[k - 1].box;
      const b = head.segments[k].box;
      if ([...separators, ...out].some((x) => x > a.x1 && x < b.x2)) continue;
      const aligned = lines.filter((l) => l.words.some((w) => Math.abs(w.box.x1 - b.x1) <= headAlign || Math.abs(w.box.x2 - b.x2) <= headAlign));
      if (aligned.length < Math.max(headLedMinLines, lines.length * headLedShare)) continue;
      let x = b.x1 - borderStep;
      for (let crossing = crossingWord(lines, x); crossing && x > a.x2; crossing = crossingWord(lines, x)) x = crossing.box.x1 - borderStep;
      if (x > a.x2) out.push(x);
    }
  }
  return out;
}

/**
 * Borders between heads of columns no item fills (a payslip's "Hrs | Rate"
 * over salaried items only): with nothing under them the body shows no gap,
 * so the empty heads join the next filled column and its own head. In each
 * head line, the lowest first, two heads set apart in one column get a border
 * in the middle of their gap when no body word crosses it and no body word
 * lies under one of them or between them: the lowest line may hold only the
 * wrapped ends of the heads over it ("Ore | Paga | Importo" over "voce …
 * oraria").
 */
export function findEmptyHeadSeparators(body: Line[], separators: number[], header: Line[], settings: EngineSettings): number[] {
  const lines = body.filter((l) => l.words.length > 0);
  if (lines.length <= 1 || !header.length) return [];
  const under = (b: Box) => lines.some((l) => l.words.some((w) => w.box.x2 > b.x1 && w.box.x1 < b.x2));
  const out: number[] = [];
  for (const head of [...header].reverse()) {
    for (let k = 1; k < head.segments.length; k++) {
      const a = head.segments[k - 1].box;
      const b = head.segments[k].box;
      const x = middle(a.x2, b.x1);
      const apart = columnAt([...separators, ...out], middle(a.x1, a.x2)) !== columnAt([...separators, ...out], b.x1 + settings.tables.insideEdge);
      // Values standing in the white between the two heads are one head's, set off it (heads at their columns' left
      // edge, figures right): which one, a border in the middle cannot tell.
      const between = lines.some((l) => l.words.some((w) => middle(w.box.x1, w.box.x2) > a.x2 && middle(w.box.x1, w.box.x2) < b.x1));
      if (apart || between || crossingWord(lines, x) || (under(a) && under(b)) || headsNext(head, lines, [...separators, ...out], a, b)) continue;
      out.push(x);
    }
  }
  return out;
}

/**
 * True when a head over nothing heads the column after its own (the column
 * `a`, the head before it, stands in), set left of it: that column holds
 * values and no other head of the line stands over it ("Consegna Q.tà" in one
 * column, the counts right of "Q.tà" under no head but its end).
 */
function headsNext(head: Line, lines: Line[], separators: number[], a: Box, b: Box): boolean {
  const next = columnAt(separators, middle(a.x1, a.x2)) + 1;
  if (next > separators.length) return false;
  const inNext = (box: Box) => columnAt(separators, middle(box.x1, box.x2)) === next;
  return !head.segments.some((s) => s.box !== b && inNext(s.box)) && lines.some((l) => l.words.some((w) => inNext(w.box)));
}

/**
 * Whitespace borders moved off the heads they cut: a head set at the left of
 * its column over right-aligned numbers ("Prijs" well left of "38,00") sits
 * in the body's gap between two columns, where the border falls through it.
 * When the column on one side of the border already has a head of its own
 * and the other none, the border moves past the head to the side that has
 * one, so the head goes with the values it stands over; only inside the
 * body's gap (no body word moves column).
 */
export function clearHeadsOfBorders(separators: number[], header: Line[], body: Line[], settings: EngineSettings): number[] {
  const head = header[header.length - 1];
  const lines = body.filter((l) => l.words.length > 0);
  if (!head || !lines.length) return separators;
  const step = settings.tables.borderStep;
  const out = [...separators];
  // Heads a border cuts belong to no column yet.
  const cutBy = (s: { box: Box }) => out.some((x) => s.box.x1 < x && s.box.x2 > x);
  const headsIn = (c: number, except: Box) => head.segments.some((s) => s.box !== except && !cutBy(s) && columnAt(out, middle(s.box.x1, s.box.x2)) === c);
  for (let i = 0; i < out.length; i++) {
    const x = out[i];
    const cut = head.segments.find((s) => s.box.x1 < x && s.box.x2 > x);
    if (!cut) continue;
    const left = headsIn(i, cut.box);
    if (left === headsIn(i + 1, cut.box)) continue;
    const to = left ? cut.box.x1 - step : cut.box.x2 + step;
    const [lo, hi] = [Math.min(x, to), Math.max(x, to)];
    if (to <= (out[i - 1] ?? -Infinity) || to >= (out[i + 1] ?? Infinity) || crossingWord(lines, to)) continue;
    if (lines.some((l) => l.words.some((w) => middle(w.box.x1, w.box.x2) > lo && middle(w.box.x1, w.box.x2) < hi))) continue;
    out[i] = to;
  }
  return out;
}

function crossingWord(lines: Line[], x: number): Word | undefined {
  for (const l of lines) for (const w of l.words) if (w.box.x1 < x && w.box.x2 > x) return w;
  return undefined;
}
