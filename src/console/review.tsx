import { useState } from 'preact/hooks';
import type { CellValue } from './types';

/** Where the reviewer's threshold is kept between visits (this browser only). */
const STORAGE_KEY = 'docrows.review.threshold';
/** Values under 0.9 are worth a look (docs/engine.md: at or above it, read cleanly and checked). */
export const DEFAULT_THRESHOLD = 0.9;

/** A value's confidence from results with include=confidence; null when unscored or not a scored value. */
export function confidenceOf(v: CellValue | undefined): number | null {
  if (typeof v !== 'object' || v === null || !('confidence' in v)) return null;
  return typeof v.confidence === 'number' ? v.confidence : null;
}

/** Whether a cell is marked for review: scored, and under the threshold. */
export const isLow = (v: CellValue | undefined, threshold: number): boolean => {
  const c = confidenceOf(v);
  return c !== null && c < threshold;
};

/** The review threshold, shared by the results table and the page viewer. */
export function useThreshold(): [number, (t: number) => void] {
  const [threshold, setThreshold] = useState(() => {
    const stored = Number(localStorage.getItem(STORAGE_KEY));
    return stored > 0 && stored <= 1 ? stored : DEFAULT_THRESHOLD;
  });
  return [threshold, (t: number) => {
    if (!(t >= 0 && t <= 1)) return;
    localStorage.setItem(STORAGE_KEY, String(t));
    setThreshold(t);
  }];
}

export function ThresholdInput({ value, onChange }: { value: number; onChange: (t: number) => void }) {
  return (
    <label class="check" title="Values whose confidence is under this are marked">
      Mark confidence under
      <input name="threshold" type="number" min="0" max="1" step="0.05" value={value} onInput={(e) => onChange(Number(e.currentTarget.value))} />
    </label>
  );
}
