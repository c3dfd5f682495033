import { cpus } from 'node:os';
import type { PSM, Worker } from 'tesseract.js';
import { modelFolder } from '../lang/index.js';
import type { EngineSettings } from '../settings.js';
import type { Word } from '../types.js';
import { middle, PERCENT } from '../units.js';
import { toPgm, type GreyRaster } from './grey-raster.js';

/**
 * How tesseract lays a raster out before it reads it: `block`, one uniform block of text lines (PSM 6, what the
 * engine reads with: tesseract's own page analysis dropped whole runs of a narrow numeric column on long tables);
 * `auto`, its page analysis finding blocks and columns first (PSM 3), which reads a table's two-line records apart
 * from the figures set between their lines (read/ocr-page.ts, a photographed page's second reading).
 */
export type PageLayout = 'block' | 'auto';

/** tesseract's page segmentation mode of each layout (tesseract.js PSM values). */
const PAGE_SEGMENTATION: Record<PageLayout, PSM> = { block: '6' as PSM, auto: '3' as PSM };

export interface OcrWord {
  text: string;
  confidence: number;
  /** Pixel box in the recognized image. */
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

interface PooledWorker {
  worker: Worker;
  busy: boolean;
  /** The tesseract model the worker reads with ("eng", "deu"). */
  model: string;
  /** The layout it was last told to read with (it starts with `block`). */
  layout: PageLayout;
}

/** Default pool size (settings.read.pool.defaultThreads), at most the machine's cores. */
export function defaultOcrThreads(settings: EngineSettings): number {
  return Math.max(1, Math.min(settings.read.pool.defaultThreads, cpus().length));
}

/**
 * A small pool of tesseract.js workers (each a worker thread running the
 * single-threaded WASM engine). `size` is the number of pages or bands read
 * at once, so also the number of cores OCR may use; up to workersPerSlot ×
 * `size` workers are kept for different models, the least recently used idle
 * one replaced when a page asks for a model none holds. Workers start lazily
 * and are reused; close() terminates them.
 */
export class TesseractPool {
  readonly size: number;
  private readonly workers: PooledWorker[] = [];
  /** Readings under way or about to start (a worker starting counts), at most `size`. */
  private active = 0;
  private readonly waiters: Array<() => void> = [];
  private closed = false;

  private readonly workersPerSlot: number;

  constructor(size: number, settings: EngineSettings) {
    this.size = size;
    this.workersPerSlot = settings.read.pool.workersPerSlot;
  }

  /**
   * A worker reads one model: tesseract.js takes one langPath per worker and
   * every model lives in its own package (its `{code, data}` form joins the
   * models' bytes instead of their codes when it initializes, tesseract.js 7).
   */
  private async startWorker(model: string): Promise<PooledWorker> {
    // tesseract.js loads with the first page that needs OCR: a text PDF (or `docrows --help`) never loads it.
    const { createWorker, OEM } = await import('tesseract.js');
    const worker = await createWorker(
      model,
      OEM.LSTM_ONLY,
      {
        // Each language's model lies in its folder or npm package (src/extract/lang/index.ts); "none" keeps tesseract.js from writing a cache copy.
        langPath: modelFolder(model),
        gzip: true,
        cacheMethod: 'none',
        logger: () => undefined,
        errorHandler: () => undefined,
      },
      // The Italian model's own config names a word list it does not ship ("ita.special-words": two words),
      // and tesseract printed "Error: failed to load" to stderr each time an Italian worker started. A config file's
      // text: the parameter set to nothing.
      'user_words_suffix ',
    );
    await worker.setParameters({
      // One uniform block: the layout engine groups words by their boxes itself, and tesseract's own page analysis
      // (AUTO) dropped whole runs of a narrow numeric column on long tables, while SPARSE_TEXT drops lone digits ("3" in a Qty cell).
      tessedit_pageseg_mode: PAGE_SEGMENTATION.block,
      preserve_interword_spaces: '1',
      // tesseract's own diagnostics ("Image too small to scale!!" when a speck makes a line image a pixel or two wide)
      // went to the process's stderr, between the service's JSON log lines; they tell a user nothing. The worker's
      // file system has a /dev/null.
      debug_file: '/dev/null',
    });
    return { worker, busy: true, model, layout: 'block' };
  }

  /** A worker reading `model`, once one of the `size` reading slots is free. */
  private async acquire(model: string): Promise<PooledWorker> {
    if (this.closed) throw new Error('OCR pool is closed');
    while (this.active >= this.size) await new Promise<void>((resolve) => this.waiters.push(resolve));
    if (this.closed) throw new Error('OCR pool is closed');
    this.active++;
    try {
      const same = this.workers.find((w) => !w.busy && w.model === model);
      if (same) {
        same.busy = true;
        this.touch(same);
        return same;
      }
      if (this.workers.length >= this.size * this.workersPerSlot) {
        // The least recently used idle worker of another model makes room (the list runs from least to most recent).
        const idle = this.workers.find((w) => !w.busy);
        if (idle) {
          this.workers.splice(this.workers.indexOf(idle), 1);
          await idle.worker.terminate();
        }
      }
      const started = await this.startWorker(model);
      this.workers.push(started);
      return started;
    } catch (err) {
      this.freeSlot();
      throw err;
    }
  }

