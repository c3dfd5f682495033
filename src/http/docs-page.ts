import { ERROR_CATALOG, type ErrorCode } from '../errors.js';

export interface OpenApiDoc {
  info: { title: string; description?: string };
  paths: Record<string, Record<string, { summary?: string; tags?: string[]; parameters?: Array<{ name: string; in: string; required?: boolean; description?: string; schema?: { type?: string } }>; requestBody?: unknown }>>;
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#222}
code{background:#f3f3f3;padding:0 .25rem;border-radius:3px}h2{border-bottom:1px solid #ddd;margin-top:2rem}
.m{display:inline-block;min-width:4.5rem;font-weight:600}table{border-collapse:collapse}td,th{border:1px solid #ddd;padding:.25rem .5rem;text-align:left}</style>
</head><body>${body}</body></html>`;
}

/** Human API reference generated from the same OpenAPI document clients can download. */
export function renderApiReference(doc: OpenApiDoc, baseUrl: string): string {
  const byTag = new Map<string, string[]>();
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const tag = op.tags?.[0] ?? 'Other';
      const params = (op.parameters ?? [])
        .map((p) => `<li><code>${escapeHtml(p.name)}</code> (${p.in}${p.required ? ', required' : ''})${p.description ? ` — ${escapeHtml(p.description)}` : ''}</li>`)
        .join('');
      const entry = `<h3><span class="m">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></h3>
<p>${escapeHtml(op.summary ?? '')}</p>${params ? `<ul>${params}</ul>` : ''}${op.requestBody ? '<p>Request body: see the OpenAPI document.</p>' : ''}`;
      byTag.set(tag, [...(byTag.get(tag) ?? []), entry]);
    }
  }
  const sections = [...byTag.entries()].map(([tag, entries]) => `<h2>${escapeHtml(tag)}</h2>${entries.join('')}`).join('');
  return page('docrows API reference', `<h1>docrows API reference</h1>
<p>${escapeHtml(doc.info.description ?? '')}</p>
<p>Base URL <code>${escapeHtml(baseUrl)}/api/v1</code>. Authenticate every call with <code>Authorization: Bearer &lt;API_KEY&gt;</code>.
Machine-readable: <a href="/api/v1/openapi.json">OpenAPI 3.1 document</a>. Errors: <a href="/docs/errors">error guide</a>.</p>${sections}`);
}

export function renderErrorGuide(): string {
  const rows = (Object.keys(ERROR_CATALOG) as ErrorCode[])
    .map((code) => {
      const e = ERROR_CATALOG[code];
      return `<h2 id="${code}"><code>${code}</code></h2><p>HTTP ${e.status}, type <code>${e.type}</code>.</p><p>${escapeHtml(e.summary)}</p>`;
    })
    .join('');
  return page('docrows error guide', `<h1>Error guide</h1>
<p>Every non-2xx answer has the body <code>{"error": {"type", "code", "message", "doc_url", "param"?}}</code>.
Match on <code>code</code>; <code>message</code> is for people. <code>param</code> appears only on
<code>missing_parameter</code>, <code>invalid_parameter</code> and <code>duplicate_field_name</code>.</p>${rows}`);
}
