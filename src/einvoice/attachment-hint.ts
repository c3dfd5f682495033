/**
 * A quick look at a PDF's raw bytes, apart from the attachment reader so a
 * caller can skip loading it (pdf-lib, the XML readers) for the PDFs that
 * carry nothing: a PDF without these words has no attachment worth opening.
 */
export function mayCarryAttachment(pdf: Uint8Array): boolean {
  const b = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
  // Object streams may hide the catalog's keys, so a PDF that has them is opened too.
  return b.includes('/EmbeddedFiles') || b.includes('/AF') || b.includes('/ObjStm');
}
