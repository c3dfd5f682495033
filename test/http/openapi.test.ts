import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.js';

interface OpenApiOperation {
  parameters?: Array<{ name: string; in: string; required?: boolean; description?: string; schema?: { enum?: string[]; default?: unknown } }>;
  requestBody?: { required?: boolean; content: Record<string, { schema: { properties: Record<string, { enum?: string[]; format?: string }> } }> };
  responses?: Record<string, { description: string; content?: Record<string, { example?: { error: { code: string } } }> }>;
  'x-codeSamples'?: Array<{ source: string }>;
}

describe('OpenAPI document', () => {
  let t: TestApp;
  let doc: { openapi: string; paths: Record<string, Record<string, OpenApiOperation>> };
  beforeAll(async () => {
    t = await startTestApp('sqlite');
    const res = await t.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    doc = res.json();
  });
  afterAll(async () => t.destroy());

  it('is OpenAPI 3.1', () => {
    expect(doc.openapi).toBe('3.1.0');
  });

  it('lists every implemented API and admin route with its path, query and body parameters', () => {
    const documented = t.server.registeredRoutes.filter((r) => !r.schema.hide);
    expect(documented.length).toBeGreaterThan(5);
    for (const route of documented) {
      const path = route.url.replace(/:([A-Za-z_]+)/g, '{$1}');
      const op = doc.paths[path]?.[route.method.toLowerCase()];
      expect({ route: `${route.method} ${route.url}`, documented: op !== undefined }).toEqual({ route: `${route.method} ${route.url}`, documented: true });
      const params = new Set((op!.parameters ?? []).map((p) => `${p.in}:${p.name}`));
      for (const name of Object.keys(route.schema.querystring?.properties ?? {})) expect(params).toContain(`query:${name}`);
      for (const name of Object.keys(route.schema.params?.properties ?? {})) expect(params).toContain(`path:${name}`);
      if (route.schema.body) expect(op!.requestBody).toBeDefined();
    }
  });

  it('documents the error body on API routes', () => {
    const op = doc.paths['/api/v1/account'].get;
    expect(Object.keys(op.responses ?? {})).toEqual(expect.arrayContaining(['200', '400', '401', '403', '429', '500']));
  });

  it('passes an OpenAPI 3.1 schema validator', async () => {
    const result = await new Validator().validate(structuredClone(doc) as Parameters<Validator['validate']>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('describes the multipart upload so a generated client can send a file', () => {
    const body = doc.paths['/api/v1/documents'].post.requestBody!;
    const form = body.content['multipart/form-data'].schema.properties;
    expect(form.file.format).toBe('binary');
    expect(Object.keys(form)).toEqual(expect.arrayContaining(['file', 'url', 'batch_name', 'template_id', 'password']));
  });

  it('lists the allowed values of quality, format, status, source and mode as enums, and the items of include', () => {
    const param = (path: string, method: string, name: string) => doc.paths[path][method].parameters!.find((p) => p.name === name)!;
    const processBody = doc.paths['/api/v1/batches/{batch_name}/process'].post.requestBody!.content['application/json'].schema;
    expect(processBody.properties.quality.enum).toEqual(['fast', 'high']);
    // include is a comma-separated list (bbox, confidence): its items are named in its description, checked by the route.
    const include = param('/api/v1/batches/{batch_name}/results', 'get', 'include');
    expect(include.description ?? (include.schema as { description?: string }).description).toMatch(/bbox.*confidence/);
    expect(param('/api/v1/batches/{batch_name}/export', 'get', 'format').schema!.enum).toEqual(['xlsx']);
    expect(param('/api/v1/batches', 'get', 'source').schema!.enum).toContain('direct');
    expect(param('/api/v1/batches', 'get', 'mode').schema!.enum).toEqual(['table']);
    const listed = JSON.stringify(doc.paths['/api/v1/batches'].get.responses!['200']);
    expect(listed).toContain('"enum":["queued","processing","succeeded","failed","canceled"]');
  });

  it('describes every parameter and body field', () => {
    const undescribed: string[] = [];
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        for (const p of op.parameters ?? []) if (!p.description && !(p.schema as { description?: string }).description) undescribed.push(`${method} ${path} ${p.in}:${p.name}`);
        for (const media of Object.values(op.requestBody?.content ?? {})) {
          for (const [name, field] of Object.entries(media.schema.properties)) if (!(field as { description?: string }).description) undescribed.push(`${method} ${path} body:${name}`);
        }
      }
    }
    expect(undescribed).toEqual([]);
  });

  it('does not mark parameters with a default as required', () => {
    for (const [path, method, name] of [['/api/v1/batches', 'get', 'limit'], ['/api/v1/batches/{batch_name}/results', 'get', 'merge'], ['/api/v1/batches/{batch_name}/export', 'get', 'format']]) {
      const p = doc.paths[path][method].parameters!.find((x) => x.name === name)!;
      expect({ name, default: p.schema!.default !== undefined, required: p.required ?? false }).toEqual({ name, default: true, required: false });
    }
    expect(doc.paths['/api/v1/batches/{batch_name}/process'].post.requestBody!.required).toBe(false);
  });

  it('names the error codes each operation answers, with an example body and a curl sample', () => {
    const processOp = doc.paths['/api/v1/batches/{batch_name}/process'].post;
    expect(processOp.responses!['402'].description).toContain('`insufficient_credits`');
    expect(processOp.responses!['404'].description).toContain('`batch_not_found`');
    expect(processOp.responses!['402'].content!['application/json'].example!.error.code).toBe('insufficient_credits');
    // A read of the account can neither run out of credits nor miss a batch.
    expect(doc.paths['/api/v1/account'].get.responses!['402']).toBeUndefined();
    expect(doc.paths['/api/v1/account'].get.responses!['404']).toBeUndefined();
    for (const methods of Object.values(doc.paths)) {
      for (const op of Object.values(methods)) expect(op['x-codeSamples']?.[0].source).toMatch(/^curl -X /);
    }
  });

  it('renders /docs with the Redoc bundle served by docrows itself, the document inlined', async () => {
    const res = await t.inject({ method: 'GET', url: '/docs' });
    expect(res.statusCode).toBe(200);
    const scripts = [...res.body.matchAll(/<script[^>]*src="([^"]+)"/g)].map((m) => m[1]);
    expect(scripts).toEqual(['/docs/redoc.standalone.js']);
    const inlined = /<script type="application\/json" id="openapi">([\s\S]*?)<\/script>/.exec(res.body)![1];
    expect(Object.keys(JSON.parse(inlined).paths)).toEqual(Object.keys(doc.paths));
    const bundle = await t.inject({ method: 'GET', url: '/docs/redoc.standalone.js' });
    expect(bundle.statusCode).toBe(200);
    expect(bundle.headers['content-type']).toContain('javascript');
    expect(bundle.body).toContain('Redoc');
  });

  it('renders backticks in the error guide as code', async () => {
    const res = await t.inject({ method: 'GET', url: '/docs/errors' });
    expect(res.body).toContain('<code>Authorization: Bearer &lt;API_KEY&gt;</code>');
    expect(res.body).not.toMatch(/<p>[^<]*`/);
  });
});
