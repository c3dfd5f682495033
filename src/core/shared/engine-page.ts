import type { DocumentRow } from '../../db/schema.js';
import type { PagedInvoice } from '../../einvoice/index.js';
import type { EnginePage, TextLayer } from '../../extract/types.js';
import type { BlobStore } from '../../storage/blob-store.js';

/** A document's page as the engine reads it: raster, text layer, e-invoice; null when the raster is no longer stored. */
export async function loadEnginePage(blobs: BlobStore, doc: DocumentRow): Promise<EnginePage | null> {
  if (!doc.image_key) return null;
  const image = await blobs.get(doc.image_key);
  if (!image) return null;
  const text = doc.text_layer_key ? await blobs.get(doc.text_layer_key) : null;
  const einvoice = doc.einvoice_key ? await blobs.get(doc.einvoice_key) : null;
  return {
    image,
    textLayer: text ? (JSON.parse(text.toString('utf8')) as TextLayer) : null,
    ...(einvoice ? { einvoice: { ...(JSON.parse(einvoice.toString('utf8')) as PagedInvoice), page: doc.page_number } } : {}),
  };
}
