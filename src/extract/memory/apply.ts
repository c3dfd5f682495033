/**
 * A page read with what a memory learned first (docs/decisions.md,
 * "Corrections, reprocessing, layout memory"): the memory of this page's
 * sender and layout, if the account has one, reads the fields it knows;
 * the general rules' answer keeps every other field. A page no memory
 * matches gets the general answer untouched.
 */
import type { PageContent } from '../read/page-content.js';
import { cellText, isImageRegion, type ExtractRequest, type ExtractResult, type ExtractedCell, type Word } from '../types.js';
import { resolveFormat } from '../format/index.js';
import { overlap1d } from '../layout/lines/geometry.js';
import type { Line, Segment } from '../layout/lines/lines.js';
import { textOf as wordsText } from '../layout/lines/word-text.js';
import { isSummaryText, isUnderItem } from '../layout/tables/data-values.js';
import { cell } from '../layout/values/cell.js';
import type { EngineSettings } from '../settings.js';
import { middle } from '../units.js';
import { resolveConcept } from '../concepts/index.js';
import { amountValue } from '../layout/values/arithmetic.js';
import { asksLineItems, conceptOf, fittedWords, isLineConcept, generalWordsOf, memoryRowsWin, totalsKeptGeneral } from './compete.js';
import { checkedMemoryRows, checkedMemoryTotals } from './honest.js';
import { withUnsureReadingsCapped } from '../layout/values/reading-certainty.js';
import { layoutScore, moveAt, placedAnchors, type PlacedAnchor } from './layout-match.js';
import type { LayoutMemory, LayoutModel, LearnedColumn, LearnedField, LearnedTable } from './model.js';
import { sameField, sameName } from './field-names.js';
import { continuesUnder } from './find-value.js';
import { memoryPage, type MemoryPage } from './page.js';
import { compact, isNear, letterWord, slipsFor } from './near-text.js';
import { isSameSender, isSendersName } from './sender.js';

/** The best memory for the page (same sender, layout matching settings.memory.layoutMatch), with how well it matches. */
export function matchMemory(page: MemoryPage, memories: LayoutMemory[], settings: EngineSettings): { memory: LayoutMemory; score: number } | null {
  let best: { memory: LayoutMemory; score: number } | null = null;
  for (const memory of memories) {
    if (!isSameSender(memory.model.sender, page, settings)) continue;
    const score = layoutScore(memory.model.anchors, page, settings);
    if (score >= settings.memory.layoutMatch && (!best || score > best.score)) best = { memory, score };
  }
  return best;
}


/**
 * Where the label sits on this page: the occurrence nearest its learned place, moved by `dy` as the anchors around it
 * moved; on a page read by OCR, a label read with a slip too.
 */
function findLabel(page: MemoryPage, label: NonNullable<LearnedField['label']>, dy: number, settings: EngineSettings): { line: number; seg: Segment; rest: Word[] } | null {
  const want = compact(label.text);
  const same = (text: string) => text === want || (page.ocr && isNear(text, want, settings));
  const longest = want.length + slipsFor(want.length, settings);
  let best: { line: number; seg: Segment; rest: Word[]; d: number } | null = null;
  page.lines.forEach((l, li) => {
    for (const seg of l.segments) {
      let rest: Word[] | null = null;
      if (label.sameSegment) {
        let acc = '';
        for (let k = 0; k < seg.words.length - 1 && acc.length < longest && !rest; k++) {
          acc += compact(seg.words[k].text);
          if (same(acc)) rest = seg.words.slice(k + 1);
        }
      } else if (same(compact(seg.text))) rest = [];
      if (!rest) continue;
      const d = Math.hypot(seg.box.x1 - label.box.x1, seg.box.y1 - label.box.y1 - dy);
      if (!best || d < best.d) best = { line: li, seg, rest, d };
    }
  });
  return best;
}

/** The segment of a line that covers [x1, x2] most. */
function segmentAt(line: Line, x1: number, x2: number): Segment | null {
  let best: Segment | null = null;
  let most = 0;
  for (const s of line.segments) {
    const o = overlap1d(s.box.x1, s.box.x2, x1, x2);
    if (o > most) {
      most = o;
      best = s;
    }
  }
  return best;
}

