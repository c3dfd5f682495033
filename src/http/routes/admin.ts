import { Type } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { adminAccountView, createAccount, getAccount, updateAccount, createApiKey, revokeApiKey } from '../../core/accounts/index.js';
import { errors } from '../../errors.js';
import { cancelDocument, setProcessingPaused } from '../../core/processing/index.js';
import type { Services } from '../../services.js';
import { bearerToken, tokensEqual } from '../auth.js';
import { ACCOUNT_PROPERTIES } from '../schemas/account.js';
import { responses } from '../schemas/common.js';
import { registerAdminEngineUsageRoutes } from './admin-engine-usage.js';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);

const Settings = Type.Object({
  thinking_type: Type.Optional(Type.Union([Type.Literal('fast'), Type.Literal('high')])),
  auto_annotate_bbox: Type.Optional(Type.Boolean()),
  retention_days: Type.Optional(Nullable(Type.Integer({ minimum: 1 }))),
  inbox_pdf_passwords: Type.Optional(Type.Array(Type.String())),
}, { additionalProperties: false });

const AccountFields = {
  tier: Type.Optional(Type.Union([Type.Literal('standard'), Type.Literal('advanced'), Type.Literal('premium')])),
  owner_id: Type.Optional(Nullable(Type.Integer({ minimum: 1 }))),
  disabled: Type.Optional(Type.Boolean()),
  settings: Type.Optional(Settings),
  max_batch_size: Type.Optional(Nullable(Type.Integer({ minimum: 1 }))),
  max_queued_documents: Type.Optional(Nullable(Type.Integer({ minimum: 1 }))),
};
const PlanSchema = Type.Union([Type.Literal('free'), Type.Literal('basic'), Type.Literal('pro'), Type.Literal('business')]);

const AdminAccount = Type.Object({
  id: Type.Integer(),
  ...ACCOUNT_PROPERTIES,
  tier: Type.String(),
  owner_id: Nullable(Type.Integer()),
  disabled: Type.Boolean(),
  max_queued_documents: Type.Integer(),
  settings: Type.Object({
    thinking_type: Type.String(),
    auto_annotate_bbox: Type.Boolean(),
    retention_days: Nullable(Type.Integer()),
    inbox_pdf_passwords: Type.Array(Type.String()),
  }),
  created_at: Type.String(),
});

/** Operator API (docs/decisions.md, Operator interface in full): present only when DOCROWS_ADMIN_TOKEN is set. */
export function registerAdminRoutes(app: FastifyInstance, services: Services): void {
  const adminToken = services.config.adminToken!;
  app.addHook('onRequest', async (request) => {
    const token = bearerToken(request);
    if (!token) throw errors.missingAdminToken('/admin/v1');
    if (!tokensEqual(token, adminToken)) throw errors.invalidAdminToken('/admin/v1');
  });
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['Admin'];

  r.post('/accounts', {
    schema: {
      tags,
      summary: 'Create an account with an API key',
      body: Type.Object({ plan: PlanSchema, credits: Type.Optional(Type.Integer({ minimum: 0 })), ...AccountFields }, { additionalProperties: false }),
      response: responses({ 201: Type.Object({ account_id: Type.Integer(), api_key: Type.String(), account: AdminAccount }) }),
    },
  }, async (request, reply) => {
    const { account, apiKey } = await createAccount(services.db, services.clock, services.ids, request.body);
    return reply.code(201).send({ account_id: account.id, api_key: apiKey, account: await adminAccountView(services.db, account) });
  });

  r.get('/accounts/:id', {
    schema: { tags, summary: 'Read an account', params: Type.Object({ id: Type.Integer() }), response: responses({ 200: AdminAccount }) },
  }, async (request) => {
    const account = await getAccount(services.db, request.params.id);
    if (!account) throw errors.invalidParameter('id', `No account ${request.params.id}.`);
    return adminAccountView(services.db, account);
  });

  r.patch('/accounts/:id', {
    schema: {
      tags,
      summary: 'Update an account; credits_delta is recorded in the ledger as a grant',
      params: Type.Object({ id: Type.Integer() }),
      body: Type.Object({ plan: Type.Optional(PlanSchema), credits_delta: Type.Optional(Type.Integer()), ...AccountFields }, { additionalProperties: false }),
      response: responses({ 200: AdminAccount }),
    },
  }, async (request) => {
    const account = await updateAccount(services.db, services.clock, request.params.id, request.body);
    return adminAccountView(services.db, account);
  });

  r.post('/accounts/:id/api-keys', {
    schema: { tags, summary: 'Issue another API key', params: Type.Object({ id: Type.Integer() }), response: responses({ 201: Type.Object({ api_key: Type.String() }) }) },
  }, async (request, reply) => {
    if (!(await getAccount(services.db, request.params.id))) throw errors.invalidParameter('id', `No account ${request.params.id}.`);
    return reply.code(201).send({ api_key: await createApiKey(services.db, services.clock, services.ids, request.params.id) });
  });

  r.delete('/api-keys/:api_key', {
    schema: {
      tags,
      summary: 'Revoke an API key (full key or its visible prefix)',
      params: Type.Object({ api_key: Type.String({ minLength: 1 }) }),
      response: responses({ 204: Type.Null({ description: 'No content' }) }),
    },
  }, async (request, reply) => {
    await revokeApiKey(services.db, services.clock, request.params.api_key);
    return reply.code(204).send(null);
  });

  r.post('/documents/:document_id/cancel', {
    schema: {
      tags,
      summary: 'Cancel a queued or processing document and refund it',
      params: Type.Object({ document_id: Type.String({ minLength: 1, maxLength: 100 }) }),
      response: responses({ 200: Type.Object({ document_id: Type.String(), status: Type.String() }, { additionalProperties: true }) }),
    },
  }, async (request) => cancelDocument(services, request.params.document_id));

  r.put('/processing', {
    schema: {
      tags,
      summary: 'Pause or resume all workers (maintenance switch)',
      body: Type.Object({ paused: Type.Boolean() }, { additionalProperties: false }),
      response: responses({ 200: Type.Object({ paused: Type.Boolean() }) }),
    },
  }, async (request) => {
    await setProcessingPaused(services.db, services.clock, request.body.paused);
    return { paused: request.body.paused };
  });

  registerAdminEngineUsageRoutes(app, services);
}
