/**
 * Reads the body of word/document.xml into paragraphs and tables: the parts of
 * a Word file that carry a document's data. Styles, images and headers are
 * not reproduced; text, bold runs, headings, tabs, breaks and table grids are.
 */

export interface Run {
  text: string;
  bold: boolean;
}
export interface Paragraph {
  type: 'paragraph';
  runs: Run[];
  heading: boolean;
  /** Explicit page break before this paragraph. */
  pageBreakBefore: boolean;
}
export interface TableCell {
  paragraphs: Paragraph[];
  /** Number of grid columns this cell spans (w:gridSpan). */
  span: number;
}
export interface Table {
  type: 'table';
  /** Grid column widths in twips (w:tblGrid); empty when absent. */
  grid: number[];
  rows: TableCell[][];
}
export type Block = Paragraph | Table;

/** Word's own limit: a table has at most 63 columns, so no cell spans more (a hostile w:gridSpan asks for billions). */
export const MAX_GRID_COLUMNS = 63;

const TOKEN = /<(\/?)([A-Za-z_][\w.:-]*)((?:[^>"']|"[^"]*"|'[^']*')*?)(\/?)>|<\?[^>]*\?>|<!--[\s\S]*?-->|([^<]+)/g;
const ENTITY = /&(#x[0-9a-fA-F]+|#\d+|amp|lt|gt|quot|apos);/g;
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeEntities(s: string): string {
  return s.replace(ENTITY, (_, e: string) => {
    if (e[0] !== '#') return NAMED[e];
    const code = e[1] === 'x' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
  });
}

function attr(attrs: string, name: string): string | undefined {
  const m = new RegExp(`${name}="([^"]*)"`).exec(attrs);
  return m ? m[1] : undefined;
}

/** Parses the XML of word/document.xml into blocks (nested tables are flattened into their cell's text). */
export function parseDocumentXml(xml: string): Block[] {
  const root: Block[] = [];
  // Stack of containers receiving blocks: the body, then one entry per open table cell.
  const containers: Block[][] = [root];
  const tables: Table[] = [];
  let row: TableCell[] | null = null;
  let cell: TableCell | null = null;
  let para: Paragraph | null = null;
  let inRunProps = false;
  let bold = false;
  let inText = false;
  let breakPending = false;

  const addText = (text: string): void => {
    if (!para) return;
    const last = para.runs[para.runs.length - 1];
    if (last && last.bold === bold) last.text += text;
    else para.runs.push({ text, bold });
  };

  for (const m of xml.matchAll(TOKEN)) {
    const [, close, tag, attrs, selfClose, text] = m;
    if (text !== undefined) {
      if (inText) addText(decodeEntities(text));
      continue;
    }
    if (!tag) continue;
    const opening = !close;
    switch (tag) {
      case 'w:p':
        if (opening && !selfClose) para = { type: 'paragraph', runs: [], heading: false, pageBreakBefore: breakPending };
        else if (opening && selfClose) containers[containers.length - 1].push({ type: 'paragraph', runs: [], heading: false, pageBreakBefore: false });
        else if (para) {
          containers[containers.length - 1].push(para);
          para = null;
          breakPending = false;
        }
        break;
      case 'w:pStyle':
        if (para && /^(heading|title)/i.test(attr(attrs, 'w:val') ?? '')) para.heading = true;
        break;
      case 'w:r':
        if (opening) bold = false;
        break;
      case 'w:rPr':
        inRunProps = opening && !selfClose;
        break;
      case 'w:b':
        if (inRunProps) bold = !/^(0|false|off)$/.test(attr(attrs, 'w:val') ?? 'true');
        break;
      case 'w:t':
        inText = opening && !selfClose;
        break;
      case 'w:tab':
        if (para && !inRunProps) addText('\t');
        break;
      case 'w:br':
      case 'w:cr':
        if (attr(attrs, 'w:type') === 'page') breakPending = true;
        else addText('\n');
        break;
      case 'w:tbl':
        if (opening) {
          const table: Table = { type: 'table', grid: [], rows: [] };
          // A table inside a cell is flattened: its cells' paragraphs join the outer cell.
          if (tables.length === 0) containers[containers.length - 1].push(table);
          tables.push(table);
        } else tables.pop();
        break;
      case 'w:gridCol':
        if (tables.length === 1 && tables[0].grid.length < MAX_GRID_COLUMNS) tables[0].grid.push(Number(attr(attrs, 'w:w') ?? 0) || 0);
        break;
      case 'w:tr':
        if (tables.length !== 1) break;
        if (opening) row = [];
        else if (row) {
          tables[0].rows.push(row);
          row = null;
        }
        break;
      case 'w:tc':
        if (tables.length !== 1) break;
        if (opening) {
          cell = { paragraphs: [], span: 1 };
          containers.push(cell.paragraphs as Block[]);
        } else if (cell) {
          containers.pop();
          row?.push(cell);
          cell = null;
        }
        break;
      case 'w:gridSpan':
        if (cell && tables.length === 1) cell.span = Math.min(MAX_GRID_COLUMNS, Math.max(1, Math.floor(Number(attr(attrs, 'w:val') ?? 1)) || 1));
        break;
    }
  }
  return root;
}

export function paragraphText(p: Paragraph): string {
  return p.runs.map((r) => r.text).join('');
}
