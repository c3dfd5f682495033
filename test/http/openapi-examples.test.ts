import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../src/http/api-operations.js';
import { validatorCompiler } from '../../src/http/validation.js';
import { textPdf } from '../fixtures/ingest/pdf-fixtures.js';
import { bearer, startTestApp, type TestApp } from '../helpers/app.js';
import { upload } from './helpers/uploads.js';

type Schema = Record<string, unknown>;
interface Media { schema: Schema; example?: unknown }
interface Operation {
  operationId?: string; summary?: string; description?: string;
  requestBody?: { content: Record<string, Media> };
  responses: Record<string, { content?: Record<string, Media> }>;
  'x-codeSamples': Array<{ source: string }>;
}

/**
 * The schema with every object closed to properties it does not list, so an
 * example that keeps a renamed or dropped property fails as well as one that
 * lacks a required one (Fastify would drop the stray property from a real answer).
 */
function closed(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(closed);
  if (schema === null || typeof schema !== 'object') return schema;
  const copy = Object.fromEntries(Object.entries(schema).map(([k, v]) => [k, closed(v)])) as Schema;
  if (copy.properties && copy.additionalProperties === undefined) copy.additionalProperties = false;
  return copy;
}

const check = validatorCompiler();
/** Validated with the server's own request validator, on a copy (it fills in defaults). */
function problems(schema: unknown, value: unknown): string | null {
  const validate = check({ schema: closed(schema) as Schema, httpPart: 'body', method: 'POST', url: '/' }) as unknown as ((v: unknown) => boolean) & { errors?: unknown };
  return validate(structuredClone(value)) ? null : JSON.stringify(validate.errors);
}

describe('OpenAPI operations: ids, descriptions and examples drawn from the route schemas', () => {
  let t: TestApp;
  let doc: { paths: Record<string, Record<string, Operation>> };
  const ops = () => Object.entries(doc.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, op })));
  const routeOf = (key: string) => t.server.registeredRoutes.find((r) => `${r.method} ${r.url.replace(/:([A-Za-z_]+)/g, '{$1}')}` === key)!;

  beforeAll(async () => {
    t = await startTestApp('sqlite', { DOCROWS_ALLOW_PRIVATE_URLS: 'true' });
    doc = (await t.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
  });
  afterAll(async () => t.destroy());

  it('gives every operation a summary, a description and a unique operationId, and names no route that is gone', () => {
    const missing = ops().filter(({ op }) => !op.summary || !op.description || !op.operationId).map(({ key }) => key);
    expect(missing).toEqual([]);
    const ids = ops().map(({ op }) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(Object.keys(OPERATIONS).sort()).toEqual(ops().map(({ key }) => key).sort());
  });

  it('has a request example for every body, valid against the schema the route validates with', () => {
    const wrong: string[] = [];
    for (const { key, op } of ops()) {
      for (const [type, media] of Object.entries(op.requestBody?.content ?? {})) {
        if (media.example === undefined) { wrong.push(`${key}: no ${type} example`); continue; }
        // The upload form is read by multipart-form.ts, not by a route schema: its documented form is the rule.
        const schema = type === 'multipart/form-data' ? media.schema : routeOf(key).schema.body;
        const problem = problems(schema, media.example);
        if (problem) wrong.push(`${key}: ${problem}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('has a success example for every JSON answer, valid against the route\'s response schema; binary answers name their media type', () => {
    const wrong: string[] = [];
    for (const { key, op } of ops()) {
      const [status, success] = Object.entries(op.responses).find(([s]) => Number(s) < 300)!;
      if (status === '204') continue;
      const json = success.content?.['application/json'];
      if (!json) {
        expect({ key, types: Object.keys(success.content ?? {}) }).toEqual({ key, types: [expect.stringMatching(/^(image\/jpeg|application\/vnd\.openxmlformats)/)] });
        continue;
      }
      if (json.example === undefined) { wrong.push(`${key}: no ${status} example`); continue; }
      const problem = problems(routeOf(key).schema.response![status], json.example);
      if (problem) wrong.push(`${key} ${status}: ${problem}`);
    }
    expect(wrong).toEqual([]);
  });

  it('fails an example that drifts from its schema', () => {
    const route = routeOf('POST /api/v1/batches/{batch_name}/process');
    expect(problems(route.schema.body, { template_id: 1, fields: [], quality: 'medium' })).not.toBeNull();
    expect(problems(route.schema.response!['200'], { batch_name: 'b', queued: 1, quality: 'fast', webhook_registered: false, secret: 'x' })).not.toBeNull();
  });

  it('sends the process sample\'s body to a real batch and gets 200; with a webhook_url the answer carries its secret', async () => {
    const { apiKey } = await t.createAccount({ credits: 10 });
    const up = await upload(t, apiKey, { fields: { batch_name: 'invoices-march' }, file: { filename: 'invoice.pdf', content: await textPdf({ pages: 1, rows: 3 }), contentType: 'application/pdf' } });
    expect(up.statusCode).toBe(200);
    const sample = doc.paths['/api/v1/batches/{batch_name}/process'].post['x-codeSamples'][0].source;
    expect(sample).toContain('/api/v1/batches/invoices-march/process');
    const body = JSON.parse(/-d '(.*)'$/m.exec(sample)![1]) as unknown;
    const res = await t.inject({ method: 'POST', url: '/api/v1/batches/invoices-march/process', headers: bearer(apiKey), payload: body as object });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ batch_name: 'invoices-march', queued: 1, quality: 'fast', webhook_registered: false });

    const callback = 'https://erp.example.com/hooks/docrows';
    await upload(t, apiKey, { fields: { batch_name: 'invoices-march' }, file: { filename: 'second.pdf', content: await textPdf({ pages: 1, rows: 2 }), contentType: 'application/pdf' } });
    const again = await t.inject({ method: 'POST', url: '/api/v1/batches/invoices-march/process', headers: bearer(apiKey), payload: { webhook_url: callback } });
    expect(again.statusCode, again.body).toBe(200);
    const answer = again.json();
    expect(answer).toMatchObject({ batch_name: 'invoices-march', webhook_registered: true, webhook_secret: expect.stringMatching(/^whsec_/) });
    // The same secret the webhook registration answers: repeating its PUT reads it.
    const put = await t.inject({ method: 'PUT', url: '/api/v1/batches/invoices-march/webhook', headers: bearer(apiKey), payload: { callback_url: callback } });
    expect(put.json().webhook_secret).toBe(answer.webhook_secret);
    expect(problems(routeOf('POST /api/v1/batches/{batch_name}/process').schema.response!['200'], answer)).toBeNull();
  });
});
