/** What every hostile test asserts about an answer: 200 or the contract's error body, nothing else. */

const ERROR_KEYS = ['code', 'doc_url', 'message', 'param', 'type'];

/** True when `body` is exactly the contract's `{error: {type, code, message, doc_url, param?}}`. */
export function isContractError(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false;
  const keys = Object.keys(body);
  const error = (body as { error?: unknown }).error;
  if (keys.length !== 1 || typeof error !== 'object' || error === null) return false;
  const e = error as Record<string, unknown>;
  return Object.keys(e).every((k) => ERROR_KEYS.includes(k))
    && ['type', 'code', 'message', 'doc_url'].every((k) => typeof e[k] === 'string')
    && (e.param === undefined || typeof e.param === 'string');
}
