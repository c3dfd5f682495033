import type { ExtractRequest, ExtractResult } from '../../../src/extract/types.js';
import { typeset } from './words.js';

/** A `fast` request for `names`, each with `requirement` (none by default). */
export const askWith = (requirement: string, ...names: string[]): ExtractRequest => ({
  fields: names.map((name) => ({ name, formatRequirement: requirement })),
  globalFormatRequirement: '',
  quality: 'fast',
});

/** A `fast` request for `names`, without format requirements. */
export const ask = (...names: string[]): ExtractRequest => askWith('', ...names);

/** Page content typeset from lines (helpers/words.ts): no rules, no pictures, a square page. */
export const page = (lines: Parameters<typeof typeset>[0]) => ({ words: typeset(lines), rules: [], pictures: [], aspect: 1 });

/** The rows' values by field name (null where none), boxes and confidence left out. */
export const rowsOf = (r: ExtractResult) => (r.ok ? r.rows.map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, 'value' in v ? v.value : null]))) : []);
