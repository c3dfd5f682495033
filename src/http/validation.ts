import { Ajv, type Options } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';

function makeAjv(options: Options): Ajv {
  const ajv = new Ajv({ removeAdditional: false, useDefaults: true, allErrors: false, strict: false, ...options });
  addFormats.default(ajv);
  return ajv;
}

/**
 * Query strings and path params arrive as text, so they are coerced ("20" → 20);
 * JSON bodies are not: a string where the spec wants an integer is a client bug
 * and answers invalid_parameter instead of being guessed at.
 */
export function validatorCompiler(): FastifySchemaCompiler<unknown> {
  const coercing = makeAjv({ coerceTypes: 'array' });
  const strict = makeAjv({ coerceTypes: false });
  return ({ schema, httpPart }) => (httpPart === 'body' ? strict : coercing).compile(schema as object);
}
