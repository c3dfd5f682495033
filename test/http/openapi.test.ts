import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.js';

interface OpenApiOperation {
  parameters?: Array<{ name: string; in: string }>;
  requestBody?: unknown;
  responses?: Record<string, unknown>;
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

  it('renders a human API reference at /docs naming every documented route', async () => {
    const res = await t.inject({ method: 'GET', url: '/docs' });
    expect(res.statusCode).toBe(200);
    for (const path of Object.keys(doc.paths)) expect(res.body).toContain(path.replace(/&/g, '&amp;'));
  });
});
