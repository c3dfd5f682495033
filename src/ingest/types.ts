import type { PagedInvoice } from '../einvoice/index.js';
import type { TextLayer } from '../extract/types.js';

/** The file kinds an upload may be, decided by magic bytes. */
export type FileKind = 'jpeg' | 'png' | 'tiff' | 'webp' | 'gif' | 'bmp' | 'pdf' | 'docx' | 'txt' | 'xml';

/** One page ready to store: its raster, a thumbnail and (for PDFs) its text layer. */
export interface IngestedPage {
  /** Page raster as JPEG; null for a PDF page left to be painted on first use (IngestOptions.paintLater, paintPdfPage). */
  jpeg: Buffer | null;
  /** Small JPEG preview (long side ~ 320 px); null exactly when `jpeg` is. */
  thumbnail: Buffer | null;
  /** Pixel size of `jpeg` (painted or to be painted). */
  width: number;
  height: number;
  textLayer: TextLayer | null;
}

export interface IngestedUpload {
  kind: FileKind;
  /** `image`: one scalar document per page of a raster file; `paged`: PDF/docx/txt, always the array form. */
  form: 'image' | 'paged';
  pages: IngestedPage[];
  /** The e-invoice the upload is (an XML) or carries (a hybrid PDF's attachment), with the page of each line; null for every other file. */
  einvoice: PagedInvoice | null;
}
