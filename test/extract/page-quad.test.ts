import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { generateBusinessDoc, KINDS, LANGS, type BusinessKind, type Lang } from '../../bench/lib/business/index.js';
import { mix } from '../../bench/lib/business/random.js';
import { ingestPages, randomScanOptions, scanPages, type PhoneFrame } from '../../bench/lib/business/scan.js';
import type { GreyRaster } from '../../src/extract/read/grey-raster.js';
import { findPageQuad } from '../../src/extract/read/page-quad.js';
import { createLayoutEngine } from '../../src/extract/index.js';
import { createPageReader } from '../../src/extract/read/page-reader.js';
import type { EnginePage, ExtractResult } from '../../src/extract/types.js';
import { pageImage } from '../../src/extract/types.js';
import { DEFAULT_SETTINGS, withSettings } from '../../src/extract/settings.js';

/**
 * A phone photo of a page (the paper a quadrilateral on a table, turned past
 * the skew the read stage straightens, seen at a slant in both axes) is read
 * from its rectified paper (src/extract/read/page-quad.ts); a flatbed scan and
 * a born-digital raster are read exactly as before.
 */
const PHOTO: PhoneFrame = { fill: 0.72, x: 0.3, y: 0.6, turn: 11, slant: 0.04, surface: 'wood', surfaceGrey: 110, paperGrey: 0.93 };
/** The step off: a paper that must cover at most 0% of the photo is never found. */
const NO_QUAD = { read: { pageQuad: { maxAreaShare: 0 } } };

const norm = (v: string | null | undefined) => (v ?? '').replace(/\s+/g, ' ').trim().toLowerCase();
const rowsOf = (res: ExtractResult, keys: string[]) => (res.ok ? res.rows.map((r) => keys.map((k) => norm(r[k] && 'value' in r[k] ? r[k].value : '')).join(' | ')) : []);

/** One engine and one reader with the default settings for the whole file: each starts its OCR workers and models once. */
const engine = createLayoutEngine();
const reader = createPageReader();
afterAll(async () => {
  await Promise.all([engine.close?.(), reader.close()]);
});

describe('a phone photo: the page found and rectified before it is read', () => {
  const plain = createLayoutEngine({ settings: NO_QUAD });
  const plainReader = createPageReader({ settings: withSettings(NO_QUAD) });
  afterAll(async () => {
    await Promise.all([plain.close?.(), plainReader.close()]);
  });

  it('reads the invoice table of a slanted photo right, and wrong without the rectification', { timeout: 600_000 }, async () => {
    const doc = await generateBusinessDoc({ seed: 4, kind: 'invoice', lang: 'en', plainFields: true });
    const [photo] = await scanPages(doc.pdf, { ...randomScanOptions(4), kind: 'phone', dpi: 200, blur: 0, noise: 4, jpegQuality: 85, light: 0.85, shadow: 0, frame: PHOTO }, 4);
    const truth = doc.lines.map((row) => doc.lineColumns.map((k) => norm(row[k])).join(' | '));
    const ask = (e: typeof engine, page: EnginePage) => e.extract(page, { fields: doc.lineColumns.map((name) => ({ name, formatRequirement: '' })), globalFormatRequirement: '', quality: 'fast' });
    const [rectified, asPhotographed] = await Promise.all([ask(engine, photo), ask(plain, photo)]);
    // Its first page prints 22 of the invoice's rows: read from the rectified paper nearly all are right to the
    // cell (one "5" read as ">" on a run), read as photographed none is (the page turned past the skew search).
    const right = (res: ExtractResult) => rowsOf(res, doc.lineColumns).filter((row) => truth.includes(row)).length;
    expect(right(rectified)).toBeGreaterThanOrEqual(19);
    expect(right(asPhotographed)).toBeLessThanOrEqual(2);
    // Words come back boxed on the photo as stored: on the paper, which lies right of and below the photo's first fifth.
    const words = await reader.ocrWords(pageImage(photo), 'fast');
    const total = words.find((w) => /^total/i.test(w.text));
    expect(total).toBeDefined();
    expect(Math.min(...words.map((w) => w.box.x1))).toBeGreaterThan(0.05);
    expect(Math.min(...words.map((w) => w.box.y1))).toBeGreaterThan(0.05);
  });

  it('reads a flatbed scan and a born-digital page word for word as without the step', { timeout: 600_000 }, async () => {
    const doc = await generateBusinessDoc({ seed: 9, kind: 'receipt', lang: 'en' });
    const [digital] = await ingestPages(doc.pdf);
    const [scan] = await scanPages(doc.pdf, { ...randomScanOptions(9), kind: 'flatbed' }, 9);
    for (const page of [scan, digital]) {
      const [withStep, without] = await Promise.all([reader.ocrWords(pageImage(page), 'fast'), plainReader.ocrWords(pageImage(page), 'fast')]);
      expect(withStep.length).toBeGreaterThan(20);
      expect(withStep).toEqual(without);
    }
  });
});