/** The line nearest height `y`, within a line's height. */
function lineAt(lines: Line[], y: number, settings: EngineSettings): number {
  let best = -1;
  let bestD = Infinity;
  lines.forEach((l, i) => {
    const d = Math.abs(l.box.y1 - y);
    if (d < bestD && d <= Math.max(l.height, settings.memory.minLineReach)) {
      best = i;
      bestD = d;
    }
  });
  return best;
}

/** The value's words of its cell: without the words it learned before and after it (a value over one line). */
const inCell = (words: Word[], f: LearnedField): Word[] => words.slice(f.lead, f.lines === 1 ? Math.max(f.lead, words.length - f.tail) : undefined);

/** How far the page moved what the memory learned: its anchors placed, and the learned labels found (their lines' moves). */
interface Placement {
  anchors: PlacedAnchor[];
  labels: Array<{ y1: number; y2: number; dy: number }>;
}

function placement(page: MemoryPage, model: LayoutModel, settings: EngineSettings): Placement {
  const anchors = placedAnchors(model.anchors, page, settings);
  const labels = model.fields.flatMap((f) => {
    const found = f.label ? findLabel(page, f.label, moveAt(anchors, f.label.box.y1, settings), settings) : null;
    return f.label && found ? [{ y1: f.label.box.y1, y2: f.label.box.y2, dy: found.seg.box.y1 - f.label.box.y1 }] : [];
  });
  return { anchors, labels };
}

/** A learned document value read off the page: its words, and whether a label led to them. */
function readField(page: MemoryPage, f: LearnedField, placed: Placement, settings: EngineSettings): { words: Word[]; labelled: boolean } | null {
  const M = settings.memory;
  const { lines } = page;
  let first: number;
  let words: Word[];
  let labelled = false;
  // On a scan OCR may read a label too far off to find: the value is looked for at its place then.
  const found = f.label ? findLabel(page, f.label, moveAt(placed.anchors, f.label.box.y1, settings), settings) : null;
  if (f.label && !found && !page.ocr) return null;
  if (f.label && found) {
    labelled = true;
    const dx = found.seg.box.x1 - f.label.box.x1;
    const dy = found.seg.box.y1 - f.label.box.y1;
    if (f.label.sameSegment) {
      first = found.line;
      words = inCell(found.rest, f);
    } else {
      first = Math.abs(f.box.y1 - f.label.box.y1) < lines[found.line].height * M.sameLineShare ? found.line : lineAt(lines, f.box.y1 + dy, settings);
      if (first < 0) return null;
      const line = lines[first];
      const seg = first === found.line
        ? line.segments[line.segments.indexOf(found.seg) + 1] ?? null
        : segmentAt(line, f.box.x1 + dx, f.box.x2 + dx);
      if (!seg) return null;
      words = inCell(seg.words, f);
    }
  } else {
    // Found by its place alone (no label, or a label a scan misread): where the anchors around it moved to.
    // A label found on the value's learned line (the date's beside the time) tells how far that line moved; a receipt's
    // strip, scaled to its length, moves its lines unevenly.
    // On a scan, whose anchors OCR garbles, the learned labels found are placed anchors too (a till's tax label under
    // the total moved with the items' length).
    const onLine = placed.labels.find((l) => l.y1 < f.box.y2 && f.box.y1 < l.y2);
    const around = page.ocr ? [...placed.anchors, ...placed.labels.map((l) => ({ y: l.y1, dy: l.dy }))] : placed.anchors;
    first = lineAt(lines, f.box.y1 + (onLine ? onLine.dy : moveAt(around, f.box.y1, settings)), settings);
    if (first < 0) return null;
    const seg = segmentAt(lines[first], f.box.x1, f.box.x2);
    if (!seg) return null;
    // A label in the value's cell (`Nr. 123`) that was not found is left out by where the value starts.
    words = f.label?.sameSegment ? seg.words.filter((w) => w.box.x2 > f.box.x1) : inCell(seg.words, f);
  }
  // Further lines of a value that spans several (an address), each under the first.
  const firstLine = words;
  for (let i = first + 1, n = 1; n < f.lines && firstLine.length && i < lines.length && i <= first + f.lines + 1; i++) {
    const seg = lines[i].segments.find((s) => continuesUnder(s, firstLine, settings));
    if (!seg) continue;
    words = [...words, ...seg.words];
    n++;
  }
  return words.length ? { words, labelled } : null;
}

