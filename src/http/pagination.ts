import crypto from 'node:crypto';
import { Type } from '@sinclair/typebox';
import { errors } from '../errors.js';

/**
 * Opaque page tokens: the position after the last item returned, signed so a
 * tampered or foreign token is refused with invalid_parameter (param page_token).
 * `scope` binds a token to the list it came from.
 */
function encodePageToken(key: Buffer, scope: string, position: unknown): string {
  const body = Buffer.from(JSON.stringify({ s: scope, p: position })).toString('base64url');
  const mac = crypto.createHmac('sha256', key).update(body).digest('base64url').slice(0, 22);
  return `${body}.${mac}`;
}

export function decodePageToken<T>(key: Buffer, scope: string, token: string | undefined): T | null {
  if (token === undefined) return null;
  const invalid = () => errors.invalidParameter('page_token', 'page_token is not a token this list returned.');
  const [body, mac, extra] = token.split('.');
  if (!body || !mac || extra !== undefined) throw invalid();
  const expected = crypto.createHmac('sha256', key).update(body).digest('base64url').slice(0, 22);
  if (mac.length !== expected.length || !crypto.timingSafeEqual(Buffer.from(mac), Buffer.from(expected))) throw invalid();
  const parsed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { s: string; p: T };
  if (parsed.s !== scope) throw invalid();
  return parsed.p;
}

export interface Page<T> {
  data: T[];
  has_more: boolean;
  next_page_token: string | null;
}

/**
 * Builds the list envelope from `limit + 1` fetched rows: the extra row only
 * tells whether there is more.
 */
export function pageOf<Row, Item>(
  rows: Row[], limit: number, key: Buffer, scope: string, positionOf: (row: Row) => unknown, toItem: (row: Row) => Item,
): Page<Item> {
  const hasMore = rows.length > limit;
  const kept = hasMore ? rows.slice(0, limit) : rows;
  return {
    data: kept.map(toItem),
    has_more: hasMore,
    next_page_token: hasMore ? encodePageToken(key, scope, positionOf(kept[kept.length - 1])) : null,
  };
}

/** `limit` query parameter with the endpoint's range and default. */
export function limitParam(max: number, fallback: number) {
  return Type.Integer({ minimum: 1, maximum: max, default: fallback, description: `1 to ${max}, default ${fallback}` });
}

export const PageTokenParam = Type.String({ minLength: 1, maxLength: 2000, description: 'Opaque cursor from next_page_token' });

export function envelopeSchema<T extends ReturnType<typeof Type.Object>>(item: T) {
  return Type.Object({
    data: Type.Array(item),
    has_more: Type.Boolean(),
    next_page_token: Type.Union([Type.String(), Type.Null()]),
  });
}
