import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startTestApp, type TestApp } from '../helpers/app.js';
import { expectError, names, templateClient, type TemplateClient, type TemplateJson } from '../helpers/templates.js';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe.each(DIALECTS)('template fields (%s)', (dialect) => {
  let t: TestApp;
  let c: TemplateClient;
  /** Another account's client with one template of two fields, for ownership checks. */
  let other: TemplateClient;
  let foreign: TemplateJson;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    c = templateClient(t, (await t.createAccount()).apiKey);
    other = templateClient(t, (await t.createAccount()).apiKey);
    foreign = await other.templateWithFields('Theirs', ['a', 'b']);
  });
  afterAll(async () => t.destroy());

  const order = (id: number, body: unknown) => c.call('PATCH', `/templates/${id}/fields/order`, body);

  describe('GET and POST /templates/{id}/fields', () => {
    it('appends fields at the end and lists them as a single-page envelope', async () => {
      const template = await c.createTemplate({ name: 'Append' });
      const res = await c.call('POST', `/templates/${template.id}/fields`, { name: ' amount ', format_requirement: 'number with 2 decimals' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        field: {
          id: expect.any(Number), name: 'amount', format_requirement: 'number with 2 decimals', sort_order: 0,
          template_id: template.id, created_at: expect.stringMatching(ISO),
        },
      });
      const second = await c.addField(template.id, 'Amount');
      expect(second).toMatchObject({ name: 'Amount', format_requirement: '', sort_order: 1 });
      const list = await c.call('GET', `/templates/${template.id}/fields`);
      expect(list.statusCode).toBe(200);
      expect(list.json()).toEqual({ data: [res.json().field, second], has_more: false, next_page_token: null });
    });

    it('refuses duplicate, missing, blank and overlong names and overlong requirements, changing nothing', async () => {
      const template = await c.templateWithFields('Dupes', ['total']);
      const before = await c.snapshot();
      const post = (body: unknown) => c.call('POST', `/templates/${template.id}/fields`, body);
      expectError(await post({ name: 'total' }), 400, 'duplicate_field_name', 'name');
      expectError(await post({ name: ' total ' }), 400, 'duplicate_field_name', 'name');
      expectError(await post({ format_requirement: 'x' }), 400, 'missing_parameter', 'name');
      expectError(await post({ name: '  ' }), 400, 'missing_parameter', 'name');
      expectError(await post({ name: 'n'.repeat(201) }), 400, 'invalid_parameter', 'name');
      expectError(await post({ name: 'ok', format_requirement: 'x'.repeat(2001) }), 400, 'invalid_parameter', 'format_requirement');
      expect(await c.snapshot()).toBe(before);
    });

    it('serializes concurrent appends: distinct positions, and one winner per name', async () => {
      const template = await c.createTemplate({ name: 'Concurrent' });
      const post = (name: string) => c.call('POST', `/templates/${template.id}/fields`, { name });
      const distinct = await Promise.all(['a', 'b', 'c', 'd'].map(post));
      expect(distinct.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
      expect(distinct.map((r) => r.json().field.sort_order as number).sort()).toEqual([0, 1, 2, 3]);
      const same = await Promise.all([post('e'), post('e'), post('e')]);
      expect(same.filter((r) => r.statusCode === 200)).toHaveLength(1);
      for (const res of same.filter((r) => r.statusCode !== 200)) expectError(res, 400, 'duplicate_field_name', 'name');
      expect((await c.fields(template.id)).map((f) => f.sort_order)).toEqual([0, 1, 2, 3, 4]);
    });

    it('answers template_not_found for a missing or foreign template', async () => {
      const before = await other.snapshot();
      expectError(await c.call('GET', `/templates/${foreign.id}/fields`), 404, 'template_not_found');
      expectError(await c.call('POST', `/templates/${foreign.id}/fields`, { name: 'x' }), 404, 'template_not_found');
      expectError(await c.call('GET', '/templates/999999/fields'), 404, 'template_not_found');
      expectError(await c.call('GET', '/templates/abc/fields'), 400, 'invalid_parameter', 'id');
      expect(await other.snapshot()).toBe(before);
    });
  });

  describe('PUT /templates/{id}/fields/{field_id}', () => {
    it('replaces name and requirement in place; an omitted requirement becomes empty', async () => {
      const template = await c.templateWithFields('Replace', ['a', 'b', 'c']);
      const b = template.fields[1];
      const res = await c.call('PUT', `/templates/${template.id}/fields/${b.id}`, { name: 'B', format_requirement: 'uppercase' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ field: { ...b, name: 'B', format_requirement: 'uppercase' } });
      const cleared = await c.call('PUT', `/templates/${template.id}/fields/${b.id}`, { name: 'B' });
      expect(cleared.json().field).toEqual({ ...b, name: 'B', format_requirement: '' });
      expect(names(await c.fields(template.id))).toEqual(['a', 'B', 'c']);
    });

    it('refuses a duplicate or missing name and a field of another template, changing nothing', async () => {
      const template = await c.templateWithFields('ReplaceErrors', ['a', 'b']);
      const sibling = await c.templateWithFields('Sibling', ['z']);
      const [a, b] = template.fields;
      const before = await c.snapshot();
      const put = (fieldId: number | string, body: unknown, templateId = template.id) =>
        c.call('PUT', `/templates/${templateId}/fields/${fieldId}`, body);
      expectError(await put(b.id, { name: 'a' }), 400, 'duplicate_field_name', 'name');
      expectError(await put(b.id, { format_requirement: 'x' }), 400, 'missing_parameter', 'name');
      expectError(await put(b.id, { name: '' }), 400, 'missing_parameter', 'name');
      expectError(await put(sibling.fields[0].id, { name: 'q' }), 404, 'template_not_found');
      expectError(await put(foreign.fields[0].id, { name: 'q' }, foreign.id), 404, 'template_not_found');
      expectError(await put(999_999, { name: 'q' }), 404, 'template_not_found');
      expectError(await put('first', { name: 'q' }), 400, 'invalid_parameter', 'field_id');
      expect(await c.snapshot()).toBe(before);
      // Keeping its own name is not a duplicate.
      expect((await put(a.id, { name: 'a', format_requirement: 'lowercase' })).statusCode).toBe(200);
    });
  });

  describe('DELETE /templates/{id}/fields/{field_id}', () => {
    it('answers 204 with no body and removes only that field', async () => {
      const template = await c.templateWithFields('Remove', ['a', 'b', 'c']);
      const res = await c.call('DELETE', `/templates/${template.id}/fields/${template.fields[1].id}`);
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
      expect(names(await c.fields(template.id))).toEqual(['a', 'c']);
      // The next append still lands last.
      await c.addField(template.id, 'd');
      expect(names(await c.fields(template.id))).toEqual(['a', 'c', 'd']);
      expectError(await c.call('DELETE', `/templates/${template.id}/fields/${template.fields[1].id}`), 404, 'template_not_found');
    });

    it('answers template_not_found for a field of another template or account', async () => {
      const template = await c.templateWithFields('RemoveErrors', ['a']);
      const before = await other.snapshot();
      expectError(await c.call('DELETE', `/templates/${template.id}/fields/${foreign.fields[0].id}`), 404, 'template_not_found');
      expectError(await c.call('DELETE', `/templates/${foreign.id}/fields/${foreign.fields[0].id}`), 404, 'template_not_found');
      expect(await other.snapshot()).toBe(before);
      expect(names(await c.fields(template.id))).toEqual(['a']);
    });
  });

  it('keeps merge_key_fields pointing at renamed fields and drops removed ones', async () => {
    const template = await c.templateWithFields('MergeFollow', ['ref', 'date', 'total']);
    await c.call('PUT', `/templates/${template.id}/settings`, { merge_enabled: true, merge_group_by: 'key_fields', merge_key_fields: ['ref', 'date'] });
    await c.call('PUT', `/templates/${template.id}/fields/${template.fields[0].id}`, { name: 'reference' });
    await c.call('DELETE', `/templates/${template.id}/fields/${template.fields[1].id}`);
    const after = (await c.allTemplates()).find((x) => x.id === template.id)!;
    expect(after.merge_key_fields).toEqual(['reference']);
  });

  describe('PATCH /templates/{id}/fields/order', () => {
    it('puts listed fields first in that order and keeps the rest in their relative order', async () => {
      const template = await c.templateWithFields('Order', ['a', 'b', 'c', 'd', 'e']);
      const id = (name: string) => template.fields.find((f) => f.name === name)!.id;
      const res = await order(template.id, { field_ids: [id('d'), id('b')] });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        fields: ['d', 'b', 'a', 'c', 'e'].map((name, i) => ({ ...template.fields.find((f) => f.name === name)!, sort_order: i })),
      });
      expect(await c.fields(template.id)).toEqual(res.json().fields);
      expect((await c.allTemplates()).find((x) => x.id === template.id)!.fields).toEqual(res.json().fields);

      const full = await order(template.id, { field_ids: ['e', 'd', 'c', 'b', 'a'].map(id) });
      expect(names(full.json().fields)).toEqual(['e', 'd', 'c', 'b', 'a']);
      // Foreign and unknown ids are ignored; a repeated id counts where it first appears.
      const noisy = await order(template.id, { field_ids: [foreign.fields[0].id, 999_999, id('a'), id('c'), id('a')] });
      expect(names(noisy.json().fields)).toEqual(['a', 'c', 'e', 'd', 'b']);
      const empty = await order(template.id, { field_ids: [] });
      expect(names(empty.json().fields)).toEqual(['a', 'c', 'e', 'd', 'b']);
      expect(empty.json().fields.map((f: { sort_order: number }) => f.sort_order)).toEqual([0, 1, 2, 3, 4]);
    });

    it('refuses anything but a list of integers with invalid_parameter field_ids, changing nothing', async () => {
      const template = await c.templateWithFields('OrderErrors', ['a', 'b']);
      const [a, b] = template.fields;
      const before = await c.snapshot();
      const bad: unknown[] = [`${b.id},${a.id}`, b.id, [String(b.id), a.id], [b.id, 1.5], [b.id, null], [true], { 0: b.id }, null];
      for (const fieldIds of bad) expectError(await order(template.id, { field_ids: fieldIds }), 400, 'invalid_parameter', 'field_ids');
      expectError(await order(template.id, {}), 400, 'missing_parameter', 'field_ids');
      expect(await c.snapshot()).toBe(before);
      expectError(await c.call('PATCH', `/templates/${foreign.id}/fields/order`, { field_ids: [foreign.fields[1].id] }), 404, 'template_not_found');
      expect(names(await other.fields(foreign.id))).toEqual(['a', 'b']);
    });
  });
});