/** The header line of the table on this page, or the line where its rows start (where they started on the page learned from, when it has none). */
function tableStart(page: MemoryPage, t: LearnedTable, settings: EngineSettings): number {
  const { lines } = page;
  const atTop = () => lines.findIndex((l) => l.box.y1 >= t.top - settings.memory.topSlack);
  if (!t.header) return atTop();
  const want = new Set(t.header.words);
  const holds = (have: Set<string>, w: string) => have.has(w) || (page.ocr && [...have].some((h) => isNear(h, w, settings)));
  let best = -1;
  let bestD = Infinity;
  lines.forEach((l, i) => {
    const have = new Set(l.words.map((w) => letterWord(w.text, settings)).filter((w) => w !== null));
    const shared = [...want].filter((w) => holds(have, w)).length;
    const d = Math.abs(l.box.y1 - t.header!.box.y1);
    if (shared >= settings.memory.headerShare * want.size && d < bestD) {
      best = i + 1;
      bestD = d;
    }
  });
  // A header line this page does not print (a scan that garbled its heads past any slip, a heading over the items on the
  // page learned from that this one leaves out) leaves the rows where they started there.
  return best >= 0 ? best : atTop();
}

/**
 * The column bands of the columns on one line of a row: from the values
 * learned, grown on the side a longer value grows to (left for amounts
 * aligned right), never past the middle between two neighbours. Under the
 * page's header line (`heads`: its segments) a text column grows right up to
 * that middle, short of the next head: its heads tell where another column
 * starts, so a longer description than the one learned (the one row of a
 * one-item page) stays whole.
 */
function bands(columns: LearnedColumn[], heads: Segment[] | null, settings: EngineSettings): Array<{ c: LearnedColumn; x1: number; x2: number }> {
  const { bandGrowth, bandSlack } = settings.memory;
  const sorted = [...columns].sort((a, b) => a.x1 - b.x1);
  const nextHead = (x: number) => Math.min(...(heads ?? []).filter((h) => h.box.x1 > x).map((h) => h.box.x1 - bandSlack));
  const grownTo = (c: LearnedColumn, i: number): number => {
    // An amount aligned right grows to the left: its right edge stays.
    if (c.right) return c.x2 + bandSlack;
    // A text column under the page's heads grows up to the next head.
    if (heads && i < sorted.length - 1) return Math.max(c.x2 + bandGrowth, nextHead(c.x2));
    return c.x2 + bandGrowth;
  };
  return sorted.map((c, i) => {
    const end = i === sorted.length - 1 ? 1 : middle(c.x2, sorted[i + 1].x1);
    return { c, x1: Math.max(c.x1 - (c.right ? bandGrowth : bandSlack), i === 0 ? 0 : middle(sorted[i - 1].x2, c.x1)), x2: Math.min(grownTo(c, i), end) };
  });
}

const centre = (w: Word) => middle(w.box.x1, w.box.x2);

/**
 * A row that leaves a column empty may print its text from that column's place on (a till's deposit line without an
 * article number, `Bottle deposit` where the numbers stand): words in a column's band that are no value of its kind
 * start the cell of a text column next on their right, where they are one cell of the line with its words (one
 * segment) or that column has none.
 */
/** Whether a learned column holds text (a description), by its name's line concept. */
const isTextColumn = (c: LearnedColumn, settings: EngineSettings) => conceptOf(c.name, 'line', settings)?.kind === 'text';

function textFromEmptyColumn(cells: Map<string, Word[]>, bs: Array<{ c: LearnedColumn }>, line: Line, settings: EngineSettings): void {
  bs.forEach(({ c }, i) => {
    const words = cells.get(c.name);
    const next = bs[i + 1]?.c;
    if (!words || !next || next.right || !isTextColumn(next, settings) || fittedWords(c.name, words, settings, 'line')) return;
    const after = cells.get(next.name) ?? [];
    if (after.length && !line.segments.some((s) => s.words.includes(words[0]) && s.words.includes(after[0]))) return;
    cells.set(next.name, [...words, ...after]);
    cells.delete(c.name);
  });
}

