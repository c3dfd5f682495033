import { Type } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { errors } from '../../errors.js';
import { eventView, FEED_TYPES, listEvents } from '../../core/events/index.js';
import type { Services } from '../../services.js';
import { decodePageToken, envelopeSchema, limitParam, pageOf, PageTokenParam } from '../pagination.js';
import { responses, StringEnum, Timestamp } from '../schemas/common.js';

const Event = Type.Object({
  id: Type.String(),
  type: Type.String(),
  created_at: Timestamp,
  batch_name: Type.String(),
  document_id: Type.Union([Type.String(), Type.Null()]),
  data: Type.Record(Type.String(), Type.Unknown()),
  document_url: Type.Union([Type.String(), Type.Null()]),
  batch_url: Type.String(),
  batch_results_url: Type.String(),
});

/** ISO 8601 date-time → canonical UTC form (stored timestamps compare as text). */
function instant(param: string, raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  const t = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/.test(raw) ? Date.parse(raw) : Number.NaN;
  if (Number.isNaN(t)) throw errors.invalidParameter(param, `${param} must be an ISO 8601 date-time, e.g. 2026-01-31T12:00:00Z.`);
  return new Date(t).toISOString();
}

export function registerEventRoutes(app: FastifyInstance, services: Services): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  r.get('/events', {
    schema: {
      tags: ['Events'],
      summary: 'Event feed, newest first',
      querystring: Type.Object({
        type: Type.Optional(StringEnum(FEED_TYPES)),
        limit: limitParam(100, 20),
        page_token: Type.Optional(PageTokenParam),
        batch_name: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9._-]{1,50}$' })),
        document_id: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
        created_from: Type.Optional(Type.String()),
        created_to: Type.Optional(Type.String()),
      }, { additionalProperties: false }),
      response: responses({ 200: envelopeSchema(Event) }),
    },
  }, async (request) => {
    const q = request.query;
    const filters = {
      type: q.type,
      batchName: q.batch_name,
      documentId: q.document_id,
      createdFrom: instant('created_from', q.created_from),
      createdTo: instant('created_to', q.created_to),
    };
    const scope = `events:${request.principal.accountId}:${JSON.stringify(filters)}`;
    const after = decodePageToken<[string, string]>(services.pageTokenKey, scope, q.page_token);
    const rows = await listEvents(services.db, request.principal.accountId, filters, q.limit, after);
    return pageOf(rows, q.limit, services.pageTokenKey, scope, (row) => [row.created_at, row.id], (row) => eventView(row, services.config.baseUrl));
  });
}
