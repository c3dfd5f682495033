/**
 * Page images painted on first use. An unencrypted PDF's pages are stored
 * with their text layer and size but without their JPEG and thumbnail
 * (IngestOptions.paintLater): a text page is extracted from its words. The
 * first caller that wants the pixels (the image endpoint, OCR of a page
 * without a usable text layer, image regions, the model engine) paints the
 * page from the stored original in an ingest child and stores both blobs
 * under the keys the page already has; later callers read the blobs.
 */
import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createWriteStream } from 'node:fs';
import * as uploads from '../../db/queries/uploads.js';
import type { DocumentRow } from '../../db/schema.js';
import { paintPdfPage } from '../../ingest/ingest.js';
import type { Services } from '../../services.js';

type PageKeys = Pick<DocumentRow, 'id' | 'upload_id' | 'page_number' | 'image_key' | 'thumb_key'>;

/** Pages being painted in this process, so concurrent callers (a thumbnail grid, a job and the console) paint once. */
const painting = new Map<string, Promise<boolean>>();

/**
 * Makes sure the page's image and thumbnail blobs exist, painting them when
 * the page was left unpainted. False when there is nothing to paint from
 * (purged, or a page whose blobs were lost).
 */
export function paintPage(services: Services, doc: PageKeys): Promise<boolean> {
  let done = painting.get(doc.id);
  if (!done) {
    done = paint(services, doc).finally(() => painting.delete(doc.id));
    painting.set(doc.id, done);
  }
  return done;
}

/** The page's image (or thumbnail) bytes, painted first when needed; null when there are none to be had. */
export async function pageImageBytes(services: Services, doc: PageKeys, which: 'image' | 'thumb' = 'image'): Promise<Buffer | null> {
  const key = which === 'image' ? doc.image_key : doc.thumb_key;
  if (!key) return null;
  const stored = await services.blobs.get(key);
  if (stored) return stored;
  return (await paintPage(services, doc)) ? services.blobs.get(key) : null;
}

async function paint(services: Services, doc: PageKeys): Promise<boolean> {
  if (!doc.image_key || !doc.thumb_key) return false;
  const upload = await uploads.original(services.db, doc.upload_id);
  // Only a PDF upload is left unpainted (a converted .docx or .txt is painted at upload: its PDF is not kept).
  if (!upload || upload.kind !== 'pdf' || !upload.original_key) return false;
  const path = await originals.acquire(services, doc.upload_id, upload.original_key);
  if (!path) return false;
  try {
    const page = await paintPdfPage(path, doc.page_number, services.ingest);
    if (!page.jpeg || !page.thumbnail) return false;
    await Promise.all([services.blobs.put(doc.image_key, page.jpeg, 'image/jpeg'), services.blobs.put(doc.thumb_key, page.thumbnail, 'image/jpeg')]);
    // A purge that ran while the page was painted deleted the original (its first key) and then keys that did not exist yet:
    // with the original gone, the blobs just written belong to nobody and go too.
    if (!(await stillStored(services, upload.original_key))) {
      await Promise.all([services.blobs.delete(doc.image_key), services.blobs.delete(doc.thumb_key)]);
      return false;
    }
    return true;
  } finally {
    originals.release(services, doc.upload_id);
  }
}

/**
 * Local copies of originals being painted from, one per upload however many
 * of its pages are painted at once (a thumbnail grid asks for every page):
 * each page used to fetch the whole original from the blob store. A copy is
 * kept for ORIGINAL_KEPT_MS after its last page, for the grid's next requests.
 */
class OriginalCopies {
  private readonly copies = new Map<string, OriginalCopy>();

  acquire(services: Services, uploadId: string, key: string): Promise<string | null> {
    let copy = this.copies.get(uploadId);
    // A fetch that failed (the original gone, the store unreachable) is not kept: the next caller tries again.
    if (!copy || copy.failed) {
      if (copy?.expiry) clearTimeout(copy.expiry);
      const fresh: OriginalCopy = { path: fetchOriginal(services, key), users: 0, failed: false };
      fresh.path.then((path) => { fresh.failed = path === null; }, () => { fresh.failed = true; });
      this.copies.set(uploadId, fresh);
      copy = fresh;
    }
    if (copy.expiry) clearTimeout(copy.expiry);
    copy.expiry = undefined;
    copy.users++;
    return copy.path;
  }

  release(services: Services, uploadId: string): void {
    const copy = this.copies.get(uploadId);
    if (!copy || --copy.users > 0) return;
    copy.expiry = setTimeout(() => {
      if (this.copies.get(uploadId) !== copy || copy.users > 0) return;
      this.copies.delete(uploadId);
      copy.path.then((path) => (path ? services.scratch.remove([path]) : undefined), () => undefined);
    }, ORIGINAL_KEPT_MS);
    copy.expiry.unref();
  }
}

interface OriginalCopy {
  path: Promise<string | null>;
  users: number;
  failed: boolean;
  expiry?: NodeJS.Timeout;
}

/** How long a copy of an original outlives its last painted page (a grid's requests come within a second or two). */
const ORIGINAL_KEPT_MS = 5_000;
const originals = new OriginalCopies();

async function fetchOriginal(services: Services, key: string): Promise<string | null> {
  const original = await services.blobs.getStream(key);
  if (!original) return null;
  await mkdir(services.scratch.dir, { recursive: true });
  const path = join(services.scratch.dir, `paint-${randomBytes(8).toString('hex')}.pdf`);
  try {
    await pipeline(original, createWriteStream(path));
  } catch (err) {
    await services.scratch.remove([path]);
    throw err;
  }
  return path;
}

async function stillStored(services: Services, key: string): Promise<boolean> {
  const stream = await services.blobs.getStream(key);
  stream?.destroy();
  return stream !== null;
}
