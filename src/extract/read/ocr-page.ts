import sharp, { type Sharp } from 'sharp';
import type { Box, Quality, Rule, Word } from '../types.js';
import { inkRuns, pageInk, recognizeInBands } from './bands.js';
import { cropRows, halfTurn, median3, type GreyRaster } from './grey-raster.js';
import { binarize, detectPageGeometry, majority3, rotateQuarter, typicalLineHeight, type BinaryImage, type PageGeometry } from './page-geometry.js';
import { eraseRulingLines } from './erase-lines.js';
import { evenLight, isGreyPaper, whitenBackground } from './page-background.js';
import { findRasterRules } from './raster-rules.js';
import { mapWords, mergeColumnsReading, mergeReadings } from './merge-readings.js';
import { normalizeOcrWords, type OcrWord, type TesseractPool } from './tesseract-pool.js';
import { readInLanguage, type LanguageReading } from './language-reading.js';
import { applyContentCrop, findContentCrop, pageBoxOfCrop, type ContentCrop } from './content-crop.js';
import { ReadingBudget } from './reading-budget.js';
import { findPageQuad, frameBoxOfPage, pageSize, rectifyPage, type PageQuad } from './page-quad.js';
import { OCR_MODELS, type Lang } from '../lang/index.js';
import type { EngineSettings } from '../settings.js';
import { EXIF_FIRST_SWAPPED, HALF_TURN_DEGREES, half, QUARTER_TURN_DEGREES, quarterTurns, toRadians, WHITE } from '../units.js';

export interface OcrPage {
  /** Words in the upright, deskewed frame. */
  words: Word[];
  rules: Rule[];
  /** Width / height of the upright frame. */
  aspect: number;
  /** Maps a normalized box of the upright frame back onto the page image as stored. */
  toPageBox: (b: Box) => Box;
  orientation: number;
  skewDegrees: number;
  /** Mean word confidence of the reading (0..100). */
  confidence: number;
  /** The language the page was read in (told from its reading with the English model, language-reading.ts). */
  language: Lang;
}

/** A reading with the raster its words' boxes are normalized to, for a second reader (second-reading.ts). */
export type OcrPageWithRaster = OcrPage & { raster: GreyRaster };

/** A grey raster as sharp input. */
function fromGrey(r: GreyRaster): Sharp {
  return sharp(r.data, { raw: { width: r.width, height: r.height, channels: 1 } });
}

/** Runs a sharp pipeline that ends in one grey channel. */
async function toGrey(pipeline: Sharp): Promise<GreyRaster> {
  const { data, info } = await pipeline.raw().toBuffer({ resolveWithObject: true });
  if (info.channels !== 1) throw new Error(`expected a single grey channel, got ${info.channels}`);
  return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
}

function binarizeGrey(r: GreyRaster, settings: EngineSettings): BinaryImage {
  return binarize(r.data, r.width, r.height, settings);
}

/**
 * A binary copy at `longSide` for direction and skew: grain removed by a 3×3
 * majority vote on the binary, far cheaper than a median on grey.
 */
async function analysisBinary(r: GreyRaster, longSide: number, settings: EngineSettings): Promise<BinaryImage> {
  return majority3(binarizeGrey(await toGrey(fromGrey(r).resize(longSide, longSide, { fit: 'inside' }).toColourspace('b-w')), settings));
}

/**
 * A binary copy at `longSide` for ruling lines: a grey median keeps a thin
 * anti-aliased rule that a binary majority vote would wipe out.
 */
async function rulesBinary(r: GreyRaster, longSide: number, settings: EngineSettings): Promise<BinaryImage> {
  return binarizeGrey(await median3(await toGrey(fromGrey(r).resize(longSide, longSide, { fit: 'inside' }).toColourspace('b-w')), settings.read.ink.medianStripRows), settings);
}

/**
 * Visible ruling lines of an upright page raster, looked for on a copy scaled to `longSide`
 * (settings.read.scale.rulesLongSide: a thin rule breaks into pieces on a coarser copy).
 */
export async function findPageRules(image: GreyRaster, longSide: number, settings: EngineSettings): Promise<Rule[]> {
  return findRasterRules(await rulesBinary(image, longSide, settings), settings);
}

