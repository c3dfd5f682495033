/**
 * The words the layout engine read off a scanned page, kept beside the page
 * (core/uploads/blobs.ts, `pageWordsKey`): a correction's learning finds the
 * person's values on the very words the extraction saw. OCR of one image is
 * not the same twice over (another thread count cuts the page into other
 * bands, another model or setting reads other slips), and a memory learned
 * on other words than the page was read with misses its own page's values
 * (invoice-en scanned series lines 0.743 against 0.971, docs/measurements.md).
 * The same words moved onto the stored page image ride along: a correction
 * boxes the values a person set on them (core/corrections/corrections.ts).
 * Text-layer pages keep none: their words are the stored text layer.
 */
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import type { DocumentRow } from '../../db/schema.js';
import type { PageContent } from '../../extract/layout/index.js';
import type { Word } from '../../extract/types.js';
import type { Services } from '../../services.js';
import { pageWordsKey } from '../uploads/index.js';

const zip = promisify(gzip);
const unzip = promisify(gunzip);

type PageKeys = Pick<DocumentRow, 'image_key'>;

/** What is kept: the words in the frame the rules read, and on the page image (absent in words kept before it was). */
interface StoredWords {
  content: PageContent;
  onPage?: Word[];
}

/** Stores the page's words (gzipped JSON, a few kB a page), replacing an earlier reading's. */
export async function storePageWords(services: Pick<Services, 'blobs'>, doc: PageKeys, content: PageContent, onPage: Word[]): Promise<void> {
  if (!doc.image_key) return;
  const stored: StoredWords = { content, onPage };
  await services.blobs.put(pageWordsKey(doc.image_key), await zip(JSON.stringify(stored)), 'application/gzip');
}

async function loadStored(services: Pick<Services, 'blobs'>, doc: PageKeys): Promise<StoredWords | null> {
  const stored = doc.image_key ? await services.blobs.get(pageWordsKey(doc.image_key)) : null;
  if (!stored) return null;
  const json = JSON.parse((await unzip(stored)).toString('utf8')) as StoredWords | PageContent;
  // Kept before the page's own words rode along: the content alone.
  return 'content' in json ? json : { content: json };
}

/** The words the extraction read, or null: a text-layer page, a page read before they were kept, or purged. */
export async function loadPageWords(services: Pick<Services, 'blobs'>, doc: PageKeys): Promise<PageContent | null> {
  return (await loadStored(services, doc))?.content ?? null;
}

/** The same words where the stored page image prints them, or null where they were not kept. */
export async function loadWordsOnPage(services: Pick<Services, 'blobs'>, doc: PageKeys): Promise<Word[] | null> {
  return (await loadStored(services, doc))?.onPage ?? null;
}

/** Removes them: the page they were read off was deleted while it was read. */
export async function dropPageWords(services: Pick<Services, 'blobs'>, doc: PageKeys): Promise<void> {
  if (doc.image_key) await services.blobs.delete(pageWordsKey(doc.image_key));
}
