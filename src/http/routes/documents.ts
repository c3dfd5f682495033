import multipart from '@fastify/multipart';
import { Type } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { getDocument, getDocumentImage } from '../../core/results/index.js';
import { errors } from '../../errors.js';
import { uploadDocument, type UploadInput, type UploadOrigin } from '../../core/uploads/index.js';
import type { Services } from '../../services.js';
import type { RouteDeps } from './registrar.js';
import { guardIdempotency } from '../idempotency.js';
import { readUploadForm, type UploadForm } from '../multipart-form.js';
import { NullableTimestamp, responses, StatusField, StringEnum, Timestamp } from '../schemas/common.js';
import { decodePageToken, envelopeSchema, limitParam, pageOf, PageTokenParam } from '../pagination.js';
import { correctLineItems, listRevisions, revisionView } from '../../core/corrections/index.js';

const UploadResponse = Type.Object({
  document_id: Type.Union([Type.String(), Type.Array(Type.String())], { description: 'A string for a single image; an array in page order for PDFs, .docx, .txt and multi-page TIFF' }),
  batch_name: Type.String(),
  page_count: Type.Optional(Type.Integer({ description: 'Present with the array form' })),
  remaining_batch_capacity: Type.Integer(),
});

const DocumentObject = Type.Object({
  document_id: Type.String(),
  batch_name: Type.String(),
  filename: Type.String(),
  status: StatusField(),
  created_at: Timestamp,
  started_at: Timestamp,
  completed_at: NullableTimestamp,
  corrected_at: Type.Union([Timestamp, Type.Null()], { description: 'When a person last corrected the rows; null when never' }),
  einvoice: Type.Union([
    Type.Object({
      syntax: StringEnum(['UBL', 'CII']),
      profile: Type.Union([Type.String(), Type.Null()], { description: 'The guideline id (BT-24) of the XML' }),
    }),
    Type.Null(),
  ], { description: 'The e-invoice the document was read from: an XML upload, or a PDF carrying one (ZUGFeRD, Factur-X); null for every other document' }),
  line_items: Type.Optional(Type.Array(Type.Record(Type.String(), Type.Unknown()))),
  failure: Type.Optional(Type.Object({ code: Type.String(), message: Type.String() })),
});

const DocumentParams = Type.Object({ document_id: Type.String({ minLength: 1, maxLength: 200 }) });

const CorrectionBody = Type.Object({
  // Rows are checked in core (src/core/corrections/rows.ts), so every wrong row answers param `line_items`.
  line_items: Type.Array(Type.Unknown(), {
    description: 'The full set of rows, each an object: keys are the document\'s current columns, values strings, numbers or null',
  }),
}, { additionalProperties: false });

const Revision = Type.Object({
  revision: Type.Integer({ minimum: 1 }),
  source: StringEnum(['engine', 'correction']),
  created_at: Timestamp,
  line_items: Type.Array(Type.Record(Type.String(), Type.Unknown())),
});

/** Form fields → core input: `file` XOR `url`, template_id an integer (docs/api.md, Uploads and images; docs/decisions.md, Pinned details). */
function uploadInput(form: UploadForm): UploadInput {
  const { url, batch_name: batchName, template_id: templateRaw, password } = form.fields;
  if (form.file && url !== undefined) throw errors.invalidParameter('url', 'Send either file or url, not both.');
  if (!form.file && (url === undefined || url === '')) throw errors.missingParameter('file', 'Send the document as `file` (multipart) or give a `url`.');
  let templateId: number | undefined;
  if (templateRaw !== undefined && templateRaw !== '') {
    if (!/^\d{1,15}$/.test(templateRaw.trim())) throw errors.invalidParameter('template_id', 'template_id must be an integer.');
    templateId = Number(templateRaw.trim());
  }
  return {
    source: form.file ? { kind: 'file', path: form.file.path, filename: form.file.filename, size: form.file.size } : { kind: 'url', url: url! },
    batchName: batchName === undefined || batchName === '' ? undefined : batchName,
    templateId,
    password: password === undefined || password === '' ? undefined : password,
  };
}

/** `X-Docrows-Source: console` marks the web console's uploads as source `direct` (docs/decisions.md, Web console). */
function uploadOrigin(header: string | string[] | undefined): UploadOrigin {
  if (header === undefined) return 'api';
  if (header === 'console') return 'direct';
  throw errors.invalidParameter('X-Docrows-Source', 'X-Docrows-Source accepts only `console` (uploads from the web console); omit it otherwise.');
}