/** One decode: EXIF-upright (phones store sideways pixels with a rotation tag), scaled, grey. */
function decodeGrey(image: Uint8Array, width: number, height: number, maxPixels: number): Promise<GreyRaster> {
  return toGrey(sharp(image, { limitInputPixels: maxPixels }).rotate().resize(width, height).flatten({ background: '#ffffff' }).greyscale());
}

/** What a reading does to the decoded raster first; undefined when that reading is not worth making. */
type Prepare = (r: GreyRaster, settings: EngineSettings) => GreyRaster | undefined;

/** A photo of a page: the surface around the paper whitened and the light evened out; undefined when no surface surrounds the page. */
const cleanPhoto: Prepare = (r, settings) => {
  const whitened = whitenBackground(r, settings);
  return whitened === r ? undefined : evenLight(whitened, settings);
};

const asDecoded: Prepare = (r) => r;

/** A flat scan as decoded, its paper evened to white where it is grey (page-background.ts, isGreyPaper). */
const levelled: Prepare = (r, settings) => (isGreyPaper(r, settings) ? evenLight(r, settings) : r);

/**
 * Turns a raster clockwise by `angle` degrees on an expanded white canvas
 * (sharp's convention), first scaled to `size` when given: one pipeline, so a
 * page enlarged for small print is not copied out between the two steps.
 */
async function rotateRaster(r: GreyRaster, angle: number, size: { width: number; height: number } = r): Promise<GreyRaster> {
  const resized = size.width !== r.width || size.height !== r.height;
  if (angle === 0) return resized ? resizeRaster(r, size.width, size.height) : r;
  const pipeline = resized ? fromGrey(r).resize(size.width, size.height) : fromGrey(r);
  // Rotation with a background colour brings colour channels back; the recognizer wants one grey channel.
  return toGrey(pipeline.rotate(angle, { background: '#ffffff' }).removeAlpha().toColourspace('b-w'));
}

/** `r` sharpened (sharp's unsharp mask on the lightness, a Gaussian of `sigma` px), one grey channel. */
function sharpened(r: GreyRaster, sigma: number): Promise<GreyRaster> {
  return toGrey(fromGrey(r).sharpen({ sigma }).toColourspace('b-w'));
}

/** The page's scale for OCR at `quality` (settings.read.scale: its long side, clamped). */
function ocrScale(quality: Quality, longSide: number, settings: EngineSettings): number {
  const { maxEnlargement, minScale, ocrLongSide } = settings.read.scale;
  return Math.min(maxEnlargement[quality], Math.max(minScale, ocrLongSide[quality] / longSide));
}

/**
 * Reads a raster page: upright it (quarter turns), straighten small skew,
 * scale for OCR, recognize, and find visible ruling lines. `language` reads
 * with that language's model alone instead of telling it from the page.
 */
export async function ocrPage(image: Uint8Array, quality: Quality, pool: TesseractPool, settings: EngineSettings, language?: Lang): Promise<OcrPageWithRaster> {
  const budget = new ReadingBudget(settings.read.budget);
  const source = await decodePage(image, quality, settings);
  // A photographed page found and rectified (page-quad.ts) is read with its light evened first, and as it was only if
  // that reads poorly: no surface is left around it to whiten, but the light may still fall off across the paper, and
  // a shadow over part of it turns that part black under tesseract's one threshold (an invoice photo with a shadow
  // over its top right read as one word; evened, as its 96).
  const plain = (await readPage(source, quality, pool, language, source.quad ? evenLight : levelled, budget, settings))!;
  if (plain.confidence >= settings.read.orientation.confidentReading || !budget.affords(1)) return plain;
  // A photo that reads poorly is read again with the surface around the paper cleaned away (page-background.ts),
  // and the surer reading wins. Not always: on a blurred photo that reads well as it is, the cleaned raster read
  // worse (an invoice's letters: "Lampe" as "Lamne"), while a receipt photo read upside down at confidence 26 as
  // it was reads upright at 87 cleaned.
  const cleaned = await readPage(source, quality, pool, language, source.quad ? asDecoded : cleanPhoto, budget, settings);
  return cleaned && cleaned.confidence > plain.confidence ? cleaned : plain;
}

/**
 * A page image decoded once for every reading of it: its size as shown, the scale for OCR, the grey raster and its
 * content crop. A photographed page (page-quad.ts) is its rectified paper: size, scale and raster are the paper's,
 * `quad` maps them back onto the photo.
 */
