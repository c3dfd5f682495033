/**
 * Inserts uploaded (never processed) documents the way POST /documents leaves
 * them, for tests that need many pages fast: every document points at one
 * stored page (JPEG + text layer) produced by the real ingestion code.
 */
import sharp from 'sharp';
import type { Rule, TextLayer, Word } from '../../src/extract/types.js';
import type { Services } from '../../src/services.js';

export interface SeedPage {
  jpeg: Buffer;
  width: number;
  height: number;
  textLayer: TextLayer;
}

const W = 612;
const H = 792;

/**
 * The text layer a PDF page of `textPdf({rows})` (test/fixtures) carries: a heading and a
 * ruled Item/Qty/Price/Total table, in normalized coordinates (Helvetica 10 pt ≈ 5 pt per character).
 */
export async function textLayerPage(rows = 2, page = 1): Promise<SeedPage> {
  const words: Word[] = [];
  const rules: Rule[] = [];
  const word = (text: string, x: number, y: number, size: number) => {
    words.push({ text, box: { x1: x / W, y1: y / H, x2: (x + text.length * size * 0.5) / W, y2: (y + size) / H } });
    return x + text.length * size * 0.5 + size * 0.28;
  };
  let x = 50;
  for (const w of ['Invoice', 'page', String(page)]) x = word(w, x, 50, 18);
  const widths = [200, 100, 100, 100];
  for (let r = 0; r <= rows; r++) {
    const y = 100 + r * 20;
    const cells = r === 0 ? ['Item', 'Qty', 'Price', 'Total'] : [`Widget ${page}-${r}`, `${r}`, (r * 1.5).toFixed(2), (r * r * 1.5).toFixed(2)];
    let cx = 50;
    cells.forEach((c, i) => {
      let wx = cx + 4;
      for (const part of c.split(' ')) wx = word(part, wx, y + 6, 10);
      cx += widths[i];
    });
    rules.push({ x1: 50 / W, y1: y / H, x2: 550 / W, y2: y / H });
  }
  rules.push({ x1: 50 / W, y1: (100 + (rows + 1) * 20) / H, x2: 550 / W, y2: (100 + (rows + 1) * 20) / H });
  let vx = 50;
  for (const w of [0, ...widths]) {
    vx += w;
    rules.push({ x1: vx / W, y1: 100 / H, x2: vx / W, y2: (100 + (rows + 1) * 20) / H });
  }
  const jpeg = await sharp({ create: { width: 850, height: 1100, channels: 3, background: '#ffffff' } }).jpeg().toBuffer();
  return { jpeg, width: 850, height: 1100, textLayer: { words, rules, images: [] } };
}

/**
 * Inserts uploaded (never processed) documents the way POST /documents leaves
 * them, for tests that need many pages fast: every document points at one
 * stored page (JPEG + text layer).
 */
export async function seedUploadedDocuments(services: Services, accountId: number, batchName: string, count: number, page: SeedPage): Promise<string[]> {
  const now = services.clock.now().toISOString();
  const shared = `acct/${accountId}/seed-${services.ids.ulid()}`;
  await services.blobs.put(`${shared}/p1.jpg`, page.jpeg, 'image/jpeg');
  await services.blobs.put(`${shared}/p1.text.json`, Buffer.from(JSON.stringify(page.textLayer)), 'application/json');
  const batch = await services.db.insertInto('batches')
    .values({ account_id: accountId, name: batchName, source: 'api', created_at: now }).returning('id').executeTakeFirstOrThrow();
  const ids: string[] = [];
  for (let i = 0; i < count; i += 100) {
    const uploads = Array.from({ length: Math.min(100, count - i) }, () => `doc_${services.ids.ulid()}`);
    await services.db.insertInto('uploads').values(uploads.map((id) => ({
      id, account_id: accountId, batch_id: batch.id, filename: `${id}.pdf`, kind: 'pdf', form: 'paged', page_count: 1,
      template_id: null, source: 'api', original_key: null, byte_size: 1, created_at: now,
    }))).execute();
    await services.db.insertInto('documents').values(uploads.map((id) => ({
      id: `${id}_p1`, account_id: accountId, batch_id: batch.id, upload_id: id, page_number: 1, filename: `${id}.pdf`, status: 'uploaded',
      template_id: null, image_key: `${shared}/p1.jpg`, thumb_key: null, text_layer_key: `${shared}/p1.text.json`,
      width: page.width, height: page.height, request: null, quality: null, charged_amount: 0, charged_tier: null, attempts: 0,
      result: null, failure_code: null, failure_message: null, wave: 0, created_at: now, started_at: now, completed_at: null, purged_at: null,
    }))).execute();
    ids.push(...uploads.map((id) => `${id}_p1`));
  }
  return ids;
}
