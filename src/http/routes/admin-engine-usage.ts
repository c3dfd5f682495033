import { Type } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { getAccount } from '../../core/accounts/index.js';
import { batchEngineUsage } from '../../core/processing/index.js';
import { errors } from '../../errors.js';
import type { Services } from '../../services.js';
import { responses } from '../schemas/common.js';

const Sums = {
  pages: Type.Integer(),
  succeeded: Type.Integer(),
  failed: Type.Integer(),
  tokens_in: Type.Integer(),
  tokens_out: Type.Integer(),
  requests: Type.Integer(),
  credits: Type.Integer({ description: 'Credits the succeeded pages kept (failed pages were refunded)' }),
};

const EngineUsage = Type.Object({
  account_id: Type.Integer(),
  batch_name: Type.String(),
  totals: Type.Object(Sums),
  by_engine: Type.Array(Type.Object({ tier: Type.String(), engine: Type.String(), model: Type.Union([Type.String(), Type.Null()]), ...Sums })),
});

/** Operator route (inside the admin scope, so its token check applies): what a batch cost at its engines. */
export function registerAdminEngineUsageRoutes(app: FastifyInstance, services: Services): void {
  app.withTypeProvider<TypeBoxTypeProvider>().get('/accounts/:id/batches/:batch_name/engine-usage', {
    schema: {
      tags: ['Admin'],
      summary: 'Tokens and requests per engine and model for one batch, beside the credits its pages kept',
      params: Type.Object({ id: Type.Integer(), batch_name: Type.String({ minLength: 1, maxLength: 200 }) }),
      response: responses({ 200: EngineUsage }),
    },
  }, async (request) => {
    if (!(await getAccount(services.db, request.params.id))) throw errors.invalidParameter('id', `No account ${request.params.id}.`);
    return batchEngineUsage(services.db, request.params.id, request.params.batch_name);
  });
}
