import { Type } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { accountView, listUsage } from '../../core/accounts/index.js';
import type { Services } from '../../services.js';
import { decodePageToken, envelopeSchema, limitParam, pageOf, PageTokenParam } from '../pagination.js';
import { Account } from '../schemas/account.js';
import { responses, Timestamp } from '../schemas/common.js';

const LedgerEntry = Type.Object({
  id: Type.Integer(),
  action: Type.String(),
  reason: Type.Union([Type.String(), Type.Null()]),
  batch_name: Type.Union([Type.String(), Type.Null()]),
  document_id: Type.Union([Type.String(), Type.Null()]),
  point_type: Type.String(),
  amount: Type.Integer(),
  consumer_id: Type.Integer(),
  created_at: Timestamp,
});

export function registerAccountRoutes(app: FastifyInstance, services: Services): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get('/account', { schema: { tags: ['Account'], summary: 'The calling account', response: responses({ 200: Account }) } },
    async (request) => accountView(request.principal));

  r.get('/account/usage', {
    schema: {
      tags: ['Account'],
      summary: 'Usage ledger, newest first',
      querystring: Type.Object({
        limit: limitParam(200, 50),
        batch_name: Type.Optional(Type.String({ minLength: 1, maxLength: 50 })),
        page_token: Type.Optional(PageTokenParam),
      }, { additionalProperties: false }),
      response: responses({ 200: envelopeSchema(LedgerEntry) }),
    },
  }, async (request) => {
    const { limit, batch_name: batchName, page_token: token } = request.query;
    const scope = `usage:${request.principal.accountId}:${batchName ?? ''}`;
    const beforeId = decodePageToken<number>(services.pageTokenKey, scope, token);
    const rows = await listUsage(services.db, request.principal, { batchName, beforeId, limit: limit + 1 });
    return pageOf(rows, limit, services.pageTokenKey, scope, (row) => row.id, (row) => ({
      id: row.id,
      action: row.action,
      reason: row.reason,
      batch_name: row.batch_name,
      document_id: row.document_id,
      point_type: row.point_type,
      amount: row.amount,
      consumer_id: row.consumer_id,
      created_at: row.created_at,
    }));
  });
}
