import { extractFromContent } from '../../../src/extract/layout/rows/extract-page.js';
import type { PageContent } from '../../../src/extract/read/page-content.js';
import type { ExtractRequest, ExtractResult } from '../../../src/extract/types.js';
import { typeset, type TypesetLine } from './words.js';

/** A `fast` request for `names`, each with `requirement` (none by default). */
export const askWith = (requirement: string, ...names: string[]): ExtractRequest => ({
  fields: names.map((name) => ({ name, formatRequirement: requirement })),
  globalFormatRequirement: '',
  quality: 'fast',
});

/** A `fast` request for `names`, without format requirements. */
export const ask = (...names: string[]): ExtractRequest => askWith('', ...names);

/** Page content typeset from lines (helpers/words.ts): no rules, no pictures, a square page. */
export const page = (lines: TypesetLine[]): PageContent => ({ words: typeset(lines), rules: [], pictures: [], aspect: 1 });

/** Page content as a scan reads it: every word at `sure` (a clean till print's), the words `read` names at theirs. */
export const scanned = (content: PageContent, read: Record<string, number> = {}, sure = 0.93): PageContent => ({
  ...content,
  words: content.words.map((w) => ({ ...w, confidence: read[w.text] ?? sure })),
});

/** The rows' values by field name (null where none), boxes and confidence left out. */
export const rowsOf = (r: ExtractResult) => (r.ok ? r.rows.map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, 'value' in v ? v.value : null]))) : []);

/** The rows the engine reads from the typeset `lines` for `request`, by field name. */
export const readRows = (lines: TypesetLine[], request: ExtractRequest) => rowsOf(extractFromContent(page(lines), request));
