import { Type } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { processBatch } from '../../core/processing/index.js';
import { batchResults, parseInclude } from '../../core/results/index.js';
import { exportBatchXlsx, XLSX_CONTENT_TYPE } from '../../export/xlsx.js';
import type { Services } from '../../services.js';
import { NullableTimestamp, responses, StatusField, StringEnum } from '../schemas/common.js';

const TAGS = ['Batches'];
const Params = Type.Object({ batch_name: Type.String({ minLength: 1, maxLength: 200 }) });

const FieldItem = Type.Union([
  Type.String({ minLength: 1, maxLength: 200 }),
  Type.Object({ name: Type.String({ minLength: 1, maxLength: 200 }), format_requirement: Type.Optional(Type.String({ maxLength: 2000 })) }, { additionalProperties: false }),
]);

const ProcessBody = Type.Object({
  template_id: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647 })),
  fields: Type.Optional(Type.Array(FieldItem, { maxItems: 200 })),
  quality: Type.Optional(StringEnum(['fast', 'high'], { description: 'Omitted: the account\'s `thinking_type`' })),
  webhook_url: Type.Optional(Type.String({ maxLength: 2000, description: 'http(s) URL; registers the batch completion callback' })),
  reprocess: Type.Optional(Type.Boolean({ description: 'Queue succeeded documents too, charged like any process call; their revisions are kept (default false)' })),
}, { additionalProperties: false });

const ProcessAnswer = Type.Object({
  batch_name: Type.String(),
  queued: Type.Integer(),
  quality: StringEnum(['fast', 'high']),
  webhook_registered: Type.Boolean(),
  webhook_secret: Type.Optional(Type.String({
    description: 'With `webhook_url`: the registration\'s signing secret, the same one the webhook PUT answers (a docrows extension)',
  })),
});

const ResultDocument = Type.Object({
  document_id: Type.String(),
  filename: Type.String(),
  status: StatusField(),
  corrected_at: NullableTimestamp,
  line_items: Type.Optional(Type.Array(Type.Record(Type.String(), Type.Unknown()))),
}, { additionalProperties: true, description: 'Plus failure (failed documents), bbox_status (include=bbox), source_document_ids (merge)' });

const ResultsAnswer = Type.Object({
  batch_name: Type.String(),
  merge_active: Type.Boolean(),
  documents: Type.Array(ResultDocument),
});

export function registerBatchProcessingRoutes(app: FastifyInstance, services: Services): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.post('/batches/:batch_name/process', {
    config: { idempotency: 'json' },
    // Every body field is optional, so no body at all means {}.
    preValidation: async (request) => { request.body ??= {}; },
    schema: {
      tags: TAGS,
      summary: 'Queue the batch\'s eligible documents for extraction (spends credits)',
      params: Params,
      body: ProcessBody,
      response: responses({ 200: ProcessAnswer }),
    },
  }, async (request) => processBatch(services, request.principal, request.params.batch_name, request.body));

  r.get('/batches/:batch_name/results', {
    schema: {
      tags: TAGS,
      summary: 'Every document of the batch with its line_items',
      params: Params,
      querystring: Type.Object({
        include: Type.Optional(Type.String({
          description: 'Comma-separated: bbox (reads computed boxes, never starts a job) and/or confidence (docrows extension: {value, confidence}, 0 to 1)',
        })),
        merge: Type.Boolean({ default: false, description: 'Apply the template\'s Multi-Page Merge' }),
      }, { additionalProperties: false }),
      response: responses({ 200: ResultsAnswer }),
    },
  }, async (request) => batchResults(services, request.principal, request.params.batch_name, {
    ...parseInclude(request.query.include),
    merge: request.query.merge,
  }));

  r.get('/batches/:batch_name/export', {
    schema: {
      tags: TAGS,
      summary: 'The batch\'s rows as an xlsx file (merge always applied)',
      params: Params,
      querystring: Type.Object({ format: StringEnum(['xlsx'], { default: 'xlsx', description: 'Only `xlsx`' }) }, { additionalProperties: false }),
      response: responses({ 200: Type.String({ format: 'binary', description: XLSX_CONTENT_TYPE }) }),
    },
  }, async (request, reply) => {
    const { filename, body } = await exportBatchXlsx(services, request.principal, request.params.batch_name);
    return reply
      .header('content-type', XLSX_CONTENT_TYPE)
      .header('content-disposition', `attachment; filename="${filename}"`)
      // The xlsx bytes stream straight from the workbook writer; the 200 schema only documents them.
      .send(body as never);
  });
}