  /** Moves a worker to the most recently used end. */
  private touch(w: PooledWorker): void {
    this.workers.splice(this.workers.indexOf(w), 1);
    this.workers.push(w);
  }

  private freeSlot(): void {
    this.active--;
    this.waiters.shift()?.();
  }

  private release(w: PooledWorker): void {
    w.busy = false;
    this.freeSlot();
  }

  /**
   * Recognizes a grey raster with tesseract model `model` ("eng", "deu") and returns its words with pixel boxes.
   * `layout` `block` reads the raster as one uniform block of text lines; `auto` lets tesseract find the page's
   * blocks and columns first (PageLayout).
   */
  async recognize(image: GreyRaster, dpi: number, model = 'eng', layout: PageLayout = 'block'): Promise<OcrWord[]> {
    const pooled = await this.acquire(model);
    try {
      // The raster carries no resolution; telling it avoids a wrong guess that skews its size filters.
      await pooled.worker.setParameters({ user_defined_dpi: String(Math.round(dpi)), ...(pooled.layout === layout ? {} : { tessedit_pageseg_mode: PAGE_SEGMENTATION[layout] }) });
      pooled.layout = layout;
      const { data } = await pooled.worker.recognize(toPgm(image), {}, { blocks: true, text: false, hocr: false, tsv: false });
      const words: OcrWord[] = [];
      for (const block of data.blocks ?? []) {
        for (const para of block.paragraphs) {
          for (const line of para.lines) {
            for (const w of line.words) {
              const text = w.text.trim();
              if (!text) continue;
              const [top, bottom] = lineBand(line, middle(w.bbox.x0, w.bbox.x1));
              words.push({ text, confidence: w.confidence, x0: w.bbox.x0, y0: Math.min(w.bbox.y0, top), x1: w.bbox.x1, y1: Math.max(w.bbox.y1, bottom) });
            }
          }
        }
      }
      return words;
    } finally {
      this.release(pooled);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    const all = this.workers.splice(0);
    await Promise.all(all.map((w) => w.worker.terminate()));
  }
}

/** A numeric date written whole: `02.05.2020`, `5/1/18`, `21-05-17`. */
const WHOLE_DATE = /^\d{1,2}([./-])\d{1,2}\1(?:\d{4}|\d{2})$/;

/**
 * The nearest word to the right of word `i` on its line, closer than
 * `maxGap` letter heights, among those `accepts` takes; -1 when none. OCR may
 * emit a table column by column, so neighbours are found by position, not order.
 */
function rightNeighbour(words: OcrWord[], i: number, used: Set<number>, maxGap: number, sameLineShare: number, accepts: (o: OcrWord) => boolean = () => true): number {
  const w = words[i];
  let best = -1;
  let bestGap = Infinity;
  words.forEach((o, j) => {
    if (j === i || used.has(j) || !accepts(o)) return;
    const h = Math.max(w.y1 - w.y0, o.y1 - o.y0);
    const gap = o.x0 - w.x1;
    if (Math.abs(middle(w.y0, w.y1) - middle(o.y0, o.y1)) < h * sameLineShare && gap >= 0 && gap < h * maxGap && gap < bestGap) {
      best = j;
      bestGap = gap;
    }
  });
  return best;
}

/**
 * Receipt printers space their dates out and OCR splits them at the spaces:
 * "02. 05. 2020" comes back as three words no date reading accepts. Two or
 * three neighbours that together make a whole numeric date are joined.
 */
export function rejoinSplitDates(words: OcrWord[], settings: EngineSettings): OcrWord[] {
  const { maxDateParts, dateGapHeights, sameLineShare } = settings.read.words;
  const used = new Set<number>();
  const out: OcrWord[] = [];
  words.forEach((first, i) => {
    if (used.has(i)) return;
    if (!/^\d{1,2}[./-]/.test(first.text) || WHOLE_DATE.test(first.text)) {
      out.push(first);
      return;
    }
    const chain = [i];
    let text = first.text;
    while (chain.length < maxDateParts && !WHOLE_DATE.test(text)) {
      const next = rightNeighbour(words, chain[chain.length - 1], used, dateGapHeights, sameLineShare);
      if (next < 0 || !/^\d[\d./-]{0,6}$/.test(words[next].text)) break;
      chain.push(next);
      text += words[next].text;
    }
    if (chain.length <= 1 || !WHOLE_DATE.test(text)) {
      out.push(first);
      return;
    }
    for (const j of chain) used.add(j);
    const parts = chain.map((j) => words[j]);
    out.push({
      text,
      confidence: Math.min(...parts.map((p) => p.confidence)),
      x0: first.x0,
      x1: parts[parts.length - 1].x1,
      y0: Math.min(...parts.map((p) => p.y0)),
      y1: Math.max(...parts.map((p) => p.y1)),
    });
  });
  return out;
}

/**
 * The top and bottom of a text line at `x`: from the line's ascenders down
 * to its baseline there. Every word of a line gets at least this band: a
 * tight ink box makes "x" or "-" half as tall as the digits beside it, and
 * such boxes on one line stand at different heights (a scanned receipt: 6 of
 * 17 item rows found with ink boxes, 16 with the band). The descenders are
 * left to the words that have them: a band down to them too found as many
 * rows, but let the header lines of another receipt run into each other
 * (merchant name read as "ID"); on 42 scanned documents (dev and test) the
 * two bands scored the same.
 */
export function lineBand(line: { baseline: { x0: number; y0: number; x1: number; y1: number }; rowAttributes: { rowHeight: number; descenders: number } }, x: number): [number, number] {
  const { x0, y0, x1, y1 } = line.baseline;
  const base = x1 > x0 ? y0 + ((y1 - y0) * (x - x0)) / (x1 - x0) : y0;
  // The row height spans descenders to ascenders; tesseract.js reports the descenders as a positive depth below the baseline.
  const { rowHeight, descenders } = line.rowAttributes;
  return [base - (rowHeight - descenders), base];
}

/**
 * Low-resolution scans lose the decimal point: "393.85" comes back as the
 * words "393" and "85" almost touching. Digits followed closely by exactly
 * two digits are rejoined with the point (a comma after dot-grouped thousands).
 */
export function rejoinSplitDecimals(words: OcrWord[], settings: EngineSettings): OcrWord[] {
  const { joinGapHeights, sameLineShare } = settings.read.words;
  const used = new Set<number>();
  const out: OcrWord[] = [];
  words.forEach((prev, i) => {
    if (used.has(i)) return;
    if (!/^[-(]?\d[\d,.]*$/.test(prev.text) || /[.,]\d{1,2}$/.test(prev.text)) {
      out.push(prev);
      return;
    }
    const best = rightNeighbour(words, i, used, joinGapHeights, sameLineShare, (w) => /^\d{2}\)?$/.test(w.text));
    if (best < 0 || inCodeGroups(prev, words, joinGapHeights, sameLineShare)) {
      out.push(prev);
      return;
    }
    const w = words[best];
    used.add(best);
    // "393." + "85": the point was read but the word split after it.
    const sep = /[.,]$/.test(prev.text) ? '' : /\.\d{3}$/.test(prev.text) ? ',' : '.';
    out.push({ ...prev, text: `${prev.text}${sep}${w.text}`, x1: w.x1, y0: Math.min(prev.y0, w.y0), y1: Math.max(prev.y1, w.y1), confidence: Math.min(prev.confidence, w.confidence) });
  });
  return out;
}

/**
 * A group of four letters or digits printed just before a word: the word is
 * part of a number printed in groups (an IBAN "DE54 8532 9310 0689 9614 23",
 * a card or account number), whose last groups are no amount with a lost point.
 */
function inCodeGroups(word: OcrWord, words: OcrWord[], maxGap: number, sameLineShare: number): boolean {
  const h = word.y1 - word.y0;
  return words.some((w) => {
    if (!/^[A-Z\d]{4}$/.test(w.text)) return false;
    const sameLine = Math.abs(middle(w.y0, w.y1) - middle(word.y0, word.y1)) < h * sameLineShare;
    const gap = word.x0 - w.x1;
    return sameLine && gap >= 0 && gap < h * maxGap;
  });
}

/** Converts pixel-box OCR words to normalized words, dropping low-confidence noise. */
export function normalizeOcrWords(words: OcrWord[], width: number, height: number, settings: EngineSettings): Word[] {
  const { minConfidence, minDigitConfidence } = settings.read.words;
  return rejoinSplitDecimals(rejoinSplitDates(words, settings), settings)
    // Lone digits in table cells get low confidence yet are usually right; letters that score low are mostly noise.
    .filter((w) => w.confidence >= minConfidence || /[\p{L}\p{N}]{3,}/u.test(w.text) || (/^\d+$/.test(w.text) && w.confidence >= minDigitConfidence))
    // A lone bar is a ruling line, a box edge or a receipt's border read as text, never content.
    .filter((w) => /[\p{L}\p{N}$€£%&#@]/u.test(w.text) || (w.text.length === 1 && w.text !== '|'))
    .map((w) => ({ text: w.text, box: { x1: w.x0 / width, y1: w.y0 / height, x2: w.x1 / width, y2: w.y1 / height }, confidence: w.confidence / PERCENT }));
}
