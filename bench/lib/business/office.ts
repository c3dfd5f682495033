/**
 * A generated business document as the other uploads docrows reads: a .docx
 * (a heading, the labelled values as paragraphs, the lines as a Word table)
 * and a .txt (the same, the table in space-aligned columns). Labels are the
 * document's own language (labels.ts); values are the truth, as printed.
 */
import { docxFromXml } from '../../../test/fixtures/ingest/file-fixtures.js';
import { COLUMN_LABELS, FIELD_LABELS, TITLES } from './labels.js';
import type { BusinessDoc } from './types.js';

const label = (table: Record<string, Record<string, readonly string[]>>, key: string, doc: BusinessDoc): string =>
  table[key]?.[doc.lang]?.[0] ?? key.replace(/_/g, ' ');

/** The title, `Label: value` lines and the line table (header first) of the document. */
function parts(doc: BusinessDoc) {
  const title = (TITLES[doc.kind]?.[doc.lang]?.[0] ?? doc.kind).replace('{y}', '');
  // Names and addresses print without a label, as on a letterhead.
  const values = Object.entries(doc.fields).map(([key, value]) => (FIELD_LABELS[key] ? `${label(FIELD_LABELS, key, doc)}: ${value}` : value));
  const table = [doc.lineColumns.map((c) => label(COLUMN_LABELS, c, doc)), ...doc.lines.map((line) => doc.lineColumns.map((c) => line[c] ?? ''))];
  return { title: title.trim(), values, table };
}

const xmlText = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const paragraph = (text: string, bold = false): string =>
  `<w:p><w:r>${bold ? '<w:rPr><w:b/></w:rPr>' : ''}<w:t xml:space="preserve">${xmlText(text)}</w:t></w:r></w:p>`;

export function businessDocx(doc: BusinessDoc): Buffer {
  const { title, values, table } = parts(doc);
  const width = Math.floor(9000 / table[0].length);
  const rows = table.map((cells, r) => `<w:tr>${cells.map((c) => `<w:tc><w:tcPr><w:tcW w:w="${width}" w:type="dxa"/></w:tcPr>${paragraph(c, r === 0)}</w:tc>`).join('')}</w:tr>`);
  const grid = `<w:tblGrid>${table[0].map(() => `<w:gridCol w:w="${width}"/>`).join('')}</w:tblGrid>`;
  return docxFromXml(
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
    + '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>'
    + paragraph(title, true) + values.map((v) => paragraph(v)).join('') + `<w:tbl>${grid}${rows.join('')}</w:tbl>`
    + '</w:body></w:document>',
  );
}

export function businessText(doc: BusinessDoc): string {
  const { title, values, table } = parts(doc);
  const widths = table[0].map((_, c) => Math.max(...table.map((row) => row[c].length)));
  const lines = table.map((row) => row.map((cell, c) => cell.padEnd(widths[c])).join('   ').trimEnd());
  return [title, '', ...values, '', ...lines, ''].join('\n');
}
