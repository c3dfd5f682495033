import type { Word } from '../../types.js';

/** The words' text as printed, one space apart. */
export const textOf = (ws: Word[]): string => ws.map((w) => w.text).join(' ');

/** A label's text without the colon that ends it ("Total:" → "Total"). */
export const stripColon = (t: string): string => t.replace(/\s*[:：]\s*$/, '').trim();
