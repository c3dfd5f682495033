import { roundBox, unionBoxes } from '../lines/geometry.js';
import { applyFormat, type FormatSpec } from '../../format/index.js';
import type { ExtractedCell, Word } from '../../types.js';
import { readCertainty } from './reading-certainty.js';
import type { EngineSettings } from '../../settings.js';
import { toHundredths } from '../../units.js';

/** A value as the answer carries it: formatted, boxed by its words, as sure as `confidence` and its reading allow. */
export function cell(value: string | null, words: Word[] | null, spec: FormatSpec, settings: EngineSettings, confidence?: number): ExtractedCell {
  if (value === null || value.trim() === '' || !words || words.length === 0) return { value: null, box: null };
  const out: ExtractedCell = { value: applyFormat(value, spec), box: roundBox(unionBoxes(words.map((w) => w.box))) };
  if (confidence !== undefined) out.confidence = toHundredths(confidence * readCertainty(words, settings));
  return out;
}