/** A photo the business bench draws for a document (bench/lib/business/bench.ts): its first page, receipts' records as the test was written for. */
async function benchPhoto(kind: BusinessKind, lang: Lang, seed: number): Promise<EnginePage> {
  const doc = await generateBusinessDoc({ seed, kind, lang, plainRecords: true });
  const scanSeed = mix(seed, KINDS.indexOf(kind) * 16 + LANGS.indexOf(lang) + 0x5ca7);
  const [photo] = await scanPages(doc.pdf, randomScanOptions(scanSeed), scanSeed);
  return photo;
}

/** A photo decoded grey at the read stage's `fast` size (2400 px on the long side). */
async function greyFrame(page: EnginePage): Promise<GreyRaster> {
  const { data, info } = await sharp(pageImage(page)).resize(2400, 2400, { fit: 'inside' }).greyscale().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data) };
}

describe('a phone photo that cut off part of the page, or cast a shadow over it', () => {
  it('finds the page of a photo whose paper runs off one edge of the frame, and none where it may touch no edge', { timeout: 120_000 }, async () => {
    // The price list's foot runs off the photo's bottom edge; its top and sides lie on the table, turned about 10°.
    const frame = await greyFrame(await benchPhoto('price_list', 'en', 3));
    const quad = findPageQuad(frame, DEFAULT_SETTINGS);
    expect(quad).toBeDefined();
    expect(Math.max(...quad!.map((p) => p.y))).toBeGreaterThan(0.95);
    expect(Math.min(...quad!.map((p) => p.y))).toBeLessThan(0.25);
    expect(findPageQuad(frame, withSettings({ read: { pageQuad: { maxEdgesTouched: 0 } } }))).toBeUndefined();
  });

  it('follows the paper into a shadow over part of it: a receipt photo shaded across its top left is found whole and read', { timeout: 600_000 }, async () => {
    // Turned about 15° on a table, a hand's shadow over its upper left: lit alone, the paper is a five-sided piece
    // (no page, so it was read as photographed, turned past the skew search, and read as noise).
    const photo = await benchPhoto('receipt', 'pt', 3);
    const frame = await greyFrame(photo);
    const quad = findPageQuad(frame, DEFAULT_SETTINGS);
    expect(quad).toBeDefined();
    const ys = quad!.map((p) => p.y);
    expect(Math.min(...ys)).toBeLessThan(0.2);
    expect(Math.max(...ys)).toBeGreaterThan(0.85);
    expect(findPageQuad(frame, withSettings({ read: { pageQuad: { shadeGradient: 0 } } }))).toBeUndefined();
    const words = (await reader.ocrWords(pageImage(photo), 'fast')).map((w) => w.text);
    expect(words.length).toBeGreaterThan(25);
    // Sharpened (settings.read.pageQuad.sharpenSigma) its total's label and the street read as printed (unsharpened
    // "TUIAL", "Ranrhlica"); its date reads in two pieces ("26/1" "0/2025") where it read whole.
    expect(words).toEqual(expect.arrayContaining(['CONCEIÇÃO', 'República', 'Porto', 'Leite', 'TOTAL', '6,54', '0,87', '7,41']));
  });

  it('does not follow a shade onto the surface: a photo whose shaded paper meets the table at the same grey keeps no page', { timeout: 120_000 }, async () => {
    // An Italian purchase order, its lower left in a shadow as dark as the table beside it: followed, the shade
    // ran over the whole table to the frame, which is no page; the lit part alone is none either.
    expect(findPageQuad(await greyFrame(await benchPhoto('purchase_order', 'it', 3)), DEFAULT_SETTINGS)).toBeUndefined();
  });

  it('finds a page in two lights: a shadow with a sharp edge over most of the paper, the lit part a band', { timeout: 600_000 }, async () => {
    // A German utility bill on a wooden table, turned 10°, its printed upper two thirds in a shadow of 0.45 whose edge
    // is too sharp to follow: lit alone, the paper is a band too small for a page, so the whole photo was read and
    // the table's grain came back as text (no line item, one field of 19 right).
    const photo = await benchPhoto('utility_bill', 'de', 7);
    const quad = findPageQuad(await greyFrame(photo), DEFAULT_SETTINGS);
    expect(quad).toBeDefined();
    const ys = quad!.map((p) => p.y);
    const xs = quad!.map((p) => p.x);
    // The paper lies in the photo's upper left: from near its top to two thirds down, from its left edge to past the middle.
    expect(Math.min(...ys)).toBeLessThan(0.1);
    expect(Math.max(...ys)).toBeGreaterThan(0.6);
    expect(Math.max(...ys)).toBeLessThan(0.75);
    expect(Math.min(...xs)).toBeLessThan(0.05);
    expect(Math.max(...xs)).toBeLessThan(0.6);
    const words = (await reader.ocrWords(pageImage(photo), 'fast')).map((w) => w.text);
    expect(words).toEqual(expect.arrayContaining(['Rechnungsbetrag', 'Arbeitspreis', 'WARENWERT']));
  });

  it('reads a rectified photo with a shadow across its paper, its light evened first', { timeout: 600_000 }, async () => {
    // An Italian invoice on a table, a shadow's edge across its top right: as it was, the one threshold of the
    // recognizer turns the shadowed paper black and one word was read.
    const words = await reader.ocrWords(pageImage(await benchPhoto('invoice', 'it', 3)), 'fast');
    expect(words.length).toBeGreaterThan(60);
    expect(words.map((w) => w.text)).toEqual(expect.arrayContaining(['Cedente', 'IBAN:', 'Roma']));
  });

  it('reads the small print of a blurred photo sharpened: a bank statement whose letters ran together', { timeout: 600_000 }, async () => {
    // A German bank statement at 150 dpi, blurred by 0.9 px: unsharpened its rows read "Veirsicherungsbeiiag",
    // "Barneldauszahlung", "1astschrift" and its header "Veiwenuungszssch Rzisszung Guischnn".
    const words = (await reader.ocrWords(pageImage(await benchPhoto('bank_statement', 'de', 3)), 'fast')).map((w) => w.text);
    expect(words).toEqual(expect.arrayContaining(['Verwendungszweck', 'Belastung', 'Gutschrift', 'Versicherungsbeitrag', 'Bargeldauszahlung', 'Lastschrift']));
  });
});

