import type { Box } from '../types.js';
import { BOX_NUMBERS, THOUSANDTHS } from '../units.js';

/**
 * Reads the model's reply into plain rows, leniently where the meaning is
 * clear (a number where a string was asked, a fenced code block, one row
 * without the "rows" wrapper) and strictly where it is not (an object where a
 * value was asked): a strict refusal triggers the one repair request.
 */

export class AnswerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AnswerError';
  }
}

export type AnswerCell = { kind: 'text'; value: string | null } | { kind: 'region'; box: Box | null };

export interface Answer {
  fields: string[];
  rows: Array<Record<string, AnswerCell>>;
}

/** The JSON in a reply: the whole text, else inside a code fence, else from the first "{" to the last "}". */
export function parseJsonReply(reply: string): unknown {
  const attempts = [reply, /```(?:json)?\s*([\s\S]*?)```/i.exec(reply)?.[1], reply.slice(reply.indexOf('{'), reply.lastIndexOf('}') + 1)];
  for (const text of attempts) {
    if (!text?.trim()) continue;
    try {
      return JSON.parse(text) as unknown;
    } catch {
      // try the next reading
    }
  }
  throw new AnswerError('it is not valid JSON (cut short or with extra text)');
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function textValue(v: unknown, where: string): string | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string') return v.trim() === '' || v.trim().toLowerCase() === 'null' ? null : v.trim();
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  throw new AnswerError(`${where} must be a string or null, not ${Array.isArray(v) ? 'an array' : 'an object'}`);
}

/** [x1, y1, x2, y2] or {x1, y1, x2, y2} in thousandths of the page → a normalized box. */
function regionValue(v: unknown, where: string): Box | null {
  if (v === null || v === undefined) return null;
  const parts = Array.isArray(v) ? v : isRecord(v) ? [v.x1, v.y1, v.x2, v.y2] : null;
  if (!parts || parts.length !== BOX_NUMBERS || parts.some((n) => typeof n !== 'number' || !Number.isFinite(n))) {
    throw new AnswerError(`${where} must be [x1, y1, x2, y2] (numbers in thousandths of the page) or null`);
  }
  const [x1, y1, x2, y2] = (parts as number[]).map((n) => Math.min(1, Math.max(0, n / THOUSANDTHS)));
  if (x2 <= x1 || y2 <= y1) return null;
  return { x1, y1, x2, y2 };
}

function rowsOf(json: unknown): unknown[] {
  if (Array.isArray(json)) return json;
  if (!isRecord(json)) throw new AnswerError('it must be a JSON object');
  if (Array.isArray(json.rows)) return json.rows;
  if (json.rows === undefined) return [json];
  throw new AnswerError('"rows" must be an array');
}

/** Rows for the requested fields; `locationFields` are answered as regions. */
export function readFieldAnswer(json: unknown, fields: string[], locationFields: Set<string>): Answer {
  const rows = rowsOf(json).map((row, i) => {
    if (!isRecord(row)) throw new AnswerError(`rows[${i}] must be an object keyed by field name`);
    const cells: Record<string, AnswerCell> = {};
    for (const name of fields) {
      const where = `rows[${i}]["${name}"]`;
      cells[name] = locationFields.has(name) ? { kind: 'region', box: regionValue(row[name], where) } : { kind: 'text', value: textValue(row[name], where) };
    }
    return cells;
  });
  return { fields, rows };
}

/** Columns and rows of the table the model inferred. */
export function readTableAnswer(json: unknown): Answer {
  if (!isRecord(json) || !Array.isArray(json.columns) || !Array.isArray(json.rows)) {
    throw new AnswerError('it must be an object with "columns" (array of strings) and "rows" (array of arrays)');
  }
  const columns = json.columns.map((c, i) => textValue(c, `columns[${i}]`) ?? `Column ${i + 1}`);
  const fields = columns.map((c, i) => (columns.indexOf(c) === i ? c : `${c} (${i + 1})`));
  if (fields.length === 0) throw new AnswerError('"columns" is empty');
  const rows = json.rows.map((row, i) => {
    const values = Array.isArray(row) ? row : isRecord(row) ? columns.map((c) => row[c]) : null;
    if (!values) throw new AnswerError(`rows[${i}] must be an array of cell values`);
    if (values.length > fields.length) throw new AnswerError(`rows[${i}] has ${values.length} cells for ${fields.length} columns`);
    return Object.fromEntries(fields.map((f, j) => [f, { kind: 'text', value: textValue(values[j], `rows[${i}][${j}]`) } satisfies AnswerCell]));
  });
  return { fields, rows };
}
