import PDFDocument from 'pdfkit';
import { degrees, PDFDocument as PdfLibDocument } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import type { Box } from '../../src/extract/types.js';
import type { IngestedPage } from '../../src/ingest/types.js';
import { ingestFile } from '../../src/ingest/ingest.js';
import { IngestProcessPool } from '../../src/ingest/ingest-process-pool.js';
import { corruptPdf, imageOnlyPdf, pdfkitToBuffer, textPdf, truncatedPdf } from '../fixtures/ingest/pdf-fixtures.js';
import { useTmpDir } from '../fixtures/ingest/tmp-files.js';

const tmp = useTmpDir();
const opts = { passwords: [], maxPages: 50 };
/** US Letter (612×792 pt) at PAGE_RENDER_DPI 200. */
const LETTER_PX = { width: 1700, height: 2200 };

describe('PDF ingestion', () => {
  it('splits a text PDF into pages with JPEG, thumbnail and text layer', async () => {
    const path = tmp.file('three.pdf', await textPdf({ pages: 3, rows: 4 }));
    const upload = await ingestFile(path, opts);
    expect(upload.kind).toBe('pdf');
    expect(upload.form).toBe('paged');
    expect(upload.pages).toHaveLength(3);
    for (const [i, page] of upload.pages.entries()) {
      expect({ width: page.width, height: page.height }).toEqual(LETTER_PX);
      expect(await sharp(page.jpeg!).metadata()).toMatchObject({ format: 'jpeg', ...LETTER_PX });
      expect(await sharp(page.thumbnail!).metadata()).toMatchObject({ format: 'jpeg', width: 247, height: 320 });
      const words = page.textLayer!.words.map((w) => w.text);
      expect(words.slice(0, 3)).toEqual(['Invoice', 'page', String(i + 1)]);
      expect(words).toContain(`${i + 1}-4`);
      for (const w of page.textLayer!.words) {
        expect(w.box.x1).toBeGreaterThanOrEqual(0);
        expect(w.box.x2).toBeLessThanOrEqual(1);
        expect(w.box.x1).toBeLessThan(w.box.x2);
        expect(w.box.y1).toBeLessThan(w.box.y2);
      }
      expect(page.textLayer!.rules.length).toBeGreaterThan(0);
    }
  });

  it('renders the page: the heading is dark ink on white paper', async () => {
    const upload = await ingestFile(tmp.file('one.pdf', await textPdf({ pages: 1, rows: 1 })), opts);
    const { data, info } = await sharp(upload.pages[0].jpeg!).greyscale().raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number): number => data[y * info.width + x];
    expect(at(5, 5)).toBeGreaterThan(240);
    const headingBand = Array.from({ length: 300 }, (_, i) => at(140 + i, 155));
    expect(Math.min(...headingBand)).toBeLessThan(80);
  });

  it('paints colours in RGB order', async () => {
    const doc = new PDFDocument({ size: [200, 200], margin: 0 });
    doc.rect(0, 0, 100, 200).fill('#d00000');
    doc.rect(100, 0, 100, 200).fill('#0000d0');
    const upload = await ingestFile(tmp.file('colours.pdf', await pdfkitToBuffer(doc)), opts);
    const { data, info } = await sharp(upload.pages[0].jpeg!).raw().toBuffer({ resolveWithObject: true });
    const rgb = (x: number, y: number): number[] => [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)];
    const [red, blue] = [rgb(Math.round(info.width / 4), 50), rgb(Math.round((info.width * 3) / 4), 50)];
    expect(red[0]).toBeGreaterThan(180);
    expect(Math.max(red[1], red[2])).toBeLessThan(60);
    expect(blue[2]).toBeGreaterThan(180);
    expect(Math.max(blue[0], blue[1])).toBeLessThan(60);
  });

  it('draws the page where its text layer says, also on a page with /Rotate 90', async () => {
    const rotated = await PdfLibDocument.load(await textPdf({ pages: 1, rows: 2 }));
    rotated.getPage(0).setRotation(degrees(90));
    const upright = (await ingestFile(tmp.file('upright.pdf', await textPdf({ pages: 1, rows: 2 })), opts)).pages[0];
    const turned = (await ingestFile(tmp.file('rotated.pdf', Buffer.from(await rotated.save())), opts)).pages[0];
    expect({ width: turned.width, height: turned.height }).toEqual({ width: LETTER_PX.height, height: LETTER_PX.width });
    expect(await inkUnder(upright, upright.textLayer!.words.find((w) => w.text === 'Invoice')!.box)).toBeLessThan(100);
    for (const page of [upright, turned]) {
      expect(page.textLayer!.rules.length).toBeGreaterThan(4);
      // A few pixels around the middle of every ruling line.
      for (const r of page.textLayer!.rules) {
        const [x, y] = [(r.x1 + r.x2) / 2, (r.y1 + r.y2) / 2];
        const box = { x1: x - 3 / page.width, y1: y - 3 / page.height, x2: x + 3 / page.width, y2: y + 3 / page.height };
        expect(await inkUnder(page, box)).toBeLessThan(100);
      }
    }
  });

  it('keeps a scanned (image-only) PDF with an empty word list and the image placement', async () => {
    const upload = await ingestFile(tmp.file('scan.pdf', await imageOnlyPdf()), opts);
    expect(upload.pages).toHaveLength(1);
    expect(upload.pages[0].textLayer!.words).toEqual([]);
    expect(upload.pages[0].textLayer!.images).toHaveLength(1);
  });

  describe('encrypted PDFs', () => {
    it('refuses without a password, saying one is needed', async () => {
      const path = tmp.file('locked.pdf', await textPdf({ pages: 2, userPassword: 's3cret' }));
      await expect(ingestFile(path, opts)).rejects.toMatchObject({
        code: 'invalid_parameter',
        param: 'file',
        message: 'The PDF is password-protected: send its password in the `password` field.',
      });
      await expect(ingestFile(path, { ...opts, passwords: ['wrong', 'also-wrong'] })).rejects.toMatchObject({
        param: 'file',
        message: expect.stringContaining('neither the given password nor'),
      });
    });

    it('opens with the right password, wherever it is in the list', async () => {
      const path = tmp.file('locked2.pdf', await textPdf({ pages: 2, userPassword: 's3cret' }));
      const first = await ingestFile(path, { ...opts, passwords: ['s3cret'] });
      const later = await ingestFile(path, { ...opts, passwords: ['nope', 's3cret'] });
      expect(first.pages).toHaveLength(2);
      expect(later.pages[1].textLayer!.words[0].text).toBe('Invoice');
    });
  });

  it('refuses more than maxPages pages', async () => {
    const path = tmp.file('fifty-one.pdf', await textPdf({ pages: 51, rows: 1 }));
    await expect(ingestFile(path, opts)).rejects.toMatchObject({
      code: 'invalid_parameter',
      param: 'file',
      message: 'The document has 51 pages; at most 50 pages are accepted per upload.',
    });
  });

  it('refuses corrupt and truncated PDFs', async () => {
    const corrupt = expect.objectContaining({ code: 'invalid_parameter', param: 'file', message: expect.stringContaining('corrupt or truncated') });
    await expect(ingestFile(tmp.file('corrupt.pdf', corruptPdf()), opts)).rejects.toEqual(corrupt);
    await expect(ingestFile(tmp.file('trunc.pdf', await truncatedPdf(0.5)), opts)).rejects.toEqual(corrupt);
    await expect(ingestFile(tmp.file('head.pdf', Buffer.from('%PDF-1.4\n')), opts)).rejects.toEqual(corrupt);
  });
});

