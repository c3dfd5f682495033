import { Type } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { assertBatchName } from '../../core/uploads/index.js';
import { deleteBatch, getBatchStatus, listBatches, SOURCES } from '../../core/batches/index.js';
import { PUBLIC_STATUSES, type PublicStatus } from '../../core/shared/index.js';
import { errors } from '../../errors.js';
import { registerWebhook, registrationView } from '../../core/webhooks/index.js';
import type { Services } from '../../services.js';
import { decodePageToken, envelopeSchema, limitParam, pageOf, PageTokenParam } from '../pagination.js';
import { NullableTimestamp, responses, StatusField, StringEnum, Timestamp } from '../schemas/common.js';

const BatchItem = Type.Object({
  batch_name: Type.String(),
  status: StatusField('Aggregate status of the batch\'s documents'),
  document_count: Type.Integer(),
  created_at: Timestamp,
});

const StatusCounts = Type.Object(Object.fromEntries(PUBLIC_STATUSES.map((s) => [s, Type.Integer()])));
const BatchStatusBody = Type.Object({
  batch_name: Type.String(),
  document_count: Type.Integer(),
  status_counts: StatusCounts,
  all_done: Type.Boolean(),
  not_processed: Type.Integer({ description: 'Documents uploaded and never sent to processing (a docrows extension; `status_counts.queued` counts them too)' }),
  created_at: Timestamp,
});

const DeletedBody = Type.Object({
  batch_name: Type.String(),
  deleted: Type.Boolean(),
  document_count: Type.Integer(),
  refunded_credits: Type.Integer(),
});

const Registration = Type.Object({
  batch_name: Type.String(),
  callback_url: Type.String(),
  webhook_secret: Type.String(),
  created_at: Timestamp,
  fired_at: NullableTimestamp,
});

const BatchParams = Type.Object({ batch_name: Type.String({ minLength: 1, maxLength: 200 }) });
const DAY = Type.String({ description: 'YYYY-MM-DD (UTC day)' });

/** A real calendar day in YYYY-MM-DD, else invalid_parameter on `param`. */
function parseDay(value: string | undefined, param: string): string | undefined {
  if (value === undefined) return undefined;
  const ok = /^\d{4}-\d{2}-\d{2}$/.test(value) && new Date(`${value}T00:00:00.000Z`).toISOString().startsWith(value);
  if (!ok) throw errors.invalidParameter(param, `${param} must be a date in the form YYYY-MM-DD.`);
  return value;
}

function parseStatuses(value: string | undefined): PublicStatus[] | undefined {
  if (value === undefined) return undefined;
  const list = value.split(',').map((s) => s.trim());
  const bad = list.find((s) => !(PUBLIC_STATUSES as readonly string[]).includes(s));
  if (bad !== undefined) throw errors.invalidParameter('status', `status must be a comma-separated list of ${PUBLIC_STATUSES.join(', ')}; got "${bad}".`);
  return list as PublicStatus[];
}

export function registerBatchRoutes(app: FastifyInstance, services: Services): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get('/batches', {
    schema: {
      tags: ['Batches'],
      summary: 'Batches of the account, oldest first (or newest first), with filters',
      querystring: Type.Object({
        source: Type.Optional(StringEnum(SOURCES, { description: 'How the batch\'s documents arrived' })),
        q: Type.Optional(Type.String({ maxLength: 200, description: 'Case-insensitive substring of a filename in the batch' })),
        date_from: Type.Optional(DAY),
        date_to: Type.Optional(DAY),
        status: Type.Optional(Type.String({ description: `Comma-separated aggregate batch statuses, each one of ${PUBLIC_STATUSES.map((s) => `\`${s}\``).join(', ')}` })),
        template_id: Type.Optional(Type.Integer()),
        mode: Type.Optional(StringEnum(['table'], { description: 'Only `table`, the one extraction mode' })),
        order: Type.Optional(StringEnum(['oldest', 'newest'], { description: '`newest` lists the latest batch first (a docrows extension); default `oldest`' })),
        limit: limitParam(100, 20),
        page_token: Type.Optional(PageTokenParam),
      }),
      response: responses({ 200: envelopeSchema(BatchItem) }),
    },
  }, async (request) => {
    const query = request.query;
    if (query.mode !== undefined && query.mode !== 'table') throw errors.invalidParameter('mode', 'mode must be `table`, the only extraction mode.');
    if (query.source !== undefined && !(SOURCES as readonly string[]).includes(query.source)) {
      throw errors.invalidParameter('source', `source must be one of ${SOURCES.join(', ')}.`);
    }
    const filter = {
      source: query.source,
      q: query.q,
      dateFrom: parseDay(query.date_from, 'date_from'),
      dateTo: parseDay(query.date_to, 'date_to'),
      statuses: parseStatuses(query.status),
      templateId: query.template_id,
      order: query.order ?? 'oldest',
    };
    const accountId = request.principal.accountId;
    const scope = `batches:${accountId}:${JSON.stringify(filter)}`;
    const afterId = decodePageToken<number>(services.pageTokenKey, scope, query.page_token);
    const rows = await listBatches(services.db, accountId, { ...filter, afterId, limit: query.limit + 1 });
    return pageOf(rows, query.limit, services.pageTokenKey, scope, (row) => row.id, ({ id: _id, ...item }) => item);
  });

  r.get('/batches/:batch_name', {
    schema: { tags: ['Batches'], summary: 'Status counts of a batch', params: BatchParams, response: responses({ 200: BatchStatusBody }) },
  }, async (request) => getBatchStatus(services.db, request.principal.accountId, request.params.batch_name));

  r.delete('/batches/:batch_name', {
    schema: {
      tags: ['Batches'],
      summary: 'Delete a batch: documents, files, webhook, bbox jobs; refunds charged queued documents',
      params: BatchParams,
      response: responses({ 200: DeletedBody }),
    },
  }, async (request) => deleteBatch(services, request.principal, request.params.batch_name));

  r.put('/batches/:batch_name/webhook', {
    schema: {
      tags: ['Batches'],
      summary: 'Create or update the batch completion callback (the secret is generated once, never rotated)',
      params: BatchParams,
      body: Type.Object({ callback_url: Type.String({ description: 'http:// or https:// URL' }) }),
      response: responses({ 200: Registration }),
    },
  }, async (request) => {
    assertBatchName(request.params.batch_name);
    const row = await registerWebhook(
      services.db, services.clock, services.ids, request.principal.accountId, request.params.batch_name, request.body.callback_url,
      { allowPrivate: services.config.allowPrivateUrls, param: 'callback_url' },
    );
    return registrationView(row);
  });
}
