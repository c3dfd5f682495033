import { Type } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { addField, listTemplateFields, MAX_NAME_LENGTH, removeField, reorderFields, replaceField, createTemplate, deleteTemplate, fieldView, listTemplates, templateView, updateTemplateSettings } from '../../core/templates/index.js';
import type { Services } from '../../services.js';
import { decodePageToken, envelopeSchema, limitParam, pageOf, PageTokenParam } from '../pagination.js';
import { responses, Timestamp } from '../schemas/common.js';

// Upper bound keeps ids inside a 32-bit INTEGER column, so an absurd id is invalid_parameter, not a database error.
const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
const FormatRequirement = Type.String({ maxLength: 2000, description: 'Free-text hint about the expected value format' });
const Name = Type.String({ description: `Trimmed; at most ${MAX_NAME_LENGTH} characters; a blank name counts as missing` });

const Field = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  format_requirement: Type.String(),
  sort_order: Type.Integer(),
  template_id: Type.Integer(),
  created_at: Timestamp,
});

const Template = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  created_at: Timestamp,
  fields: Type.Array(Field),
  global_format_requirement: Type.String(),
  merge_enabled: Type.Boolean(),
  merge_group_by: Type.Union([Type.Literal('upload'), Type.Literal('key_fields')]),
  merge_key_fields: Type.Array(Type.String()),
  merge_mode: Type.Union([Type.Literal('fold'), Type.Literal('append')]),
});

const TemplateParams = Type.Object({ id: Id });
const FieldParams = Type.Object({ id: Id, field_id: Id });
const FieldBody = Type.Object({ name: Name, format_requirement: Type.Optional(FormatRequirement) }, { additionalProperties: false });
const TemplateAnswer = Type.Object({ template: Template });
const FieldAnswer = Type.Object({ field: Field });
const Empty = Type.Null({ description: 'No content' });

const TAGS = ['Templates'];

export function registerTemplateRoutes(app: FastifyInstance, services: Services): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const { db, clock } = services;

  r.get('/templates', {
    schema: {
      tags: TAGS,
      summary: 'Templates of the account, oldest first, fields embedded',
      querystring: Type.Object({
        limit: limitParam(100, 50),
        page_token: Type.Optional(PageTokenParam),
      }, { additionalProperties: false }),
      response: responses({ 200: envelopeSchema(Template) }),
    },
  }, async (request) => {
    const { limit, page_token: token } = request.query;
    const scope = `templates:${request.principal.accountId}`;
    const afterId = decodePageToken<number>(services.pageTokenKey, scope, token);
    const rows = await listTemplates(db, request.principal.accountId, { afterId, limit: limit + 1 });
    return pageOf(rows, limit, services.pageTokenKey, scope, (row) => row.template.id, templateView);
  });

  r.post('/templates', {
    config: { idempotency: 'json' },
    schema: {
      tags: TAGS,
      summary: 'Create a template: empty, from a preset, or copying the fields of another template',
      body: Type.Object({
        name: Type.Optional(Name),
        preset_id: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
        base_template_id: Type.Optional(Id),
      }, { additionalProperties: false }),
      response: responses({ 200: TemplateAnswer }),
    },
  }, async (request) => ({ template: templateView(await createTemplate(db, clock, request.principal.accountId, request.body)) }));

  r.delete('/templates/:id', {
    schema: { tags: TAGS, summary: 'Delete a template and its fields', params: TemplateParams, response: responses({ 204: Empty }) },
  }, async (request, reply) => {
    await deleteTemplate(db, request.principal.accountId, request.params.id);
    return reply.code(204).send(null);
  });

  r.put('/templates/:id/settings', {
    schema: {
      tags: TAGS,
      summary: 'Set the global format requirement and Multi-Page Merge configuration',
      params: TemplateParams,
      body: Type.Object({
        global_format_requirement: Type.Optional(Type.String({ maxLength: 4000 })),
        merge_enabled: Type.Optional(Type.Boolean()),
        merge_group_by: Type.Optional(Type.Union([Type.Literal('upload'), Type.Literal('key_fields')])),
        merge_key_fields: Type.Optional(Type.Array(Type.String(), { maxItems: 100, description: 'Names of fields of this template' })),
        merge_mode: Type.Optional(Type.Union([Type.Literal('fold'), Type.Literal('append')])),
      }, { additionalProperties: false }),
      response: responses({ 200: TemplateAnswer }),
    },
  }, async (request) => ({
    template: templateView(await updateTemplateSettings(db, request.principal.accountId, request.params.id, request.body)),
  }));

  r.get('/templates/:id/fields', {
    schema: {
      tags: TAGS,
      summary: 'All fields of a template in column order (a single page)',
      params: TemplateParams,
      response: responses({ 200: envelopeSchema(Field) }),
    },
  }, async (request) => {
    const fields = await listTemplateFields(db, request.principal.accountId, request.params.id);
    return { data: fields.map(fieldView), has_more: false, next_page_token: null };
  });

  r.post('/templates/:id/fields', {
    schema: {
      tags: TAGS, summary: 'Append a field', params: TemplateParams, body: FieldBody, response: responses({ 200: FieldAnswer }),
    },
  }, async (request) => ({ field: fieldView(await addField(db, clock, request.principal.accountId, request.params.id, request.body)) }));

  r.put('/templates/:id/fields/:field_id', {
    schema: {
      tags: TAGS,
      summary: 'Replace a field (an omitted format_requirement becomes empty)',
      params: FieldParams,
      body: FieldBody,
      response: responses({ 200: FieldAnswer }),
    },
  }, async (request) => {
    const { id, field_id: fieldId } = request.params;
    return { field: fieldView(await replaceField(db, request.principal.accountId, id, fieldId, request.body)) };
  });

  r.delete('/templates/:id/fields/:field_id', {
    schema: { tags: TAGS, summary: 'Remove a field', params: FieldParams, response: responses({ 204: Empty }) },
  }, async (request, reply) => {
    await removeField(db, request.principal.accountId, request.params.id, request.params.field_id);
    return reply.code(204).send(null);
  });

  r.patch('/templates/:id/fields/order', {
    schema: {
      tags: TAGS,
      summary: 'Reorder fields: listed ids first in that order, the rest after in their previous order',
      params: TemplateParams,
      body: Type.Object({
        // Items are checked in core, so any non-integer answers invalid_parameter on field_ids itself (not field_ids.3).
        field_ids: Type.Array(Type.Unknown(), { maxItems: 1000, description: 'Integer field ids in the desired order' }),
      }, { additionalProperties: false }),
      response: responses({ 200: Type.Object({ fields: Type.Array(Field) }) }),
    },
  }, async (request) => {
    const fields = await reorderFields(db, request.principal.accountId, request.params.id, request.body.field_ids);
    return { fields: fields.map(fieldView) };
  });
}