/**
 * The lines of a text cell centred on its row (a description over two lines beside figures on one) that stand above its
 * anchor line `a`: of the free lines just over it (at most settings.memory.wrapLines), those after the widest gap from
 * the line above them, where that gap is clearly wider (settings.memory.centredGap) than every gap after it; a cell that
 * starts on its anchor line and wraps down leaves the widest gap just before the next row's anchor line.
 */
function centredAbove(lines: Line[], a: number, first: number, isFree: (j: number) => boolean, settings: EngineSettings): number[] {
  let top = a;
  while (top > first && a - top < settings.memory.wrapLines && isFree(top - 1)) top--;
  if (top === a || top === 0) return [];
  const ys = lines.slice(top - 1, a + 1).map((l) => l.box.y1);
  const gaps = ys.slice(1).map((y, k) => y - ys[k]);
  let widest = 0;
  for (let k = 1; k < gaps.length - 1; k++) if (gaps[k] > gaps[widest]) widest = k;
  return gaps[widest] >= settings.memory.centredGap * Math.max(...gaps.slice(widest + 1)) ? Array.from({ length: a - top - widest }, (_, k) => top + widest + k) : [];
}

/**
 * The table's rows on this page: one per line that fills the anchor column, until a summary line or a gap; with the
 * height of the summary line that ends them (the page's foot when none does).
 */
