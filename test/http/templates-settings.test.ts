import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startTestApp, type TestApp } from '../helpers/app.js';
import { expectError, templateClient, type TemplateClient } from '../helpers/templates.js';

describe.each(DIALECTS)('PUT /templates/{id}/settings (%s)', (dialect) => {
  let t: TestApp;
  let c: TemplateClient;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    c = templateClient(t, (await t.createAccount()).apiKey);
  });
  afterAll(async () => t.destroy());

  const put = (id: number, body: unknown) => c.call('PUT', `/templates/${id}/settings`, body);

  it('sets every key and answers the whole template', async () => {
    const template = await c.templateWithFields('Statement', ['account', 'date', 'amount']);
    const res = await put(template.id, {
      global_format_requirement: 'dates as YYYY-MM-DD', merge_enabled: true, merge_group_by: 'key_fields',
      merge_key_fields: ['account', 'date', 'account'], merge_mode: 'append',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      template: {
        ...template, global_format_requirement: 'dates as YYYY-MM-DD', merge_enabled: true, merge_group_by: 'key_fields',
        merge_key_fields: ['account', 'date'], merge_mode: 'append',
      },
    });
    expect((await c.allTemplates()).find((x) => x.id === template.id)).toEqual(res.json().template);
  });

  it('keeps omitted keys; an empty body changes nothing', async () => {
    const template = await c.templateWithFields('Partial', ['a']);
    await put(template.id, { merge_enabled: true, merge_mode: 'append', global_format_requirement: 'uppercase' });
    const res = await put(template.id, { merge_mode: 'fold' });
    expect(res.json().template).toMatchObject({
      global_format_requirement: 'uppercase', merge_enabled: true, merge_group_by: 'upload', merge_key_fields: [], merge_mode: 'fold',
    });
    expect((await put(template.id, {})).json()).toEqual(res.json());
    const cleared = await put(template.id, { global_format_requirement: '', merge_enabled: false });
    expect(cleared.json().template).toMatchObject({ global_format_requirement: '', merge_enabled: false });
  });

  it('refuses each bad value with invalid_parameter naming the key, changing nothing', async () => {
    const template = await c.templateWithFields('Strict', ['ref', 'total']);
    await put(template.id, { merge_enabled: true, merge_group_by: 'key_fields', merge_key_fields: ['ref'] });
    const before = await c.snapshot();
    const cases: [unknown, string][] = [
      [{ merge_group_by: 'page' }, 'merge_group_by'],
      [{ merge_mode: 'zip' }, 'merge_mode'],
      [{ merge_enabled: 'sometimes' }, 'merge_enabled'],
      [{ merge_key_fields: 'ref' }, 'merge_key_fields'],
      [{ merge_key_fields: ['ref', 'nope'] }, 'merge_key_fields'],
      // Grouping by key fields with merge on needs at least one key field.
      [{ merge_key_fields: [] }, 'merge_key_fields'],
      [{ global_format_requirement: 'x'.repeat(4001) }, 'global_format_requirement'],
      [{ merge_enabled: false, merge_colour: 'red' }, 'merge_colour'],
    ];
    for (const [body, param] of cases) expectError(await put(template.id, body), 400, 'invalid_parameter', param);
    expect(await c.snapshot()).toBe(before);
    // With merge off, an empty key list under key_fields is allowed (nothing will group by it).
    const off = await put(template.id, { merge_enabled: false, merge_key_fields: [] });
    expect(off.json().template).toMatchObject({ merge_enabled: false, merge_group_by: 'key_fields', merge_key_fields: [] });
  });

  it('answers template_not_found for a missing or foreign template and invalid_parameter for a bad id', async () => {
    const other = templateClient(t, (await t.createAccount()).apiKey);
    const theirs = await other.createTemplate({ name: 'Theirs' });
    const before = await other.snapshot();
    expectError(await put(theirs.id, { merge_enabled: true }), 404, 'template_not_found');
    expectError(await put(999_999, { merge_enabled: true }), 404, 'template_not_found');
    expectError(await c.call('PUT', '/templates/x1/settings', {}), 400, 'invalid_parameter', 'id');
    expect(await other.snapshot()).toBe(before);
  });
});
