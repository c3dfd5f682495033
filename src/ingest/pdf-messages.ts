/** The answers a PDF upload gets when it cannot be read, shared by the opener and the page readers. */
export const CORRUPT_PDF_MESSAGE = 'The PDF is corrupt or truncated and cannot be read.';
