import { createRequire } from 'node:module';
import { ERROR_CATALOG, type ErrorCode } from '../errors.js';

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** Escaped text with its `backtick` spans as code, as the catalogue's summaries are written. */
function inlineCode(s: string): string {
  return escapeHtml(s).replace(/`([^`]+)`/g, '<code>$1</code>');
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="/favicon.ico" type="image/svg+xml">
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#222}
code{background:#f3f3f3;padding:0 .25rem;border-radius:3px}h2{border-bottom:1px solid #ddd;margin-top:2rem}
table{border-collapse:collapse}td,th{border:1px solid #ddd;padding:.25rem .5rem;text-align:left}</style>
</head><body>${body}</body></html>`;
}

/** Where /docs loads the renderer from: the redoc package, served by docrows itself (no CDN). */
export const REDOC_BUNDLE_PATH = '/docs/redoc.standalone.js';

/** Where Redoc's sidebar footer takes its logo from; Redoc has no option to leave it out. */
const REDOCLY_LOGO_URL = 'https://cdn.redoc.ly/redoc/logo-mini.svg';
/** An empty picture in its place, so /docs makes no request beyond this server. */
const EMPTY_IMAGE = 'data:image/svg+xml,%3Csvg xmlns=%22http://www.w3.org/2000/svg%22/%3E';

/** The bundle's text with its one remote resource, the footer logo, replaced by an empty inline picture. */
export function withoutRemoteLogo(bundle: string): string {
  return bundle.replaceAll(REDOCLY_LOGO_URL, EMPTY_IMAGE);
}

/** The Redoc standalone bundle's file inside node_modules. */
export const redocBundleFile = (): string => createRequire(import.meta.url).resolve('redoc/bundles/redoc.standalone.js');

/**
 * /docs: the OpenAPI document rendered by Redoc (every parameter and body field
 * with its rule, request and response samples, the error codes per operation).
 * The document is inlined, so the page needs no second request for it; `<`
 * is escaped so no string in it can close the script element.
 */
export function renderApiReference(doc: unknown): string {
  const spec = JSON.stringify(doc).replace(/</g, '\\u003c');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>docrows API reference</title>
<meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="/favicon.ico" type="image/svg+xml">
<style>body{margin:0}</style></head><body>
<noscript>This reference needs JavaScript. The machine-readable document is at <a href="/api/v1/openapi.json">/api/v1/openapi.json</a>; errors at <a href="/docs/errors">/docs/errors</a>.</noscript>
<div id="reference"></div>
<script type="application/json" id="openapi">${spec}</script>
<script src="${REDOC_BUNDLE_PATH}"></script>
<script>Redoc.init(JSON.parse(document.getElementById('openapi').textContent), {expandResponses: '200,201,202', jsonSampleExpandLevel: 3, hideDownloadButton: false}, document.getElementById('reference'));</script>
</body></html>`;
}

export function renderErrorGuide(): string {
  const rows = (Object.keys(ERROR_CATALOG) as ErrorCode[])
    .map((code) => {
      const e = ERROR_CATALOG[code];
      return `<h2 id="${code}"><code>${code}</code></h2><p>HTTP ${e.status}, type <code>${e.type}</code>.</p><p>${inlineCode(e.summary)}</p>`;
    })
    .join('');
  return page('docrows error guide', `<h1>Error guide</h1>
<p>Every non-2xx answer has the body <code>{"error": {"type", "code", "message", "doc_url", "param"?}}</code>.
Match on <code>code</code>; <code>message</code> is for people. <code>param</code> appears only on
<code>missing_parameter</code>, <code>invalid_parameter</code> and <code>duplicate_field_name</code>.</p>${rows}`);
}
