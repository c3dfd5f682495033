import { Type, type TSchema } from '@sinclair/typebox';
import { PUBLIC_STATUSES } from '../../core/shared/index.js';
import { ERROR_CATALOG } from '../../errors.js';

/** The error body (docs/api.md, Errors), referenced by every route's non-2xx responses in the OpenAPI document. */
const ErrorBody = Type.Object(
  {
    error: Type.Object({
      type: Type.Unsafe<string>({ type: 'string', enum: [...new Set(Object.values(ERROR_CATALOG).map((e) => e.type))] }),
      code: Type.Unsafe<string>({ type: 'string', enum: Object.keys(ERROR_CATALOG), description: 'Match on this; see /docs/errors' }),
      message: Type.String(),
      doc_url: Type.String(),
      param: Type.Optional(Type.String()),
    }),
  },
  { description: 'Error' },
);

/** Response map with the given success schema(s) plus the error body for every error status we answer. */
export function responses<S extends Record<number, TSchema>>(success: S) {
  return {
    ...success,
    400: ErrorBody, 401: ErrorBody, 402: ErrorBody, 403: ErrorBody, 404: ErrorBody, 408: ErrorBody, 429: ErrorBody, 500: ErrorBody,
  };
}

export const Timestamp = Type.String({ format: 'date-time' });
export const NullableTimestamp = Type.Union([Timestamp, Type.Null()]);

/**
 * A string limited to `values`, written as a JSON Schema `enum` so the OpenAPI
 * document (and the client generated from it) lists the allowed values, and a
 * wrong value answers with that list (validation.ts).
 */
export function StringEnum<const T extends readonly string[]>(values: T, options: { description?: string; default?: T[number] } = {}) {
  return Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });
}

/**
 * A document, result or batch `status` in an answer: documented with its
 * values (PUBLIC_STATUSES), typed as the string the core layer returns.
 */
export function StatusField(description?: string) {
  return Type.Unsafe<string>({ type: 'string', enum: [...PUBLIC_STATUSES], ...(description ? { description } : {}) });
}