interface DecodedPage {
  srcW: number;
  srcH: number;
  pageScale: number;
  raw: GreyRaster;
  crop: ContentCrop | undefined;
  /** The page's raster at another scale (`high` reads one at `fast`'s), rectified as `raw` is. */
  decodeAt: (scale: number) => Promise<GreyRaster>;
  quad: PageQuad | undefined;
}

async function decodePage(image: Uint8Array, quality: Quality, settings: EngineSettings): Promise<DecodedPage> {
  const meta = await sharp(image).metadata();
  const swapped = (meta.orientation ?? 1) >= EXIF_FIRST_SWAPPED;
  const srcW = (swapped ? meta.height : meta.width) ?? 1;
  const srcH = (swapped ? meta.width : meta.height) ?? 1;
  const pageScale = ocrScale(quality, Math.max(srcW, srcH), settings);
  const decodeAt = (scale: number) => decodeGrey(image, Math.round(srcW * scale), Math.round(srcH * scale), settings.read.scale.maxInputPixels);
  const raw = await decodeAt(pageScale);
  const quad = findPageQuad(raw, settings);
  if (quad) return rectifiedPage(quad, srcW, srcH, quality, decodeAt, settings);
  // A small document on a large scan is read alone (content-crop.ts); everything after works on its part of the page.
  // Cropped first: the surface a crop leaves out is none a photo's cleaning (cleanPhoto) has to whiten, and that
  // reading, made of the whole sheet, had read a receipt scan sideways for 108 s.
  return { srcW, srcH, pageScale, raw, crop: findContentCrop(raw, settings), decodeAt, quad: undefined };
}

/**
 * The paper of a photo, rectified: as if the page had been scanned at the photo's resolution. Its scale for OCR is
 * its own (the photo around it was larger), so the photo is decoded again at that scale before the warp.
 */
async function rectifiedPage(
  quad: PageQuad,
  frameW: number,
  frameH: number,
  quality: Quality,
  decodeFrame: (scale: number) => Promise<GreyRaster>,
  settings: EngineSettings,
): Promise<DecodedPage> {
  const { width: srcW, height: srcH } = pageSize(quad, frameW, frameH);
  const pageScale = ocrScale(quality, Math.max(srcW, srcH), settings);
  const decodeAt = async (scale: number) => {
    const frame = await decodeFrame(scale);
    return rectifyPage(frame, quad, Math.max(1, Math.round(srcW * scale)), Math.max(1, Math.round(srcH * scale)), WHITE);
  };
  return { srcW, srcH, pageScale, raw: await decodeAt(pageScale), crop: undefined, decodeAt, quad };
}

