import type { IngestProcessPool } from './ingest-process-pool.js';

/** How an upload is ingested (kept apart from types.ts: the process pool's own types come from there). */
export interface IngestOptions {
  /** Passwords to try on an encrypted PDF, in order (request password first, then the account's inbox passwords). */
  passwords: string[];
  /** Maximum pages per upload (50). */
  maxPages: number;
  /** Child processes that parse and render uploads; without them, everything runs in the calling thread. */
  processPool?: IngestProcessPool;
  /** Where intermediate files (converted .docx/.txt PDFs) go; the OS temp dir by default. */
  tempDir?: string;
  /** Read the e-invoice XML a PDF carries (DOCROWS_EINVOICE, on by default); XML uploads are read either way. */
  einvoice?: boolean;
  /**
   * Leave an unencrypted PDF's pages unpainted (`jpeg` null) for paintPdfPage
   * to paint from the same file when a page image is first wanted: a text
   * page is extracted from its words and size alone. An encrypted PDF is
   * painted at once (its password is not kept), as are converted .docx and
   * .txt files (the converted PDF is not kept).
   */
  paintLater?: boolean;
}
