import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { bearer, type TestApp } from './app.js';

export interface FieldJson {
  id: number;
  name: string;
  format_requirement: string;
  sort_order: number;
  template_id: number;
  created_at: string;
}

export interface TemplateJson {
  id: number;
  name: string;
  created_at: string;
  fields: FieldJson[];
  global_format_requirement: string;
  merge_enabled: boolean;
  merge_group_by: string;
  merge_key_fields: string[];
  merge_mode: string;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** An /api/v1 client for one account, with the template calls the tests repeat. */
export function templateClient(t: TestApp, apiKey: string) {
  const call = (method: Method, url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    t.inject({
      method, url: `/api/v1${url}`, headers: { ...bearer(apiKey), ...headers },
      ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
    });
  const ok = <T>(res: LightMyRequestResponse, key: string): T => {
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as Record<string, T>)[key];
  };
  return {
    call,
    createTemplate: async (body: Record<string, unknown>) => ok<TemplateJson>(await call('POST', '/templates', body), 'template'),
    addField: async (templateId: number, name: string, formatRequirement?: string) =>
      ok<FieldJson>(await call('POST', `/templates/${templateId}/fields`, {
        name, ...(formatRequirement !== undefined ? { format_requirement: formatRequirement } : {}),
      }), 'field'),
    /** A template with the given field names, in order. */
    async templateWithFields(name: string, fieldNames: string[]): Promise<TemplateJson> {
      const template = await this.createTemplate({ name });
      for (const fieldName of fieldNames) await this.addField(template.id, fieldName);
      return (await this.allTemplates()).find((x) => x.id === template.id)!;
    },
    allTemplates: async () => ok<TemplateJson[]>(await call('GET', '/templates?limit=100'), 'data'),
    fields: async (templateId: number) => ok<FieldJson[]>(await call('GET', `/templates/${templateId}/fields`), 'data'),
    /** Everything the account's templates hold, to show a refused request changed nothing. */
    snapshot: async () => JSON.stringify(ok<TemplateJson[]>(await call('GET', '/templates?limit=100'), 'data')),
  };
}

export type TemplateClient = ReturnType<typeof templateClient>;

/** The error answer of the spec: status, code, type, and `param` exactly when given. */
export function expectError(res: LightMyRequestResponse, status: number, code: string, param?: string): void {
  expect(res.statusCode, res.body).toBe(status);
  const error = (res.json() as { error: Record<string, unknown> }).error;
  expect(error.code).toBe(code);
  if (param === undefined) expect(error).not.toHaveProperty('param');
  else expect(error.param).toBe(param);
}

export const names = (fields: readonly { name: string }[]) => fields.map((f) => f.name);