/** ocrPage on the decoded raster as `prepare` leaves it; undefined when `prepare` finds no reading worth making. */
async function readPage(
  { srcW, srcH, pageScale, raw, crop, decodeAt, quad }: DecodedPage,
  quality: Quality,
  pool: TesseractPool,
  language: Lang | undefined,
  prepare: Prepare,
  budget: ReadingBudget,
  settings: EngineSettings,
): Promise<OcrPageWithRaster | undefined> {
  const frame = (r: GreyRaster) => (crop ? applyContentCrop(r, crop) : r);
  const decoded = prepare(frame(raw), settings);
  if (!decoded) return undefined;
  const { geometry, lineHeight } = await pageGeometry(decoded, quality, settings);
  // Small print (a receipt, a low-resolution scan) is enlarged further; the page's direction and skew stay as measured.
  const enlarge = smallTextEnlargement(lineHeight, pageScale, settings);
  const scale = pageScale * enlarge;
  const grown = crop ? { width: decoded.width * enlarge, height: decoded.height * enlarge } : { width: srcW * scale, height: srcH * scale };
  const scaled = enlarge > 1 ? { width: Math.round(grown.width), height: Math.round(grown.height) } : { width: decoded.width, height: decoded.height };
  // The print's resolution is the page's, cropped or not.
  const dpi = estimateDpi(Math.round(srcW * scale), Math.round(srcH * scale), settings);
  const [measuredAxis, otherAxis] = [{ quarters: geometry.quarters, skew: geometry.skew }, { quarters: 1 - geometry.quarters, skew: geometry.otherSkew }];
  const axes = geometry.axisSure ? [measuredAxis] : [measuredAxis, otherAxis];
  const angleOf = (a: { quarters: number; skew: number }) => straighteningAngle(a.quarters, a.skew, settings);
  const angles = axes.map(angleOf);
  // A photographed page is sharpened for the recognizer: a hand-held camera's blur at a phone's resolution runs
  // the strokes of small print together, and letters read as others (settings.read.pageQuad.sharpenSigma).
  const { sharpenSigma } = settings.read.pageQuad;
  const straightenedAt = async (angle: number): Promise<GreyRaster> => {
    const r = await rotateRaster(decoded, angle, scaled);
    return quad && sharpenSigma > 0 ? sharpened(r, sharpenSigma) : r;
  };
  const turned = await Promise.all(angles.map(straightenedAt));
  let pick: Pick;
  let reading: Reading;
  if (quality === 'high') {
    // A sample read always settles the orientation first: `high` reads the page three times anyway.
    pick = await pickUpright(turned, pool, dpi, settings);
    const fastScale = ocrScale('fast', Math.max(srcW, srcH), settings) * enlarge;
    reading = await readUpright(turned[pick.index], pick.halfTurn, pool, dpi, language, budget, settings);
    ({ pick, reading } = await confirmPick(pick, reading, turned, pool, dpi, language, budget, settings));
    if (fastScale / scale <= settings.read.scale.coarseScaleShare) {
      // `fast`'s raster of the page: decoded at its size, straightened by its own skew on the axis picked here.
      const fastRaster = async (): Promise<TurnedRaster> => {
        const framed = frame(await decodeAt(fastScale));
        const grey = prepare(framed, settings) ?? framed;
        const { geometry: own } = await pageGeometry(grey, 'fast', settings);
        const quarters = axes[pick.index].quarters;
        const angle = straighteningAngle(quarters, own.quarters === quarters ? own.skew : own.otherSkew, settings);
        const turnedOwn = await rotateRaster(grey, angle);
        return { image: pick.halfTurn ? halfTurn(turnedOwn) : turnedOwn, degrees: angles[pick.index] - angle };
      };
      reading = await addCoarseReadings(reading, fastScale / scale, fastRaster, pool, dpi, settings);
    }
  } else {
    // When the two direction measures disagree, a sample read decides the direction (and upright vs upside down).
    pick = turned.length > 1 ? await pickUpright(turned, pool, dpi, settings) : { index: 0, halfTurn: false };
    reading = await readUpright(turned[pick.index], pick.halfTurn, pool, dpi, language, budget, settings);
    // Pages are mostly stored upright; one that reads as poorly as a page read upside down may be one, which a
    // sample read both ways tells before a second full read (a poor scan that is upright is not read twice). A
    // poor scan that reads better than that is upright: the sample is not read (settings.read.orientation.upsideDownBelow).
    if (turned.length === 1) {
      const suspect = reading.confidence < settings.read.orientation.upsideDownBelow && budget.affords(1);
      // A photographed page's paper says nothing of its text's direction, and a sparse table's columns under a
      // shadow can pass for its lines: one reading so poorly is sampled on its other axis too (a photographed
      // invoice read across its lines as noise, then by its columns as vertical text at 93, each word boxed on end).
      if (suspect && quad) {
        axes.push(otherAxis);
        angles.push(angleOf(otherAxis));
        turned.push(await straightenedAt(angles[1]));
      }
      const check = suspect ? await pickUpright(turned, pool, dpi, settings) : undefined;
      if (check && (check.halfTurn || check.index > 0)) ({ pick, reading } = await betterReading({ pick, reading }, check, turned, pool, dpi, language, budget, settings));
    } else {
      ({ pick, reading } = await confirmPick(pick, reading, turned, pool, dpi, language, budget, settings));
    }
  }
  // A photographed page is read a second way, its blocks and columns found first, where the budget leaves a reading.
  if (quad && settings.read.pageQuad.columnsReading && budget.affords(1)) {
    reading = await withColumnsRead(reading, pool, dpi, settings);
    budget.spend(1);
  }
  const angle = angles[pick.index] + (pick.halfTurn ? HALF_TURN_DEGREES : 0);
  const { width, height } = reading.image;
  const toFrame = boxMapper(angle, scaled.width, scaled.height, width, height);
  return {
    words: normalizeOcrWords(reading.words, width, height, settings),
    rules: reading.rules,
    aspect: width / height,
    toPageBox: quad ? (b) => frameBoxOfPage(quad, toFrame(b)) : crop ? (b) => pageBoxOfCrop(crop, toFrame(b)) : toFrame,
    orientation: quarterTurns(Math.round(angle / QUARTER_TURN_DEGREES)),
    skewDegrees: axes[pick.index].quarters * QUARTER_TURN_DEGREES - angles[pick.index],
    confidence: reading.confidence,
    language: reading.language,
    raster: reading.image,
  };
}