/** Darkest grey value of the page JPEG inside `box` (normalized 0..1 like the text layer). */
async function inkUnder(page: IngestedPage, box: Box): Promise<number> {
  const left = Math.max(0, Math.floor(box.x1 * page.width));
  const top = Math.max(0, Math.floor(box.y1 * page.height));
  const region = {
    left,
    top,
    width: Math.max(1, Math.min(page.width - left, Math.round((box.x2 - box.x1) * page.width))),
    height: Math.max(1, Math.min(page.height - top, Math.round((box.y2 - box.y1) * page.height))),
  };
  const pixels = await sharp(page.jpeg!).extract(region).greyscale().raw().toBuffer();
  return Math.min(...pixels);
}

describe('IngestProcessPool', () => {
  const pool = new IngestProcessPool(2);
  afterAll(() => pool.close());

  it('renders across worker threads with the same result as in-thread', async () => {
    const path = tmp.file('pool.pdf', await textPdf({ pages: 5, rows: 2 }));
    const [pooled, local] = await Promise.all([ingestFile(path, { ...opts, processPool: pool }), ingestFile(path, opts)]);
    expect(pooled.pages).toHaveLength(5);
    expect(pooled.pages.map((p) => p.textLayer)).toEqual(local.pages.map((p) => p.textLayer));
    expect(Buffer.isBuffer(pooled.pages[4].jpeg)).toBe(true);
    expect(await sharp(pooled.pages[4].jpeg!).metadata()).toMatchObject({ format: 'jpeg', ...LETTER_PX });
  }, 90_000); // the first task starts the worker threads: seconds under tsx on a busy machine

  it('carries spec errors back from the workers', async () => {
    const locked = tmp.file('pool-locked.pdf', await textPdf({ pages: 1, userPassword: 'pw' }));
    await expect(ingestFile(locked, { ...opts, processPool: pool })).rejects.toMatchObject({
      name: 'AppError',
      code: 'invalid_parameter',
      param: 'file',
    });
    expect((await ingestFile(locked, { ...opts, passwords: ['pw'], processPool: pool })).pages).toHaveLength(1);
  });
});
