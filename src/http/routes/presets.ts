import { Type } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { listPresets, type Preset as PresetData } from '../../core/templates/index.js';
import type { Services } from '../../services.js';
import { decodePageToken, envelopeSchema, limitParam, pageOf, PageTokenParam } from '../pagination.js';
import { responses } from '../schemas/common.js';

const Preset = Type.Object({
  id: Type.String(),
  category: Type.String(),
  name: Type.String(),
  fields: Type.Array(Type.Object({ name: Type.String(), format_requirement: Type.String() })),
});

function presetView(preset: PresetData) {
  return { id: preset.id, category: preset.category, name: preset.name, fields: preset.fields.map((f) => ({ ...f })) };
}

export function registerPresetRoutes(app: FastifyInstance, services: Services): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get('/presets', {
    schema: {
      tags: ['Templates'],
      summary: 'Built-in presets (static field lists to create templates from)',
      querystring: Type.Object({
        category: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'Only this category; an unknown one lists nothing' })),
        limit: limitParam(100, 50),
        page_token: Type.Optional(PageTokenParam),
      }, { additionalProperties: false }),
      response: responses({ 200: envelopeSchema(Preset) }),
    },
  }, async (request) => {
    const { category, limit, page_token: token } = request.query;
    // The catalog is the same for everyone; the scope only ties a token to its category filter.
    const scope = `presets:${category ?? ''}`;
    const afterId = decodePageToken<string>(services.pageTokenKey, scope, token);
    const presets = listPresets({ category, afterId, limit: limit + 1 });
    return pageOf(presets, limit, services.pageTokenKey, scope, (preset) => preset.id, presetView);
  });
}