interface Pick {
  /** Index of the candidate raster. */
  index: number;
  halfTurn: boolean;
}

interface Reading {
  /** The raster the words' pixel boxes refer to. */
  image: GreyRaster;
  words: OcrWord[];
  rules: Rule[];
  confidence: number;
  language: Lang;
}

interface Choice {
  pick: Pick;
  reading: Reading;
}

/**
 * Reads the page as `alternative` and keeps whichever full reading is more
 * confident. The alternative tells its own language unless one was given: a
 * page read the wrong way up tells none.
 */
async function betterReading(
  current: Choice,
  alternative: Pick,
  turned: GreyRaster[],
  pool: TesseractPool,
  dpi: number,
  language: Lang | undefined,
  budget: ReadingBudget,
  settings: EngineSettings,
): Promise<Choice> {
  const reading = await readUpright(turned[alternative.index], alternative.halfTurn, pool, dpi, language, budget, settings);
  return reading.confidence > current.reading.confidence ? { pick: alternative, reading } : current;
}

/**
 * The probe decides from a few lines, which can mislead it: a receipt's blank
 * or stamped top, a column of digits, garbage read off a page turned on its
 * side. When the page so turned then reads poorly, it is also read as the
 * page geometry first had it (most pages are stored upright) and the more
 * confident full reading wins.
 */
function confirmPick(
  pick: Pick,
  reading: Reading,
  turned: GreyRaster[],
  pool: TesseractPool,
  dpi: number,
  language: Lang | undefined,
  budget: ReadingBudget,
  settings: EngineSettings,
): Promise<Choice> {
  const primary: Pick = { index: 0, halfTurn: false };
  const settled = reading.confidence >= settings.read.orientation.confidentReading || (pick.index === primary.index && pick.halfTurn === primary.halfTurn);
  if (settled || !budget.affords(1)) return Promise.resolve({ pick, reading });
  return betterReading({ pick, reading }, primary, turned, pool, dpi, language, budget, settings);
}

/**
 * Ruling lines erased: tesseract reads nothing inside a boxed grid. Read in
 * `language`, or in the one the page tells, with at most `maxFull` whole readings.
 */
function recognizeErased(image: GreyRaster, pool: TesseractPool, dpi: number, language: Lang | undefined, maxFull: number, settings: EngineSettings): Promise<LanguageReading> {
  return readInLanguage(pool, erasedCopy(image, settings), dpi, settings, language, maxFull);
}

/** A copy of a raster with its ruling lines erased; the raster itself stays as it is (other readings use it). */
function erasedCopy(image: GreyRaster, settings: EngineSettings): GreyRaster {
  const erased = { ...image, data: image.data.slice() };
  eraseRulingLines(erased.data, erased.width, erased.height, settings);
  return erased;
}

/**
 * A reading with the page read again by tesseract's own page analysis (PageLayout `auto`: blocks and columns found
 * first) in the language it told, the two merged word by word (mergeReadings: the surer reading of each word, and a
 * confident word only one saw). Read as one uniform block, a table whose descriptions run over two lines with the
 * figures set between them has those lines' words laid into one text line (a photographed invoice read "Papier A4 80
 * g, ramette" over "SN 7086-8589" as "Sue he" at confidence 26, and lost most such records); read by columns, the
 * descriptions come whole, while the block reading keeps the lone digits of a narrow quantity column that the page
 * analysis drops.
 */
async function withColumnsRead(reading: Reading, pool: TesseractPool, dpi: number, settings: EngineSettings): Promise<Reading> {
  const byColumns = await recognizeInBands(pool, erasedCopy(reading.image, settings), dpi, settings, OCR_MODELS[reading.language], undefined, undefined, 'auto');
  const words = mergeColumnsReading(reading.words, byColumns, settings);
  return { ...reading, words, confidence: meanConfidence(words, settings) };
}

