import type { Services } from '../../src/services.js';
import type { ExtractedCell } from '../../src/extract/types.js';
import { generatePage, PAGE_H, PAGE_W, type GeneratedPage } from './bbox-page.js';

/**
 * Inserts a processed document the way upload + processing leave it (batch,
 * upload and document rows; page JPEG and text-layer blobs), for bbox tests
 * that need a succeeded document without running extraction.
 */
export interface SeedOptions {
  accountId: number;
  batchName?: string;
  /** Internal document status; default succeeded. */
  status?: string;
  /** Engine result; default: the generated page's. `null` stores no result. */
  result?: { fields: string[]; rows: Array<Record<string, ExtractedCell>> } | null;
  page?: GeneratedPage;
  /** Store the text layer blob (a PDF page); false stores only the raster (OCR path). */
  textLayer?: boolean;
}

export interface Seeded {
  documentId: string;
  batchId: number;
  batchName: string;
  page: GeneratedPage;
}

let seq = 0;

export async function seedSucceededDocument(services: Services, opts: SeedOptions): Promise<Seeded> {
  const page = opts.page ?? generatePage(40);
  const now = services.clock.now().toISOString();
  const batchName = opts.batchName ?? `bbox_batch_${++seq}`;
  const uploadId = `doc_${services.ids.ulid()}`;
  const documentId = `${uploadId}_p1`;
  const prefix = `acct/${opts.accountId}/${uploadId}`;
  const imageKey = `${prefix}/page-1.jpg`;
  const textLayerKey = opts.textLayer === false ? null : `${prefix}/page-1.text.json`;
  await services.blobs.put(imageKey, page.jpeg, 'image/jpeg');
  if (textLayerKey) await services.blobs.put(textLayerKey, Buffer.from(JSON.stringify(page.textLayer)), 'application/json');
  const result = opts.result === undefined ? page.result : opts.result;
  const batchId = await services.db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom('batches').select('id').where('account_id', '=', opts.accountId).where('name', '=', batchName).executeTakeFirst();
    const id = existing?.id ?? (await trx.insertInto('batches')
      .values({ account_id: opts.accountId, name: batchName, source: 'api', created_at: now })
      .returning('id').executeTakeFirstOrThrow()).id;
    await trx.insertInto('uploads').values({
      id: uploadId, account_id: opts.accountId, batch_id: id, filename: 'invoice.pdf', kind: 'pdf', form: 'paged',
      page_count: 1, template_id: null, source: 'api', original_key: `${prefix}/original.pdf`, byte_size: page.jpeg.length, created_at: now,
    }).execute();
    await trx.insertInto('documents').values({
      id: documentId, account_id: opts.accountId, batch_id: id, upload_id: uploadId, page_number: 1, filename: 'invoice.pdf',
      status: opts.status ?? 'succeeded', template_id: null, image_key: imageKey, thumb_key: null, text_layer_key: textLayerKey,
      width: PAGE_W, height: PAGE_H,
      request: JSON.stringify({ fields: page.result.fields.map((name) => ({ name, format_requirement: '' })), global_format_requirement: '', quality: 'fast', template_id: null }),
      quality: 'fast', charged_amount: 0, charged_tier: null, attempts: 1,
      result: result === null ? null : JSON.stringify(result),
      failure_code: null, failure_message: null, wave: 1, created_at: now, started_at: now,
      completed_at: opts.status === undefined || opts.status === 'succeeded' ? now : null, purged_at: null,
    }).execute();
    return id;
  });
  return { documentId, batchId, batchName, page };
}
