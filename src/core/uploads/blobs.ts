/** Blob layout of an upload: `acct/<account>/<upload>/original`, per page image, thumbnail and text layer, and an e-invoice's model. */
import type { PagedInvoice } from '../../einvoice/index.js';
import type { IngestedPage } from '../../ingest/types.js';
import type { BlobStore } from '../../storage/blob-store.js';

export const uploadPrefix = (accountId: number, uploadId: string): string => `acct/${accountId}/${uploadId}/`;

/**
 * The words the layout engine read off a page by OCR (core/layout-memory/page-words.ts), beside the page's image under
 * the upload's prefix: deleting the batch deletes them with the prefix, a retention purge with the page's image.
 */
export const pageWordsKey = (imageKey: string): string => `${imageKey.replace(/\.jpg$/, '')}.words.json.gz`;

interface StoredPageKeys {
  image: string;
  thumb: string;
  textLayer: string | null;
}

export interface StoredUploadKeys {
  original: string;
  pages: StoredPageKeys[];
  einvoice: string | null;
}

/**
 * Writes the original file and every page's blobs. The caller reserved the
 * prefix (blob-sweeps.ts) and removes it if anything fails.
 */
export async function storeUploadBlobs(
  blobs: BlobStore, accountId: number, uploadId: string, originalPath: string, pages: IngestedPage[], einvoice: PagedInvoice | null,
): Promise<StoredUploadKeys> {
  const prefix = uploadPrefix(accountId, uploadId);
  const keys: StoredUploadKeys = {
    original: `${prefix}original`,
    pages: pages.map((p, i) => ({
      image: `${prefix}p${i + 1}.jpg`,
      thumb: `${prefix}p${i + 1}.thumb.jpg`,
      textLayer: p.textLayer ? `${prefix}p${i + 1}.text.json` : null,
    })),
    einvoice: einvoice ? `${prefix}einvoice.json` : null,
  };
  await blobs.putFile(keys.original, originalPath, 'application/octet-stream');
  if (keys.einvoice) await blobs.put(keys.einvoice, Buffer.from(JSON.stringify(einvoice)), 'application/json');
  // A few pages at a time: bounded parallelism keeps S3 latency hidden without a burst of 150 writes.
  for (let i = 0; i < pages.length; i += 8) {
    await Promise.all(pages.slice(i, i + 8).flatMap((page, j) => {
      const k = keys.pages[i + j];
      // A page left unpainted (IngestOptions.paintLater) keeps its keys: page-images.ts paints into them on first use.
      const writes = page.jpeg && page.thumbnail ? [blobs.put(k.image, page.jpeg, 'image/jpeg'), blobs.put(k.thumb, page.thumbnail, 'image/jpeg')] : [];
      if (k.textLayer && page.textLayer) writes.push(blobs.put(k.textLayer, Buffer.from(JSON.stringify(page.textLayer)), 'application/json'));
      return writes;
    }));
  }
  return keys;
}
