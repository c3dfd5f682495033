import { Type } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { deleteMemory, listMemories, memoryView } from '../../core/layout-memory/index.js';
import type { Services } from '../../services.js';
import { decodePageToken, envelopeSchema, limitParam, pageOf, PageTokenParam } from '../pagination.js';
import { responses, Timestamp } from '../schemas/common.js';

const Empty = Type.Null({ description: 'No content' });

const TAGS = ['Layout memory'];

const Nullable = (t: ReturnType<typeof Type.String>) => Type.Union([t, Type.Null()]);

const LayoutMemory = Type.Object({
  id: Type.String({ description: 'mem_<ulid>' }),
  sender: Type.Object({
    name: Nullable(Type.String({ description: 'The name the sender prints in its letterhead' })),
    tax_id: Nullable(Type.String({ description: 'A VAT or tax id printed on the page' })),
    iban: Nullable(Type.String()),
  }, { description: 'What identifies the sender: its name and tax id or IBAN where read' }),
  fields: Type.Array(Type.String(), { description: 'The fields learned: document values and line-item columns' }),
  documents: Type.Integer({ minimum: 1, description: 'Corrected documents it learned from' }),
  created_at: Timestamp,
  updated_at: Timestamp,
});

const MemoryParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 200 }) });

/** Layout memory (docs/decisions.md, "Corrections, reprocessing, layout memory"): what corrections taught, per account. */
export function registerLayoutMemoryRoutes(app: FastifyInstance, services: Services): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  r.get('/layout_memories', {
    schema: {
      tags: TAGS,
      summary: 'What corrections taught the layout engine, one memory per sender and layout, newest first',
      querystring: Type.Object({ limit: limitParam(100, 20), page_token: Type.Optional(PageTokenParam) }, { additionalProperties: false }),
      response: responses({ 200: envelopeSchema(LayoutMemory) }),
    },
  }, async (request) => {
    const scope = `layout_memories:${request.principal.accountId}`;
    const before = decodePageToken<string>(services.pageTokenKey, scope, request.query.page_token);
    const rows = await listMemories(services, request.principal, request.query.limit + 1, before);
    return pageOf(rows, request.query.limit, services.pageTokenKey, scope, (row) => row.id, memoryView);
  });

  r.delete('/layout_memories/:id', {
    schema: { tags: TAGS, summary: 'Delete a layout memory: later pages are read without it', params: MemoryParams, response: responses({ 204: Empty }) },
  }, async (request, reply) => {
    await deleteMemory(services, request.principal, request.params.id);
    return reply.code(204).send(null);
  });
}
