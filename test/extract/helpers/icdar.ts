import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';

export interface GroundTruthTable {
  doc: string;
  /** 1-based page number. */
  page: number;
  /** Region in PDF points, origin bottom-left (as the dataset gives it). */
  region: { x1: number; y1: number; x2: number; y2: number } | null;
  columns: string[];
  /** Body cells, row-major; '' where blank or covered by a span. */
  body: string[][];
}

function attr(tag: string, name: string): string | null {
  const m = new RegExp(`\\b${name}\\s*=\\s*["']([^"']*)["']`).exec(tag);
  return m ? m[1] : null;
}

function decode(s: string): string {
  return s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#(\d+);/g, (_m, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&amp;/g, '&');
}

/**
 * Reads `X-str.xml` (and `X-reg.xml` for regions) into tables per region.
 * Header rows: the first row plus rows covered by a header cell spanning down;
 * a column's name is its header texts joined with a space (dataset README).
 */
export async function loadIcdarDocument(dir: string, doc: string): Promise<GroundTruthTable[]> {
  const str = await readFile(join(dir, `${doc}-str.xml`), 'utf8');
  const reg = await readFile(join(dir, `${doc}-reg.xml`), 'utf8').catch(() => '');
  const regionBoxes = new Map<string, { x1: number; y1: number; x2: number; y2: number }>();
  for (const t of reg.matchAll(/<table\b([^>]*)>([\s\S]*?)<\/table>/g)) {
    for (const r of t[2].matchAll(/<region\b([^>]*)>([\s\S]*?)<\/region>/g)) {
      const bb = /<bounding-box\b([^>]*)\/?>/.exec(r[2]);
      if (!bb) continue;
      const key = `${attr(t[1], 'id')}/${attr(r[1], 'id')}`;
      regionBoxes.set(key, { x1: Number(attr(bb[1], 'x1')), y1: Number(attr(bb[1], 'y1')), x2: Number(attr(bb[1], 'x2')), y2: Number(attr(bb[1], 'y2')) });
    }
  }
  const out: GroundTruthTable[] = [];
  for (const t of str.matchAll(/<table\b([^>]*)>([\s\S]*?)<\/table>/g)) {
    for (const r of t[2].matchAll(/<region\b([^>]*)>([\s\S]*?)<\/region>/g)) {
      const cells = [...r[2].matchAll(/<cell\b([^>]*)>([\s\S]*?)<\/cell>/g)].map((c) => {
        const sr = Number(attr(c[1], 'start-row'));
        const sc = Number(attr(c[1], 'start-col'));
        const content = /<content>([\s\S]*?)<\/content>/.exec(c[2]);
        return {
          sr,
          sc,
          er: Number(attr(c[1], 'end-row') ?? sr),
          ec: Number(attr(c[1], 'end-col') ?? sc),
          text: decode(content ? content[1] : '').replace(/\s+/g, ' ').trim(),
        };
      });
      if (cells.length === 0) continue;
      // Some files count rows and columns from 1; the first row is the smallest start-row.
      const minRow = Math.min(...cells.map((c) => c.sr));
      const minCol = Math.min(...cells.map((c) => c.sc));
      for (const c of cells) {
        c.sr -= minRow;
        c.er -= minRow;
        c.sc -= minCol;
        c.ec -= minCol;
      }
      const nRows = Math.max(...cells.map((c) => c.er)) + 1;
      const nCols = Math.max(...cells.map((c) => c.ec)) + 1;
      let headerEnd = 0;
      for (const c of cells) if (c.sr === 0) headerEnd = Math.max(headerEnd, c.er);
      const columns = Array.from({ length: nCols }, (_, col) =>
        cells
          .filter((c) => c.sr <= headerEnd && c.sc <= col && col <= c.ec && c.text)
          .sort((a, b) => a.sr - b.sr)
          .map((c) => c.text)
          .join(' '),
      );
      const body: string[][] = [];
      for (let row = headerEnd + 1; row < nRows; row++) {
        const line = new Array<string>(nCols).fill('');
        for (const c of cells) if (c.sr === row) line[c.sc] = c.text;
        body.push(line);
      }
      out.push({
        doc,
        page: Number(attr(r[1], 'page') ?? 1),
        region: regionBoxes.get(`${attr(t[1], 'id')}/${attr(r[1], 'id')}`) ?? null,
        columns,
        body,
      });
    }
  }
  return out;
}

export async function listIcdarDocuments(dir: string): Promise<string[]> {
  const files = await readdir(dir);
  return files.filter((f) => f.endsWith('-str.xml')).map((f) => f.replace(/-str\.xml$/, '')).sort();
}
