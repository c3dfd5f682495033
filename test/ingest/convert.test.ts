import { describe, expect, it } from 'vitest';
import { ingestFile } from '../../src/ingest/ingest.js';
import { parseDocumentXml } from '../../src/ingest/docx-parse.js';
import { docxFixture, docxFromXml, docxXml, longText, zipBombDocx } from '../fixtures/ingest/file-fixtures.js';
import { useTmpDir } from '../fixtures/ingest/tmp-files.js';

const tmp = useTmpDir();
const opts = { passwords: [], maxPages: 50, tempDir: tmp.dir };

/** Words of a page joined into lines by their vertical position. */
function lines(words: Array<{ text: string; box: { y1: number; x1: number } }>): string[] {
  const rows = new Map<number, Array<{ text: string; x: number }>>();
  for (const w of words) {
    const key = Math.round(w.box.y1 * 200);
    rows.set(key, [...(rows.get(key) ?? []), { text: w.text, x: w.box.x1 }]);
  }
  return [...rows.entries()].sort((a, b) => a[0] - b[0]).map(([, ws]) => ws.sort((a, b) => a.x - b.x).map((w) => w.text).join(' '));
}

describe('.docx conversion', () => {
  it('parses paragraphs, bold runs, headings and table cells', () => {
    const blocks = parseDocumentXml(docxXml({ rows: 2, paragraphs: 1 }));
    expect(blocks.map((b) => b.type)).toEqual(['paragraph', 'table', 'paragraph']);
    expect(blocks[0]).toMatchObject({ heading: true, runs: [{ text: 'Purchase order', bold: false }] });
    const table = blocks[1];
    if (table.type !== 'table') throw new Error('expected a table');
    expect(table.grid).toEqual([4000, 2000, 2000]);
    expect(table.rows.map((r) => r.map((c) => c.paragraphs.map((p) => p.runs.map((x) => x.text).join('')).join('')))).toEqual([
      ['Item', 'Qty', 'Price'],
      ['Widget 1', '1', '2.50'],
      ['Widget 2', '2', '4.50'],
    ]);
    expect(table.rows[0][0].paragraphs[0].runs[0].bold).toBe(true);
    expect(blocks[2]).toMatchObject({ runs: [{ text: 'Paragraph 1: terms & conditions apply to every delivery listed above.' }] });
  });

  it('lays a table out as a ruled grid whose rows read back in order', async () => {
    const upload = await ingestFile(tmp.file('po.docx', docxFixture({ rows: 3 })), opts);
    expect(upload).toMatchObject({ kind: 'docx', form: 'paged' });
    expect(upload.pages).toHaveLength(1);
    const layer = upload.pages[0].textLayer!;
    expect(lines(layer.words).slice(0, 5)).toEqual(['Purchase order', 'Item Qty Price', 'Widget 1 1 2.50', 'Widget 2 2 4.50', 'Widget 3 3 6.50']);
    // 4 rows × 3 cells, each a stroked rectangle: at least the 5 horizontal and 4 vertical grid lines.
    const horizontal = layer.rules.filter((r) => Math.abs(r.y1 - r.y2) < 0.001);
    const vertical = layer.rules.filter((r) => Math.abs(r.x1 - r.x2) < 0.001);
    expect(new Set(horizontal.map((r) => r.y1.toFixed(3))).size).toBeGreaterThanOrEqual(5);
    expect(new Set(vertical.map((r) => r.x1.toFixed(3))).size).toBeGreaterThanOrEqual(4);
  });

  it('paginates long documents and repeats no row', async () => {
    const upload = await ingestFile(tmp.file('long.docx', docxFixture({ rows: 80, paragraphs: 40 })), opts);
    expect(upload.pages.length).toBeGreaterThanOrEqual(2);
    const all = upload.pages.flatMap((p) => lines(p.textLayer!.words));
    expect(all.filter((l) => l.startsWith('Widget ')).length).toBe(80);
    expect(all).toContain('Widget 80 80 160.50');
  });

  it('refuses a zip bomb without inflating it', async () => {
    const path = tmp.file('bomb.docx', zipBombDocx());
    const before = process.memoryUsage().rss;
    await expect(ingestFile(path, opts)).rejects.toMatchObject({
      code: 'invalid_parameter',
      param: 'file',
      message: 'The .docx entry word/document.xml expands beyond 20 MB: refused as a possible zip bomb.',
    });
    expect(process.memoryUsage().rss - before).toBeLessThan(100 * 1024 * 1024);
  });

  it('refuses a bomb that lies about its size', async () => {
    const bomb = zipBombDocx(24);
    // Patch the central directory's declared size to 1 KiB: the inflater still stops at the cap.
    const cd = bomb.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    bomb.writeUInt32LE(1024, cd + 24);
    await expect(ingestFile(tmp.file('liar.docx', bomb), opts)).rejects.toMatchObject({
      message: expect.stringContaining('refused as a possible zip bomb'),
    });
  });

  it('refuses a document converting to more than maxPages pages', async () => {
    await expect(ingestFile(tmp.file('huge.docx', docxFixture({ rows: 400 })), { ...opts, maxPages: 3 })).rejects.toMatchObject({
      param: 'file',
      message: 'The .docx document converts to more than 3 pages; at most 3 pages are accepted per upload.',
    });
  });

  it('refuses a damaged zip', async () => {
    const docx = docxFromXml(docxXml());
    await expect(ingestFile(tmp.file('cut.docx', docx.subarray(0, docx.length - 30)), opts)).rejects.toMatchObject({
      param: 'file',
      message: expect.stringContaining('not a readable zip archive'),
    });
  });
});

describe('.txt conversion', () => {
  it('paginates long text in reading order', async () => {
    const upload = await ingestFile(tmp.file('long.txt', longText(200)), opts);
    expect(upload).toMatchObject({ kind: 'txt', form: 'paged' });
    expect(upload.pages.length).toBe(4);
    const all = upload.pages.flatMap((p) => lines(p.textLayer!.words));
    expect(all).toHaveLength(200);
    expect(all[0]).toBe('Line 0001 Widget 0.00 EUR');
    expect(all[199]).toBe('Line 0200 Widget 646.75 EUR');
  });

  it('reads UTF-16 and Latin-1 text', async () => {
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Größe 5 €\n', 'utf16le')]);
    const latin1 = Buffer.from('caf\xe9 3\n', 'latin1');
    const a = await ingestFile(tmp.file('u16.txt', utf16), opts);
    const b = await ingestFile(tmp.file('l1.txt', latin1), opts);
    expect(lines(a.pages[0].textLayer!.words)).toEqual(['Größe 5 €']);
    expect(lines(b.pages[0].textLayer!.words)).toEqual(['café 3']);
  });

  it('refuses text converting to more than maxPages pages', async () => {
    await expect(ingestFile(tmp.file('very-long.txt', longText(5000)), opts)).rejects.toMatchObject({
      param: 'file',
      message: 'The text file converts to more than 50 pages; at most 50 pages are accepted per upload.',
    });
  });
});
