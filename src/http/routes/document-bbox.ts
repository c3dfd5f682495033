import { Type } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { triggerBbox, getBboxState } from '../../core/bbox/index.js';
import type { Services } from '../../services.js';
import { responses, StatusField } from '../schemas/common.js';

const Status = StatusField();

const BboxObject = Type.Object({
  x1: Type.Number(), y1: Type.Number(), x2: Type.Number(), y2: Type.Number(), unit: Type.Literal('normalized'),
}, { description: 'Normalized page box (0..1, origin top-left)' });

const BboxJob = Type.Object({
  document_id: Type.String(),
  group_batch_id: Type.String(),
  status: Status,
  already_running: Type.Boolean(),
  row_groups: Type.Integer(),
});

const BboxState = Type.Object({
  document_id: Type.String(),
  exists: Type.Boolean(),
  status: Type.Union([Status, Type.Null()]),
  group_batch_id: Type.Union([Type.String(), Type.Null()]),
  rows: Type.Record(Type.String(), Type.Record(Type.String(), Type.Union([BboxObject, Type.Null()])), {
    description: 'Row index → field name → box, or null where the value was not found on the page',
  }),
});

const Params = Type.Object({ document_id: Type.String({ minLength: 1, maxLength: 100 }) });

export function registerDocumentBboxRoutes(app: FastifyInstance, services: Services): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.post('/documents/:document_id/bbox', {
    config: { idempotency: 'json' },
    schema: {
      tags: ['Documents'],
      summary: 'Start the paid bbox job (locates every extracted value on the page)',
      params: Params,
      response: responses({ 200: BboxJob, 202: BboxJob }),
    },
  }, async (request, reply) => {
    const result = await triggerBbox(services, request.principal, request.params.document_id);
    return reply.code(result.already_running ? 200 : 202).send(result);
  });

  r.get('/documents/:document_id/bbox', {
    schema: {
      tags: ['Documents'],
      summary: 'State and boxes of the most recent bbox job',
      params: Params,
      response: responses({ 200: BboxState }),
    },
  }, async (request) => getBboxState(services.db, request.principal, request.params.document_id));
}
