import { Type, type TSchema } from '@sinclair/typebox';

/** The spec's error body, referenced by every route's non-2xx responses in the OpenAPI document. */
export const ErrorBody = Type.Object(
  {
    error: Type.Object({
      type: Type.String(),
      code: Type.String(),
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
    400: ErrorBody, 401: ErrorBody, 402: ErrorBody, 403: ErrorBody, 404: ErrorBody, 429: ErrorBody, 500: ErrorBody,
  };
}

export const Timestamp = Type.String({ format: 'date-time' });
export const NullableTimestamp = Type.Union([Timestamp, Type.Null()]);