describe('a photographed table whose records run over two lines', () => {
  const oneWay = createLayoutEngine({ settings: { read: { pageQuad: { columnsReading: false } } } });
  afterAll(async () => {
    await oneWay.close?.();
  });

  it('reads the descriptions whole: the page read again by its columns and the readings merged', { timeout: 600_000 }, async () => {
    // A French invoice photographed on a table, turned 8°: each item's description over a second line (its reference),
    // the quantity and amounts set between the two. Read as one block of text lines, tesseract laid the two lines'
    // words into one and read them as noise ("Papier A4 80 g, ramette" as "Sue he", "Lampe de bureau à LED" as "à").
    const doc = await generateBusinessDoc({ seed: 3, kind: 'invoice', lang: 'fr', plainRecords: true });
    const photo = await benchPhoto('invoice', 'fr', 3);
    const ask = (e: typeof engine) => e.extract(photo, { fields: [{ name: 'description', formatRequirement: '' }], globalFormatRequirement: '', quality: 'fast' });
    const [both, blockOnly] = await Promise.all([ask(engine), ask(oneWay)]);
    const printed = new Set(doc.lines.map((row) => norm(row.description)));
    const right = (res: ExtractResult) => rowsOf(res, ['description']).filter((d) => printed.has(d)).length;
    expect(right(both)).toBeGreaterThanOrEqual(right(blockOnly) + 6);
  });
});
