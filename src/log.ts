import pino, { type Logger } from 'pino';

/**
 * The process's logger (pino, JSON lines on stdout). Credentials never reach
 * a line at any level: `authorization` and cookie headers wherever a header
 * set is logged (Fastify's request, @fastify/multipart's busboy options at
 * trace), and the values of secret-looking query parameters in a logged URL.
 */

const REDACTED = '[Redacted]';
const SECRET_HEADERS = ['authorization', 'cookie'];
/** Where header sets sit in the objects the service and its libraries log. */
const HEADER_HOLDERS = ['headers', '*.headers', '*.*.headers'];
/** Query parameter names whose value is a credential (`page_token`, a list's cursor, is not one). */
const SECRET_PARAM = /^(api[_-]?key|key|token|access[_-]?token|auth|secret|client[_-]?secret|password|passwd|signature|sig)$/i;

/** `url` with the value of every secret-looking query parameter replaced. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const query = url.slice(q + 1).split('&').map((pair) => {
    const eq = pair.indexOf('=');
    const name = eq < 0 ? pair : pair.slice(0, eq);
    let decoded = name;
    try {
      decoded = decodeURIComponent(name);
    } catch { /* a malformed name is kept as sent */ }
    return eq >= 0 && SECRET_PARAM.test(decoded) ? `${name}=${REDACTED}` : pair;
  });
  return `${url.slice(0, q)}?${query.join('&')}`;
}

/** Fastify's request, as its own serializer shows it, with the URL redacted. */
function requestValue(req: { method?: string; url?: string; host?: string; ip?: string; socket?: { remotePort?: number } }) {
  return { method: req.method, url: req.url === undefined ? undefined : redactUrl(req.url), host: req.host, remoteAddress: req.ip, remotePort: req.socket?.remotePort };
}

export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { service: 'docrows' },
    redact: { paths: HEADER_HOLDERS.flatMap((holder) => SECRET_HEADERS.map((h) => `${holder}.${h}`)), censor: REDACTED },
    serializers: { req: requestValue },
  });
}