function readTable(page: MemoryPage, t: LearnedTable, settings: EngineSettings): { rows: Array<Map<string, Word[]>>; end: number } | null {
  const M = settings.memory;
  const { lines } = page;
  const start = tableStart(page, t, settings);
  if (start < 0) return null;
  const anchor = t.columns.find((c) => c.name === t.anchor)!;
  const byOffset = new Map<number, LearnedColumn[]>();
  for (const c of t.columns) byOffset.set(c.offset, [...(byOffset.get(c.offset) ?? []), c]);
  const heads = t.header && start > 0 ? lines[start - 1].segments : null;
  const bandsOf = new Map([...byOffset].map(([o, cs]) => [o, bands(cs, heads, settings)]));
  const anchorBand = bandsOf.get(anchor.offset)!.find((b) => b.c === anchor)!;
  const anchorLines: number[] = [];
  // A summary label ends the rows, and a text cell's further lines, wherever it starts on its line (a stamp's words may
  // stand before it on a scan).
  const isSummaryLine = (l: Line) => l.segments.some((s) => isSummaryText(s.text, settings));
  let end = 1;
  let underItem = -1;
  for (let i = start; i < lines.length; i++) {
    const l = lines[i];
    const last = Math.max(anchorLines.at(-1) ?? -1, underItem);
    // A gap ends them too, but says less of where the items end: a row whose amount a scan lost leaves one.
    const gap = last >= 0 && l.box.y1 - lines[last].box.y1 > t.maxPitch * M.rowGapPitches + M.pitchSlack;
    // A discount, void or note under an item is none of the rows, as the general rules read it (tables/data-values.ts),
    // though its label may name a summary too ("Sconto | -0,20 A"): it belongs to the item above, and leaves no gap
    // between the rows (a page whose corrected items had no discount).
    if (anchorLines.length && !gap && isUnderItem(l.segments.map((s) => s.text))) {
      underItem = i;
      continue;
    }
    if (isSummaryLine(l)) {
      end = l.box.y1;
      break;
    }
    if (gap) break;
    const inBand = (b: { x1: number; x2: number }) => l.words.filter((w) => centre(w) >= b.x1 && centre(w) < b.x2);
    // On a scan a row whose figures OCR garbled (`STR]` for `5,02`) is a row still where it fills every column of the anchor's line.
    const garbled = () => page.ocr && bandsOf.get(anchor.offset)!.every((b) => inBand(b).length > 0);
    if (isUnderItem(l.segments.map((s) => s.text))) continue;
    if (inBand(anchorBand).some((w) => /\d/.test(w.text)) || garbled()) anchorLines.push(i);
  }
  if (anchorLines.length === 0) return null;
  const isAnchor = new Set(anchorLines);
  // Lines that hold another line of a row (a receipt's quantity line) are no continuation of a text cell.
  const offsetLines = new Set(anchorLines.flatMap((a) => [...bandsOf.keys()].filter((o) => o !== 0).map((o) => a + o)));
  const isFree = (j: number) => !isAnchor.has(j) && !offsetLines.has(j) && !isSummaryLine(lines[j]) && !isUnderItem(lines[j].segments.map((s) => s.text));
  const above = anchorLines.map((a) => centredAbove(lines, a, start, isFree, settings));
  const claimed = new Set(above.flat());
  // The rows' pitch on this page: the nearest two anchor lines (a row of one line).
  const rowPitch = Math.min(t.maxPitch, ...anchorLines.slice(1).map((a, k) => lines[a].box.y1 - lines[anchorLines[k]].box.y1));
  const rows = anchorLines.map((a, r) => {
    const cells = new Map<string, Word[]>();
    for (const [offset, bs] of bandsOf) {
      const li = a + offset;
      if (li < start || li >= lines.length || (offset !== 0 && isAnchor.has(li))) continue;
      bs.forEach((b, k) => {
        const inBand = (w: Word, band: { x1: number; x2: number }) => centre(w) >= band.x1 && centre(w) < band.x2;
        const take = (line: Line) => line.words.filter((w) => inBand(w, b));
        // A text cell's further lines may start in the place of the column on its left, with words that are no value of
        // that column (a till's `Premium` under the article numbers); that column's cell goes on only with its values.
        const text = isTextColumn(b.c, settings);
        const left = text && k > 0 && !bs[k - 1].c.right && !isTextColumn(bs[k - 1].c, settings) ? bs[k - 1] : null;
        const takeMore = (line: Line) => line.words.filter((w) => inBand(w, b) || (!!left && inBand(w, left) && !fittedWords(left.c.name, [w], settings, 'line')));
        let words = take(lines[li]);
        // The lines of a text cell centred on its row that stand above the anchor line, as far up as they are the cell's alone.
        if (offset === 0 && !b.c.right) {
          const over: Word[] = [];
          for (const j of [...above[r]].reverse()) {
            const more = takeMore(lines[j]);
            if (more.length === 0 || more.length !== lines[j].words.length) break;
            over.unshift(...more);
          }
          words = [...over, ...words];
        }
        // A text cell goes on in its band on the lines before the next row (a wrapped description, an item's second line),
        // also on a line of its own under the row's first (a price list's code over its description).
        const next = anchorLines[r + 1] ?? lines.length;
        for (let j = li + 1; !b.c.right && j < next && j <= li + M.wrapLines && !isSummaryLine(lines[j]); j++) {
          const gap = lines[j].box.y1 - lines[j - 1].box.y1;
          if (gap > lines[j - 1].height * M.wrapGapLines || (b.c.apart && gap >= rowPitch * M.apartPitchShare) || !isFree(j) || claimed.has(j)) break;
          const more = takeMore(lines[j]);
          if (more.length === 0 || more.length !== lines[j].words.length || (!text && !fittedWords(b.c.name, more, settings, 'line'))) break;
          words = [...words, ...more];
        }
        if (words.length) cells.set(b.c.name, words);
      });
      textFromEmptyColumn(cells, bs, lines[li], settings);
    }
    return cells;
  });
  return { rows, end };
}

/**
 * What the memory learned for a requested name: by the same name first, then
 * by the same concept; a column of the learned table when the request asks
 * for the table (a column that is no document value too), else a document
 * value of that name first (a packing list's total weight beside its weight
 * column). Beside line items a document value answers its own name only:
 * the invoice's "Subtotale" is no line's "Imponibile".
 */
function learnedFor(model: LayoutModel, name: string, asksTable: boolean, asksRows: boolean): LearnedField | LearnedColumn | null {
  const columns = model.table?.columns ?? [];
  for (const same of [sameName, sameField]) {
    const column = columns.find((c) => same(c.name, name));
    const field = same === sameName || !asksRows ? model.fields.find((f) => same(f.name, name)) : undefined;
    const found = asksTable ? column ?? field : field ?? column;
    if (found) return found;
  }
  return null;
}

