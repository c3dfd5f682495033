import { Ajv, type Options } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler, preValidationAsyncHookHandler } from 'fastify';
import { errors } from '../errors.js';

function makeAjv(options: Options): Ajv {
  const ajv = new Ajv({ removeAdditional: false, useDefaults: true, allErrors: false, strict: false, ...options });
  addFormats.default(ajv);
  return ajv;
}

/**
 * Query strings and path params arrive as text, so they are coerced ("20" → 20);
 * JSON bodies are not: a string where the schema wants an integer is a client bug
 * and answers invalid_parameter instead of being guessed at (docs/decisions.md, Requests and errors).
 */
export function validatorCompiler(): FastifySchemaCompiler<unknown> {
  const coercing = makeAjv({ coerceTypes: 'array' });
  const strict = makeAjv({ coerceTypes: false });
  return ({ schema, httpPart }) => (httpPart === 'body' ? strict : coercing).compile(schema as object);
}

/**
 * One rule for every API route: a query parameter the route does not name is
 * refused (invalid_parameter naming it), so a typo (`limt=5`) never silently
 * does nothing (docs/decisions.md, Requests and errors). It runs before the
 * body is validated, so the answer names the unknown parameter whatever the body.
 */
export function unknownQueryGuard(schema: { querystring?: unknown } | undefined): preValidationAsyncHookHandler {
  const known = new Set(Object.keys((schema?.querystring as { properties?: object } | undefined)?.properties ?? {}));
  return async (request) => {
    const unknown = Object.keys((request.query ?? {}) as object).find((name) => !known.has(name));
    if (unknown !== undefined) throw errors.invalidParameter(unknown, `Unknown parameter "${unknown}".`);
  };
}

/** One Ajv error as the error handler receives it (fastify's `err.validation`). */
export interface AjvIssue {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
}

function quoteList(values: unknown[]): string {
  const shown = values.map((v) => `\`${String(v)}\``);
  return shown.length <= 2 ? shown.join(' or ') : `${shown.slice(0, -1).join(', ')} or ${shown[shown.length - 1]}`;
}

/**
 * What a person should read for a failed rule on `param`. A union of literals
 * fails as one `const` issue per branch ("must be equal to constant"), so the
 * branches at the same path are gathered into the list of allowed values.
 */
export function describeIssue(param: string, issue: AjvIssue, all: AjvIssue[]): string {
  const atPath = all.filter((i) => i.instancePath === issue.instancePath);
  const allowed = [
    ...atPath.filter((i) => i.keyword === 'const').map((i) => i.params.allowedValue),
    ...atPath.filter((i) => i.keyword === 'enum').flatMap((i) => (i.params.allowedValues as unknown[] | undefined) ?? []),
  ];
  if (allowed.length > 0) return `${param} must be ${allowed.length === 1 ? '' : 'one of '}${quoteList([...new Set(allowed)])}.`;
  return `${param} ${issue.message ?? 'is invalid'}.`;
}