/** Uploads get their ingest process pool and scratch directory from the composition root (src/app.ts). */
export async function registerDocumentRoutes(app: FastifyInstance, services: Services, { uploads }: RouteDeps): Promise<void> {
  // Multipart parsing only in this scope: the other resources take JSON.
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { files: 1, fields: 10, fieldSize: 64 * 1024, fileSize: services.config.maxUploadBytes + 1 },
    });
    const r = scope.withTypeProvider<TypeBoxTypeProvider>();
    r.post('/documents', {
      config: { idempotency: 'manual' },
      schema: {
        tags: ['Documents'],
        summary: 'Upload a document (multipart: file or url, batch_name, template_id, password)',
        consumes: ['multipart/form-data'],
        response: responses({ 200: UploadResponse }),
      },
    }, async (request, reply) => {
      const form = await readUploadForm(request, services.config.maxUploadBytes, uploads.scratch);
      try {
        const origin = uploadOrigin(request.headers['x-docrows-source']);
        const input = { ...uploadInput(form), origin };
        // The origin joins the fingerprint only when set, so API keys stored before it existed still replay.
        const fingerprint = { fields: form.fields, file_sha256: form.file?.sha256 ?? null, ...(origin === 'direct' ? { source: origin } : {}) };
        if (await guardIdempotency(services, request, reply, fingerprint)) return reply;
        const uploaded = await uploadDocument(services, request.principal, input, uploads);
        services.metrics.documentsUploaded.inc({ source: origin }, Array.isArray(uploaded.document_id) ? uploaded.document_id.length : 1);
        return uploaded;
      } finally {
        await form.cleanup();
      }
    });
  });

  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  r.get('/documents/:document_id', {
    schema: { tags: ['Documents'], summary: 'A document (one page)', params: DocumentParams, response: responses({ 200: DocumentObject }) },
  }, async (request) => getDocument(services, request.principal, request.params.document_id));

  r.put('/documents/:document_id/line_items', {
    config: { idempotency: 'json' },
    schema: {
      tags: ['Documents'],
      summary: 'Replace a succeeded document\'s rows with a person\'s corrected rows (no credits)',
      params: DocumentParams,
      body: CorrectionBody,
      response: responses({ 200: DocumentObject }),
    },
  }, async (request) => correctLineItems(services, request.principal, request.params.document_id, request.body.line_items));

  r.get('/documents/:document_id/line_items/revisions', {
    schema: {
      tags: ['Documents'],
      summary: 'The document\'s rows as the engine read them and as each correction set them, newest first',
      params: DocumentParams,
      querystring: Type.Object({ limit: limitParam(100, 20), page_token: Type.Optional(PageTokenParam) }, { additionalProperties: false }),
      response: responses({ 200: envelopeSchema(Revision) }),
    },
  }, async (request) => {
    const id = request.params.document_id;
    const scope = `revisions:${request.principal.accountId}:${id}`;
    const before = decodePageToken<number>(services.pageTokenKey, scope, request.query.page_token);
    const rows = await listRevisions(services, request.principal, id, request.query.limit + 1, before);
    return pageOf(rows, request.query.limit, services.pageTokenKey, scope, (row) => row.revision, (row) => revisionView(row, services.config.baseUrl));
  });

  r.get('/documents/:document_id/image', {
    schema: {
      tags: ['Documents'],
      summary: 'The page image as JPEG (whole page, thumbnail or a crop)',
      params: DocumentParams,
      querystring: Type.Object({
        crop: Type.Optional(Type.String({ description: 'x1,y1,x2,y2, floats from 0 to 1' })),
        size: Type.Optional(Type.String({ description: '`thumb` for the pre-generated thumbnail; ignored with `crop`; any other value means the full image' })),
      }),
      response: responses({ 200: Type.Unknown({ description: 'JPEG bytes (image/jpeg)' }), 304: Type.Null({ description: 'Not modified (If-None-Match)' }) }),
    },
  }, async (request, reply) => {
    const image = await getDocumentImage(services, request.principal, request.params.document_id, request.query, request.headers['if-none-match']);
    // Private: the image belongs to one account; revalidation is cheap thanks to the ETag.
    void reply.header('ETag', image.etag).header('Cache-Control', 'private, max-age=86400');
    if (image.body === null) return reply.code(304).send(null);
    return reply.type('image/jpeg').send(image.body);
  });
}