/** Recognizes a turned page (optionally by another 180°) in `language` or the one it tells, and finds its ruling lines. */
async function readUpright(turned: GreyRaster, flip: boolean, pool: TesseractPool, dpi: number, language: Lang | undefined, budget: ReadingBudget, settings: EngineSettings): Promise<Reading> {
  const image = flip ? halfTurn(turned) : turned;
  // Ruling lines come from the raster before erasure, found while the workers recognize. Asked for first: their
  // copy is scaled on sharp's threads while this one erases the lines of the raster to be read.
  const rules = findPageRules(image, settings.read.scale.rulesLongSide, settings);
  const [{ words, language: told, fullReadings }, found] = await Promise.all([recognizeErased(image, pool, dpi, language, budget.left(), settings), rules]);
  budget.spend(fullReadings);
  return { image, words, rules: found, confidence: meanConfidence(words, settings), language: told };
}

/** Direction and skew of a page, searched as finely as `quality` asks, and the typical height of its text lines in pixels of `scaled`. */
async function pageGeometry(scaled: GreyRaster, quality: Quality, settings: EngineSettings): Promise<{ geometry: PageGeometry; lineHeight: number }> {
  const binary = await analysisBinary(scaled, settings.read.scale.analysisLongSide, settings);
  const geometry = detectPageGeometry(binary, settings.read.geometry.skewSearch[quality], settings);
  const turned = geometry.quarters ? rotateQuarter(binary, geometry.quarters) : binary;
  const lineHeight = typicalLineHeight(turned, geometry.skew, settings) * (Math.max(scaled.width, scaled.height) / Math.max(binary.width, binary.height));
  return { geometry, lineHeight };
}

/**
 * How much more than `pageScale` a page with lines of `lineHeight` pixels (at that scale) is enlarged: 1 for none.
 * Small print is enlarged to settings.read.scale.minLineHeightPx: tesseract misreads small print it reads well larger.
 */
function smallTextEnlargement(lineHeight: number, pageScale: number, settings: EngineSettings): number {
  if (lineHeight <= 0) return 1;
  const { minLineHeightPx, maxTextScale, minEnlargement } = settings.read.scale;
  const enlarge = Math.min(minLineHeightPx / lineHeight, maxTextScale / pageScale);
  return enlarge >= minEnlargement ? enlarge : 1;
}

/** sharp turns clockwise for positive angles; the skew straightens counter-clockwise. Tiny skews are left alone. */
function straighteningAngle(quarters: number, skew: number, settings: EngineSettings): number {
  return quarters * QUARTER_TURN_DEGREES - (Math.abs(skew) >= settings.read.geometry.minStraightenDegrees ? skew : 0);
}

/** A raster of the page turned `degrees` less than the one it is read alongside. */
interface TurnedRaster {
  image: GreyRaster;
  degrees: number;
}

/**
 * `high`: the fine reading (~300 dpi) merged word by word with two readings
 * at the `fast` resolution: the fine raster scaled by `coarse`, and `fast`'s
 * own raster (decoded at its size, straightened by its own skew). Small print
 * reads better finer, blurred or noisy print often coarser, and which one
 * wins changes from word to word, not page to page; a 0.05° turn or one more
 * resampling is enough to change a word (`2,017.66` read as `2,017 266`), so
 * with `fast`'s own reading among them `high` reads every word `fast` reads.
 */
async function addCoarseReadings(
  fine: Reading,
  coarse: number,
  fastRaster: () => Promise<TurnedRaster>,
  pool: TesseractPool,
  dpi: number,
  settings: EngineSettings,
): Promise<Reading> {
  const [small, own] = await Promise.all([
    resizeRaster(fine.image, Math.round(fine.image.width * coarse), Math.round(fine.image.height * coarse)),
    fastRaster(),
  ]);
  // Both in the language the fine reading told.
  const [rough, fastWords] = (
    await Promise.all([recognizeErased(small, pool, dpi * coarse, fine.language, 1, settings), recognizeErased(own.image, pool, dpi * coarse, fine.language, 1, settings)])
  ).map((r) => r.words);
  const words = mergeReadings(
    mergeReadings(fine.words, mapWords(rough, small, fine.image), settings),
    mapWords(fastWords, own.image, fine.image, own.degrees),
    settings,
  );
  return { ...fine, words, confidence: meanConfidence(words, settings) };
}

function resizeRaster(r: GreyRaster, width: number, height: number): Promise<GreyRaster> {
  return toGrey(fromGrey(r).resize(width, height).toColourspace('b-w'));
}

