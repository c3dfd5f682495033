/**
 * The engine contract: (page content, field spec, options) → rows with value
 * locations, or a failure with a code. Engines know nothing of batches,
 * accounts or credits. Everything here is plain data so it can cross a
 * worker-thread boundary (structured clone).
 */
import type { EInvoice } from '../einvoice/model.js';
import type { LayoutMemory } from './memory/model.js';

/** Normalized page box: 0..1 of page width/height, origin top-left, x1<x2, y1<y2. */
export interface Box {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

/** A word with its box, from the PDF text layer or from OCR. */
export interface Word {
  text: string;
  box: Box;
  /** OCR only: how sure the recognizer was of the word (0..1); text-layer words are as printed. */
  confidence?: number;
}

/** A straight ruling line (table border) in normalized coordinates; horizontal or vertical. */
export interface Rule {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

/** What a PDF page's text layer offers, already normalized to the page. */
export interface TextLayer {
  words: Word[];
  /** Vector ruling lines (drawn strokes and thin filled rectangles). */
  rules: Rule[];
  /** Placements of embedded raster images (photos, logos, signatures). */
  images: Box[];
}

/** One page as the engine receives it. */
export interface EnginePage {
  /**
   * Raster of the page (JPEG or PNG bytes); for PDFs rendered at PAGE_RENDER_DPI.
   * Null for a PDF page not painted (a usable text layer needs only `size`):
   * a caller that asks for what only pixels give (OCR, image regions, the
   * model engine) paints it first.
   */
  image: Uint8Array | null;
  /** Pixel size of the page's raster, painted or not; when absent it is read from `image`. */
  size?: { width: number; height: number };
  /** Text layer of a PDF page (null for raster uploads and pages without a text layer). */
  textLayer: TextLayer | null;
  /** The e-invoice the page's document was read from (an XML upload, a hybrid PDF), with this page's number. */
  einvoice?: PageInvoice;
}

export interface PageInvoice {
  invoice: EInvoice;
  /** The page (1-based) printing each invoice line (src/einvoice/line-pages.ts). */
  linePages: number[];
  /** 1-based page of the upload this page is. */
  page: number;
}

/** The page's raster, for the steps that read pixels; a page sent without one fails them with this error. */
export function pageImage(page: EnginePage): Uint8Array {
  if (!page.image) throw new Error('the page was sent without its image, which this request reads (OCR, image regions or the model engine)');
  return page.image;
}

/** DPI at which PDF pages are rasterized for storage, viewing and OCR (a fact of the page contract, named in units.ts). */
export { PAGE_RENDER_DPI } from './units.js';

export interface FieldSpec {
  name: string;
  /** Free text; empty string when unset. */
  formatRequirement: string;
}

export type Quality = 'fast' | 'high';

export interface ExtractRequest {
  /** Requested columns in output order; empty means "infer columns from the page". */
  fields: FieldSpec[];
  /** Template-wide format requirement applied to every field (field-level wins where they conflict). */
  globalFormatRequirement: string;
  quality: Quality;
  /** The account's layout memories (src/extract/memory): the layout engine reads a page of a known sender and layout with them first. */
  memories?: LayoutMemory[];
}

/** A located scalar value (null value = blank cell). */
export interface CellValue {
  value: string | null;
  box: Box | null;
  /** How sure the engine is of the value, 0..1 (label match, kind check, arithmetic, OCR); absent when it does not score. */
  confidence?: number;
}

/** A pure-location field's value (decisions.md: photo, signature, logo, ...). */
export interface ImageRegionValue {
  type: 'image_region';
  box: Box | null;
  /** As on CellValue. */
  confidence?: number;
}

export type ExtractedCell = CellValue | ImageRegionValue;

export type FailureCode = 'no_content' | 'engine_error';

export type ExtractResult = (
  | {
      ok: true;
      /** Column names in output order: the requested field names, or the inferred ones. */
      fields: string[];
      /** One object per row, keyed by every name in `fields`. */
      rows: Array<Record<string, ExtractedCell>>;
      /**
       * What the layout engine read off a page without a usable text layer (OCR words, rules, aspect), in the frame
       * its rules read: stored beside the result, so a correction's learning finds the values on the very words the
       * extraction saw instead of reading the page again (core/layout-memory/page-words.ts). A PageContent of
       * read/page-content.ts, spelled out: the contract imports nothing of the reader.
       */
      content?: { words: Word[]; rules: Rule[]; pictures: Box[]; aspect: number };
      /** The same words on the stored page image: a correction boxes a value a person set where the page prints it. */
      pageWords?: Word[];
    }
  | { ok: false; failure: { code: FailureCode; message: string } }
) & {
  /** What the page cost at a model server (the `openai` engine; absent for engines that call none). */
  usage?: EngineUsage;
};

export interface EngineUsage {
  engine: string;
  /** null for engines without a model (layout). */
  model: string | null;
  tokensIn: number;
  tokensOut: number;
  /** HTTP requests made, retries and the repair request included. */
  requests: number;
}

export interface Engine {
  readonly name: string;
  extract(page: EnginePage, request: ExtractRequest): Promise<ExtractResult>;
  /** Releases pooled resources (Tesseract workers, threads). */
  close?(): Promise<void>;
}

export function isImageRegion(cell: ExtractedCell): cell is ImageRegionValue {
  return (cell as ImageRegionValue).type === 'image_region';
}

/** A cell's value as text: '' for a blank, a missing cell or an image region. */
export function cellText(cell: ExtractedCell | undefined): string {
  return cell && !isImageRegion(cell) ? cell.value ?? '' : '';
}
