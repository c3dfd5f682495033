/** Reading documents: the Document object and its page image (full, thumbnail or a crop). */
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { DbOrTrx } from '../../db/connect.js';
import * as documents from '../../db/queries/documents.js';
import type { DocumentRow } from '../../db/schema.js';
import type { Services } from '../../services.js';
import type { Principal } from '../accounts/index.js';
import { pageImageBytes, paintPage } from '../shared/index.js';
import { documentView, type DocumentView } from './document-view.js';
import { errors } from '../../errors.js';
import { sharpOf } from '../../libvips.js';

/** Team members see their pool owner's documents too (same rule as core/bbox/trigger.ts's ownsDocument). */
async function findOwnedDocument(db: DbOrTrx, principal: Principal, id: string): Promise<(DocumentRow & { batch_name: string }) | undefined> {
  return documents.ownedWithBatchName(db, id, [principal.accountId, principal.pool.id]);
}

export async function getDocument(services: Services, principal: Principal, id: string): Promise<DocumentView> {
  const doc = await findOwnedDocument(services.db, principal, id);
  if (!doc) throw errors.documentNotFound(id);
  return documentView(doc, doc.batch_name, services.config.baseUrl);
}

interface Crop {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

const NUMBER = String.raw`\s*([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)\s*`;
const CROP = new RegExp(`^${NUMBER},${NUMBER},${NUMBER},${NUMBER}$`);

/** `x1,y1,x2,y2`, four floats from 0 to 1 (docs/api.md, Uploads and images); anything else is invalid_parameter crop. */
function parseCrop(raw: string): Crop {
  const m = CROP.exec(raw);
  if (!m) throw errors.invalidParameter('crop', 'crop must be four comma-separated numbers x1,y1,x2,y2 from 0 to 1.');
  const [x1, y1, x2, y2] = m.slice(1, 5).map(Number);
  if ([x1, y1, x2, y2].some((v) => !(v >= 0 && v <= 1))) {
    throw errors.invalidParameter('crop', 'crop coordinates must be between 0 and 1.');
  }
  return { x1, y1, x2, y2 };
}

/** The crop in whole pixels, clamped to the image; an empty rectangle is refused. */
function cropPixels(crop: Crop, width: number, height: number): { left: number; top: number; width: number; height: number } {
  const left = Math.min(width, Math.max(0, Math.floor(crop.x1 * width)));
  const top = Math.min(height, Math.max(0, Math.floor(crop.y1 * height)));
  const right = Math.min(width, Math.max(0, Math.ceil(crop.x2 * width)));
  const bottom = Math.min(height, Math.max(0, Math.ceil(crop.y2 * height)));
  if (right <= left || bottom <= top) {
    throw errors.invalidParameter('crop', 'crop is empty after clamping to the image: x1 must be below x2 and y1 below y2.');
  }
  return { left, top, width: right - left, height: bottom - top };
}

export interface ImageRequest {
  crop?: string;
  size?: string;
}

export interface DocumentImage {
  /** Strong validator: a document's page image never changes, so key + variant identify the bytes. */
  etag: string;
  /** Null when the caller's If-None-Match already matches. */
  body: Buffer | Readable | null;
}

export async function getDocumentImage(
  services: Services, principal: Principal, id: string, req: ImageRequest, ifNoneMatch: string | undefined,
): Promise<DocumentImage> {
  const crop = req.crop !== undefined ? parseCrop(req.crop) : undefined;
  const doc = await findOwnedDocument(services.db, principal, id);
  if (!doc || doc.image_key === null || doc.purged_at !== null) throw errors.documentNotFound(id);
  const useThumb = crop === undefined && req.size === 'thumb' && doc.thumb_key !== null;
  const key = useThumb ? doc.thumb_key! : doc.image_key;
  const pixels = crop ? cropPixels(crop, doc.width, doc.height) : undefined;
  const variant = pixels ? `${pixels.left},${pixels.top},${pixels.width},${pixels.height}` : useThumb ? 'thumb' : 'full';
  const etag = `"${createHash('sha256').update(`${key}|${variant}`).digest('base64url').slice(0, 27)}"`;
  if (ifNoneMatch !== undefined && ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === etag)) {
    return { etag, body: null };
  }
  if (!pixels) {
    // A page left unpainted at upload is painted by its first viewer (core/shared/page-images.ts).
    const stream = (await services.blobs.getStream(key)) ?? ((await paintPage(services, doc)) ? await services.blobs.getStream(key) : null);
    if (!stream) throw errors.documentNotFound(id);
    return { etag, body: stream };
  }
  const full = await pageImageBytes(services, doc);
  if (!full) throw errors.documentNotFound(id);
  return { etag, body: await (await sharpOf(full)).extract(pixels).jpeg({ quality: 85 }).toBuffer() };
}
