import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ingestFile } from '../../src/ingest/ingest.js';
import { bmpFixture, hugePngHeader, imageFixture, IMAGE_SIZE, multiPageTiff, rotatedJpeg, transparentPng } from '../fixtures/ingest/file-fixtures.js';
import { useTmpDir } from '../fixtures/ingest/tmp-files.js';

const tmp = useTmpDir();
const opts = { passwords: [], maxPages: 50 };

/** Mean grey level of a region of a JPEG (0 black … 255 white). */
async function meanGrey(jpeg: Buffer, left: number, top: number, width: number, height: number): Promise<number> {
  // Raw pixels rather than .stats(), which describes the whole input, not the extracted region.
  const data = await sharp(jpeg).extract({ left, top, width, height }).greyscale().raw().toBuffer();
  return data.reduce((a, b) => a + b, 0) / data.length;
}

describe('image ingestion', () => {
  it.each(['jpeg', 'png', 'webp', 'gif', 'tiff'] as const)('%s becomes one scalar page with JPEG and thumbnail', async (kind) => {
    const upload = await ingestFile(tmp.file(`img.${kind}`, await imageFixture(kind)), opts);
    expect(upload).toMatchObject({ kind, form: 'image' });
    expect(upload.pages).toHaveLength(1);
    const [page] = upload.pages;
    expect({ width: page.width, height: page.height, textLayer: page.textLayer }).toEqual({ ...IMAGE_SIZE, textLayer: null });
    expect(await sharp(page.jpeg!).metadata()).toMatchObject({ format: 'jpeg', ...IMAGE_SIZE });
    expect(await sharp(page.thumbnail!).metadata()).toMatchObject({ format: 'jpeg', width: 320, height: 240 });
    // The black bar along the top survives.
    expect(await meanGrey(page.jpeg!, 10, 5, 380, 20)).toBeLessThan(30);
    expect(await meanGrey(page.jpeg!, 10, 200, 380, 80)).toBeGreaterThan(225);
  });

  it('reads BMP through Skia with the right orientation', async () => {
    const upload = await ingestFile(tmp.file('img.bmp', bmpFixture(40, 30)), opts);
    expect(upload).toMatchObject({ kind: 'bmp', form: 'image' });
    expect({ width: upload.pages[0].width, height: upload.pages[0].height }).toEqual({ width: 40, height: 30 });
    expect(await meanGrey(upload.pages[0].jpeg!, 2, 2, 36, 10)).toBeLessThan(30);
    expect(await meanGrey(upload.pages[0].jpeg!, 2, 18, 36, 10)).toBeGreaterThan(225);
  });

  it('applies EXIF orientation', async () => {
    const upload = await ingestFile(tmp.file('rot.jpg', await rotatedJpeg()), opts);
    const [page] = upload.pages;
    expect({ width: page.width, height: page.height }).toEqual({ width: 300, height: 400 });
    // Orientation 6 turns the stored top edge to the right side.
    expect(await meanGrey(page.jpeg!, 270, 50, 25, 300)).toBeLessThan(30);
    expect(await meanGrey(page.jpeg!, 5, 50, 100, 300)).toBeGreaterThan(225);
    expect(await sharp(page.jpeg!).metadata()).not.toHaveProperty('orientation');
  });

  it('flattens transparency onto white', async () => {
    const upload = await ingestFile(tmp.file('alpha.png', await transparentPng()), opts);
    expect(await meanGrey(upload.pages[0].jpeg!, 0, 0, 50, 40)).toBeGreaterThan(250);
  });

  it('turns every page of a multi-page TIFF into a page (array form)', async () => {
    const upload = await ingestFile(tmp.file('multi.tiff', await multiPageTiff(3)), opts);
    expect(upload).toMatchObject({ kind: 'tiff', form: 'paged' });
    expect(upload.pages.map((p) => [p.width, p.height])).toEqual([[200, 100], [200, 100], [200, 100]]);
    await expect(ingestFile(tmp.file('multi2.tiff', await multiPageTiff(3)), { ...opts, maxPages: 2 })).rejects.toMatchObject({
      param: 'file',
      message: 'The TIFF has 3 pages; at most 2 pages are accepted per upload.',
    });
  });

  it('refuses a huge-dimension PNG before decoding it', async () => {
    const before = process.memoryUsage().rss;
    await expect(ingestFile(tmp.file('bomb.png', hugePngHeader()), opts)).rejects.toMatchObject({
      code: 'invalid_parameter',
      param: 'file',
      message: expect.stringContaining('at most 100,000,000 pixels'),
    });
    expect(process.memoryUsage().rss - before).toBeLessThan(100 * 1024 * 1024);
  });

  it('refuses a huge-dimension BMP from its header', async () => {
    const bmp = bmpFixture(4, 4);
    bmp.writeInt32LE(200_000, 18);
    bmp.writeInt32LE(200_000, 22);
    await expect(ingestFile(tmp.file('bomb.bmp', bmp), opts)).rejects.toMatchObject({
      param: 'file',
      message: 'The image is 200000×200000 pixels; at most 100,000,000 pixels are accepted.',
    });
  });

  it('refuses truncated images', async () => {
    const png = await imageFixture('png');
    await expect(ingestFile(tmp.file('cut.png', png.subarray(0, 60)), opts)).rejects.toMatchObject({
      param: 'file',
      message: expect.stringMatching(/^The PNG image cannot be read/),
    });
    const bmp = bmpFixture(40, 30);
    await expect(ingestFile(tmp.file('cut.bmp', bmp.subarray(0, 200)), opts)).rejects.toMatchObject({
      param: 'file',
      message: expect.stringMatching(/^The BMP image cannot be read/),
    });
  });
});
