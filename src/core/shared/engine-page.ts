import type { DocumentRow } from '../../db/schema.js';
import type { PagedInvoice } from '../../einvoice/index.js';
import type { EnginePage, TextLayer } from '../../extract/types.js';
import type { Services } from '../../services.js';
import { pageImageBytes } from './page-images.js';

/**
 * A document's page as the engine reads it: raster, text layer, e-invoice;
 * null when the page is no longer stored. A page left unpainted at upload
 * comes with `image` null and its `size`, unless `readsPixels` says the
 * caller reads its pixels: then it is painted first (page-images.ts).
 */
export async function loadEnginePage(services: Services, doc: DocumentRow, readsPixels: (page: EnginePage) => boolean): Promise<EnginePage | null> {
  if (!doc.image_key) return null;
  const { blobs } = services;
  const text = doc.text_layer_key ? await blobs.get(doc.text_layer_key) : null;
  const einvoice = doc.einvoice_key ? await blobs.get(doc.einvoice_key) : null;
  const page: EnginePage = {
    image: await blobs.get(doc.image_key),
    size: { width: doc.width, height: doc.height },
    textLayer: text ? (JSON.parse(text.toString('utf8')) as TextLayer) : null,
    ...(einvoice ? { einvoice: { ...(JSON.parse(einvoice.toString('utf8')) as PagedInvoice), page: doc.page_number } } : {}),
  };
  if (page.image || !readsPixels(page)) return page;
  page.image = await pageImageBytes(services, doc);
  return page.image ? page : null;
}