/**
 * Ink statistics can't tell upright from upside down reliably (tables of
 * digits, bold headings, noisy scans), so the recognizer decides on a sample:
 * the first few text lines of each candidate raster, read as they are and
 * turned by 180°, all at once on the pool's workers. The first candidate as
 * is wins unless another reads clearly better.
 */
export async function pickUpright(candidates: GreyRaster[], pool: TesseractPool, dpi: number, settings: EngineSettings): Promise<Pick> {
  const options = candidates.flatMap((_, index) => [{ index, halfTurn: false }, { index, halfTurn: true }]);
  const probes = candidates.map((r) => probeCrop(r, dpi, settings));
  const scores = await Promise.all(
    options.map(async (o) => readability(await pool.recognize(o.halfTurn ? halfTurn(probes[o.index]) : probes[o.index], dpi))),
  );
  let best = 0;
  for (let i = 1; i < options.length; i++) if (scores[i] > scores[best]) best = i;
  return scores[best] > scores[0] * settings.read.orientation.clearlyMoreReadable ? options[best] : options[0];
}

/** The first text lines of a page (settings.read.orientation: how many, at most how much of it), ruling lines erased. */
export function probeCrop(r: GreyRaster, dpi: number, settings: EngineSettings): GreyRaster {
  const { probeMinLineShare, probePadPx, probeLines, probeMaxInches } = settings.read.orientation;
  const { ink, noise } = pageInk(r, settings);
  const runs = inkRuns(ink, noise)
    // Specks and rules are no text lines.
    .filter((run) => run.y1 - run.y0 >= r.height * probeMinLineShare);
  if (runs.length === 0) return r;
  const y0 = Math.max(0, runs[0].y0 - probePadPx);
  const last = runs[Math.min(runs.length, probeLines) - 1].y1;
  const y1 = Math.min(r.height, Math.max(last + probePadPx, y0 + 1), y0 + Math.ceil(dpi * probeMaxInches));
  const crop = cropRows(r, y0, y1);
  eraseRulingLines(crop.data, crop.width, crop.height, settings);
  return crop;
}

/** The page's resolution from its size: pages are mostly Letter/A4 (settings.read.dpi). */
function estimateDpi(width: number, height: number, settings: EngineSettings): number {
  const { min, max, pageLongInches } = settings.read.dpi;
  return Math.min(max, Math.max(min, Math.max(width, height) / pageLongInches));
}

function meanConfidence(words: Array<{ text: string; confidence: number }>, settings: EngineSettings): number {
  const real = words.filter((w) => /[\p{L}\p{N}]{2,}/u.test(w.text));
  return real.length >= settings.read.minWordsForConfidence ? real.reduce((n, w) => n + w.confidence, 0) / real.length : 0;
}

/** How convincingly a page reads: confidence-weighted length of real words. */
function readability(words: Array<{ text: string; confidence: number }>): number {
  return words.filter((w) => /[\p{L}\p{N}]{2,}/u.test(w.text)).reduce((n, w) => n + w.confidence * w.text.length, 0);
}

/**
 * Inverse of sharp's rotate-with-expanded-canvas: a point of the rotated image
 * goes back through the rotation about the centres into the source image.
 */
export function boxMapper(angleDeg: number, srcW: number, srcH: number, outW: number, outH: number): (b: Box) => Box {
  if (angleDeg === 0) return (b) => b;
  const a = toRadians(angleDeg);
  const cos = Math.cos(a);
  const sin = Math.sin(a);
  const map = (nx: number, ny: number): [number, number] => {
    const dx = nx * outW - half(outW);
    const dy = ny * outH - half(outH);
    // Clockwise rotation in y-down coordinates, inverted.
    const x = dx * cos + dy * sin + half(srcW);
    const y = -dx * sin + dy * cos + half(srcH);
    return [x / srcW, y / srcH];
  };
  return (b) => {
    const pts = [map(b.x1, b.y1), map(b.x2, b.y1), map(b.x1, b.y2), map(b.x2, b.y2)];
    const xs = pts.map((p) => Math.min(1, Math.max(0, p[0])));
    const ys = pts.map((p) => Math.min(1, Math.max(0, p[1])));
    return { x1: Math.min(...xs), y1: Math.min(...ys), x2: Math.max(...xs), y2: Math.max(...ys) };
  };
}
