import { isPureLocationField } from '../pure-location.js';
import type { ExtractRequest, Word } from '../types.js';
import { BOX_NUMBERS, THOUSANDTHS } from '../units.js';

/**
 * What one page asks of the model: the messages (instructions, the page's
 * words with positions, the page image) and the JSON schema its answer must
 * follow. Coordinates travel as whole thousandths of the page, which models
 * read and write more reliably than fractions.
 */

export type ChatContent = string | Array<{ type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string } }>;
export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: ChatContent;
}

export type JsonSchema = Record<string, unknown>;

export interface PagePrompt {
  messages: ChatMessage[];
  schema: JsonSchema;
  /** Fields answered as a region rather than a text value. */
  locationFields: string[];
}

const SYSTEM = [
  'You extract data from one page of a business document.',
  'You receive the page image and the words printed on it, one per line as "x1 y1 x2 y2 text",',
  'in thousandths of the page width and height, origin at the top left.',
  'Copy each value as printed on the page, unless a format requirement asks for another form.',
  'Use null for a value the page does not show. Never invent values.',
  'Reply with one JSON object that follows the given JSON schema, and nothing else.',
].join(' ');

const thousandths = (v: number) => Math.round(v * THOUSANDTHS);

function wordLines(words: Word[]): string {
  return words.map((w) => `${thousandths(w.box.x1)} ${thousandths(w.box.y1)} ${thousandths(w.box.x2)} ${thousandths(w.box.y2)} ${w.text}`).join('\n');
}

const nullableString = { type: ['string', 'null'] };
const nullableBox = { type: ['array', 'null'], items: { type: 'number' }, minItems: BOX_NUMBERS, maxItems: BOX_NUMBERS };

/** Schema of an answer: rows keyed by the requested fields, or the columns and rows of the table the model sees. */
function answerSchema(request: ExtractRequest): JsonSchema {
  if (request.fields.length === 0) {
    return {
      type: 'object',
      properties: {
        columns: { type: 'array', items: { type: 'string' } },
        rows: { type: 'array', items: { type: 'array', items: nullableString } },
      },
      required: ['columns', 'rows'],
      additionalProperties: false,
    };
  }
  const properties = Object.fromEntries(request.fields.map((f) => [f.name, isPureLocationField(f) ? nullableBox : nullableString]));
  return {
    type: 'object',
    properties: {
      rows: {
        type: 'array',
        items: { type: 'object', properties, required: request.fields.map((f) => f.name), additionalProperties: false },
      },
    },
    required: ['rows'],
    additionalProperties: false,
  };
}

function task(request: ExtractRequest, locationFields: Set<string>): string {
  if (request.fields.length === 0) {
    return [
      'Find the main table on the page (or, without one, the record the page holds) and return it:',
      '"columns" are the column headings as printed, "rows" one array of cell values per table row, in column order.',
    ].join(' ');
  }
  const lines = request.fields.map((f) => {
    if (locationFields.has(f.name)) return `- "${f.name}": a region to locate, not text. Answer [x1, y1, x2, y2] in thousandths, or null.`;
    return f.formatRequirement ? `- "${f.name}" (format requirement: ${f.formatRequirement})` : `- "${f.name}"`;
  });
  return [
    'Return "rows": one object per record on the page (a line-item table gives one row per line; a page with one record gives one row), with these fields:',
    ...lines,
    ...(request.globalFormatRequirement ? [`Requirement for every field: ${request.globalFormatRequirement}`] : []),
  ].join('\n');
}

export function buildPrompt(request: ExtractRequest, words: Word[], jpeg: Uint8Array, inlineSchema: boolean): PagePrompt {
  const locationFields = request.fields.filter(isPureLocationField).map((f) => f.name);
  const schema = answerSchema(request);
  const text = [
    task(request, new Set(locationFields)),
    ...(inlineSchema ? [`JSON schema of the reply: ${JSON.stringify(schema)}`] : []),
    'Words on the page:',
    wordLines(words) || '(no words were read; use the image)',
  ].join('\n\n');
  return {
    schema,
    locationFields,
    messages: [
      { role: 'system', content: SYSTEM },
      {
        role: 'user',
        content: [
          { type: 'text', text },
          { type: 'image_url', image_url: { url: `data:image/jpeg;base64,${Buffer.from(jpeg).toString('base64')}` } },
        ],
      },
    ],
  };
}

/** The one follow-up after an unusable answer: the model sees its reply and why it was refused. */
export function repairMessages(prompt: PagePrompt, reply: string, problem: string): ChatMessage[] {
  return [
    ...prompt.messages,
    { role: 'assistant', content: reply },
    { role: 'user', content: `That reply cannot be used: ${problem}. Reply again with only the JSON object that follows this schema: ${JSON.stringify(prompt.schema)}` },
  ];
}