/** The amounts of the totals the memory knows on this page (subtotal, total): what Σ line totals must come to. */
function printedTotals(page: MemoryPage, model: LayoutModel, placed: Placement, settings: EngineSettings): number[] {
  return model.fields
    .filter((f) => ['subtotal', 'total_amount'].includes(resolveConcept(f.name)?.id ?? ''))
    .map((f) => readField(page, f, placed, settings)?.words ?? [])
    .map((ws) => fittedWords('total_amount', ws, settings))
    .map((ws) => (ws ? amountValue(wordsText(ws)) : null))
    .filter((v): v is number => v !== null);
}

/** Whether rows hold one value of a name on every row, not an empty one. */
function sameOnEveryRow(rows: Array<Record<string, ExtractedCell>>, name: string): boolean {
  const texts = new Set(rows.map((r) => cellText(r[name])));
  return texts.size === 1 && [...texts][0].trim() !== '';
}

/** The general answer with every field the page's memory knows read the way it learned, where it survives the general rules' checks (compete.ts); the answer itself when none matches. */
export function applyLayoutMemory(content: PageContent, request: ExtractRequest, result: ExtractResult, settings: EngineSettings): ExtractResult {
  if (!result.ok || !request.memories?.length || request.fields.length === 0) return result;
  const page = memoryPage(content, settings);
  const match = matchMemory(page, request.memories, settings);
  if (!match) return result;
  const { model } = match.memory;
  const placed = placement(page, model, settings);
  const { confidenceFloor, confidenceCeiling, placeOnly } = settings.memory;
  const sure = confidenceFloor + (confidenceCeiling - confidenceFloor) * match.score;
  const spec = (i: number) => resolveFormat(request.fields[i].formatRequirement, request.globalFormatRequirement);
  const names = request.fields.map((f) => f.name);
  const fieldReads = new Map<number, { words: Word[]; labelled: boolean; text: string }>();
  const columnOf = names.map(() => null as LearnedColumn | null);
  const setByRow = names.map((name) => (model.lineNames ?? []).some((n) => sameName(n, name)));
  // A request whose names a person set as the document's values more than row by row asks what that correction asked:
  // a name it set as a document value is no column's (a packing list's total weight beside its weight column), even
  // where the page learned from did not print that value.
  const setAsDocument = names.map((name) => (model.documentNames ?? []).some((n) => sameName(n, name)));
  // Names a person set neither way that mean a line's value (an item code, a quantity) ask for rows as the names set
  // row by row do: a packing list's items asked beside the weights a fields correction set as the document's.
  const unsetLine = names.filter((name, i) => !setByRow[i] && !setAsDocument[i] && isLineConcept(name, settings));
  const asksDocument = setAsDocument.filter(Boolean).length > setByRow.filter(Boolean).length + unsetLine.length;
  const asksTable = !asksDocument && names.some((n) => model.table?.columns.some((c) => sameField(c.name, n)) && !model.fields.some((f) => sameField(f.name, n)));
  // Beside the table (its columns, two of the names a person set row by row, or line concepts), such a name is a column
  // even where its band was not learned: no document value of that name (a total weight, the invoice's "Imponibile") reads it.
  const asksRows = !asksDocument && (asksTable || setByRow.filter(Boolean).length >= settings.memory.rowNames || asksLineItems(names, settings));
  const isLine = setByRow.map((byRow) => asksRows && byRow);
  names.forEach((name, i) => {
    const learned = learnedFor(model, name, asksTable, asksRows);
    if (learned && 'offset' in learned && !(asksDocument && setAsDocument[i])) columnOf[i] = learned;
    const read = learned && !('offset' in learned) && !isLine[i] ? readField(page, learned, placed, settings) : null;
    if (!read) return;
    // The sender's own value (its name, its address) read with a slip on a scan is what it always is, even where OCR
    // garbled it past its kind (`Brückner @mhH`); its name with a slip or two more (settings.memory.ownNameSlip).
    const fixed = learned && 'fixed' in learned ? learned.fixed : undefined;
    const slip = fixed !== undefined && isSendersName(fixed, model.sender, true, settings) ? settings.memory.ownNameSlip : settings.memory.valueSlip;
    const isOwn = (ws: Word[] | null) => !!ws && fixed !== undefined && page.ocr && isNear(compact(wordsText(ws)), compact(fixed), settings, slip);
    // A reading that is no value of the field's kind (a label where a date was) leaves the general answer.
    const fitted = fittedWords(name, read.words, settings);
    const words = !isOwn(fitted) && isOwn(read.words) ? read.words : fitted;
    if (!words) return;
    const text = isOwn(words) ? fixed! : wordsText(words);
    fieldReads.set(i, { words, labelled: read.labelled, text });
  });
  const general = result.rows;
  for (const i of totalsKeptGeneral(names, general[0] ?? {}, fieldReads, content.words, settings)) fieldReads.delete(i);
  const fieldCells = checkedMemoryTotals(
    new Map([...fieldReads].map(([i, r]) => [i, cell(r.text, r.words, spec(i), settings, r.labelled ? sure : sure * placeOnly)])),
    new Map([...fieldReads].map(([i, r]) => [i, r.words])), names, generalWordsOf(general[0] ?? {}, names, content.words), settings,
  );
  const table = columnOf.some((c) => c) ? readTable(page, model.table!, settings) : null;
  const tableCells = table?.rows;
  const empty: ExtractedCell = { value: null, box: null };
  // The memory's rows: its columns, and the general rules' cells of a column it did not learn where both read as many rows.
  const rowNames = names.filter((_, i) => columnOf[i] || isLine[i]);
  const memoryRows = tableCells?.map((cells, r) => Object.fromEntries(rowNames.map((name) => {
    const i = names.indexOf(name);
    const column = columnOf[i];
    const words = column ? cells.get(column.name) : undefined;
    // A column whose values the person set with words beside the value (a count with its unit, `132 st`) is read whole.
    const fitted = words ? (column?.whole ? words : fittedWords(name, words, settings, 'line')) : null;
    if (column) return [name, fitted ? cell(wordsText(fitted), fitted, spec(i), settings, sure) : empty];
    return [name, (tableCells.length === general.length ? general[r]?.[name] : null) ?? empty];
  }))) ?? null;
  const generalRows = general.map((r) => Object.fromEntries(rowNames.map((n) => [n, r[n] ?? empty])));
  // A general row is an item as the memory's were: it fills the anchor column above where the memory's rows end (a
  // summary line), not a piece of an item (a scan's wrapped description read as a row) nor a total under the table.
  const anchor = names.find((_, i) => columnOf[i]?.name === model.table?.anchor);
  const isItem = (r: Record<string, ExtractedCell>) => {
    const c = anchor ? r[anchor] : undefined;
    return !anchor || (!!c && !isImageRegion(c) && !!c.value?.trim() && (!c.box || c.box.y1 < table!.end));
  };
  const totals = memoryRows ? printedTotals(page, model, placed, settings) : [];
  const tableRows = memoryRows && memoryRowsWin(rowNames, memoryRows, generalRows, totals, isItem, content.words, settings)
    ? checkedMemoryRows(memoryRows, request.fields.filter((f) => rowNames.includes(f.name)), totals, settings)
    : null;
  if (fieldCells.size === 0 && !tableRows) return result;
  const rowCount = tableRows ? tableRows.length : Math.max(1, general.length);
  // A memory without a table learned its line values from a page of one row: where the general rules read several
  // (a scan's wrapped description read as a row of its own), such a value is on none of them, and theirs stay.
  const oneRowOnly = names.map((name) => rowCount > 1 && !model.table && asksRows && isLineConcept(name, settings));
  // Rows the general rules read (the memory read none) on a request for rows: a value learned as the document's goes
  // on them only where they read that name as one value on every row (an invoice number beside the items); where they
  // read it row by row, whatever they read (a weight per item, or none on some), the name is their column there.
  const generalColumn = names.map((name) => !tableRows && asksRows && general.length > 1 && !sameOnEveryRow(general, name));
  const rows = Array.from({ length: rowCount }, (_, r) => {
    const out: Record<string, ExtractedCell> = {};
    names.forEach((name, i) => {
      const known = oneRowOnly[i] || generalColumn[i] ? undefined : fieldCells.get(i);
      if (known) out[name] = known;
      else if (tableRows && name in tableRows[r]) out[name] = tableRows[r][name];
      else out[name] = (general.length === rowCount ? general[r]?.[name] : general[0]?.[name]) ?? empty;
    });
    return out;
  });
  // A value read off words the recognizer doubted claims no more than the general rules' would (reading-certainty.ts).
  return withUnsureReadingsCapped({ ...result, rows }, content.words, settings);
}
