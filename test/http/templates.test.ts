import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findPreset, getTemplateWithFields, MAX_TEMPLATES } from '../../src/core/templates/index.js';
import { DIALECTS, startTestApp, type TestApp } from '../helpers/app.js';
import { expectError, names, templateClient } from '../helpers/templates.js';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe.each(DIALECTS)('templates (%s)', (dialect) => {
  let t: TestApp;
  const newAccount = async () => {
    const { accountId, apiKey } = await t.createAccount();
    return { accountId, c: templateClient(t, apiKey) };
  };
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(async () => t.destroy());

  describe('POST /templates', () => {
    it('creates an empty template with default settings, name trimmed', async () => {
      const { c } = await newAccount();
      const res = await c.call('POST', '/templates', { name: '  Invoices  ' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        template: {
          id: expect.any(Number), name: 'Invoices', created_at: expect.stringMatching(ISO), fields: [],
          global_format_requirement: '', merge_enabled: false, merge_group_by: 'upload', merge_key_fields: [], merge_mode: 'fold',
        },
      });
    });

    it('refuses a missing, blank or overlong name and a duplicate, creating nothing', async () => {
      const { c } = await newAccount();
      await c.createTemplate({ name: 'Taken' });
      const before = await c.snapshot();
      expectError(await c.call('POST', '/templates', {}), 400, 'missing_parameter', 'name');
      expectError(await c.call('POST', '/templates', { name: '   ' }), 400, 'missing_parameter', 'name');
      expectError(await c.call('POST', '/templates', { name: 'x'.repeat(201) }), 400, 'invalid_parameter', 'name');
      expectError(await c.call('POST', '/templates', { name: 'Taken' }), 400, 'invalid_parameter', 'name');
      expectError(await c.call('POST', '/templates', { name: ' Taken ' }), 400, 'invalid_parameter', 'name');
      expectError(await c.call('POST', '/templates', { name: 'A', colour: 'red' }), 400, 'invalid_parameter', 'colour');
      expect(await c.snapshot()).toBe(before);
      // 200 characters is still fine, and names are case-sensitive.
      expect((await c.createTemplate({ name: 'y'.repeat(200) })).name).toHaveLength(200);
      expect((await c.createTemplate({ name: 'taken' })).name).toBe('taken');
    });

    it('creates from a preset: its fields in order, its name, then the name plus a timestamp once taken', async () => {
      const { c } = await newAccount();
      const preset = findPreset('invoice-line-items')!;
      const first = await c.createTemplate({ preset_id: preset.id });
      expect(first.name).toBe(preset.name);
      expect(first.fields.map((f) => ({ name: f.name, format_requirement: f.format_requirement, sort_order: f.sort_order })))
        .toEqual(preset.fields.map((f, i) => ({ ...f, sort_order: i })));
      expect(first.fields.every((f) => f.template_id === first.id)).toBe(true);
      const second = await c.createTemplate({ preset_id: preset.id });
      expect(second.name).toMatch(new RegExp(`^${preset.name} \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}( \\(\\d+\\))?$`));
      const third = await c.createTemplate({ preset_id: preset.id });
      expect(new Set([first.name, second.name, third.name]).size).toBe(3);
      // An explicit name with a preset is taken as given, even when another template has it (uniqueness is non-preset only).
      const named = await c.createTemplate({ preset_id: preset.id, name: preset.name });
      expect(named.name).toBe(preset.name);
      expect(names(named.fields)).toEqual(names(preset.fields));
    });

    it('refuses an unknown preset with invalid_parameter preset_id', async () => {
      const { c } = await newAccount();
      const before = await c.snapshot();
      expectError(await c.call('POST', '/templates', { preset_id: 'no-such-preset' }), 400, 'invalid_parameter', 'preset_id');
      expectError(await c.call('POST', '/templates', { preset_id: 'no-such-preset', name: 'X' }), 400, 'invalid_parameter', 'preset_id');
      expect(await c.snapshot()).toBe(before);
    });

    it('copies the fields of base_template_id in their current order; the base is untouched', async () => {
      const { c } = await newAccount();
      const base = await c.templateWithFields('Base', ['a', 'b', 'c']);
      await c.call('PUT', `/templates/${base.id}/fields/${base.fields[0].id}`, { name: 'a', format_requirement: 'date as YYYY-MM-DD' });
      await c.call('PATCH', `/templates/${base.id}/fields/order`, { field_ids: [base.fields[2].id] });
      const copy = await c.createTemplate({ name: 'Copy', base_template_id: base.id });
      expect(copy.fields.map((f) => [f.name, f.format_requirement, f.sort_order, f.template_id])).toEqual([
        ['c', '', 0, copy.id], ['a', 'date as YYYY-MM-DD', 1, copy.id], ['b', '', 2, copy.id],
      ]);
      expect(copy.fields.some((f) => base.fields.some((b) => b.id === f.id))).toBe(false);
      expect(names(await c.fields(base.id))).toEqual(['c', 'a', 'b']);
    });

    it('answers template_not_found for a base template that is missing or not the caller\'s', async () => {
      const { c } = await newAccount();
      const other = await newAccount();
      const foreign = await other.c.templateWithFields('Theirs', ['secret']);
      const before = await c.snapshot();
      expectError(await c.call('POST', '/templates', { name: 'X', base_template_id: foreign.id }), 404, 'template_not_found');
      expectError(await c.call('POST', '/templates', { name: 'X', base_template_id: 999_999 }), 404, 'template_not_found');
      expectError(await c.call('POST', '/templates', { name: 'X', base_template_id: 'abc' }), 400, 'invalid_parameter', 'base_template_id');
      expect(await c.snapshot()).toBe(before);
      // With a preset, base_template_id is not used at all.
      const fromPreset = await c.createTemplate({ preset_id: 'payslip', base_template_id: foreign.id });
      expect(names(fromPreset.fields)).toEqual(names(findPreset('payslip')!.fields));
    });

    it('replays a create sent again with the same Idempotency-Key', async () => {
      const { c } = await newAccount();
      const headers = { 'idempotency-key': 'create-once' };
      const first = await c.call('POST', '/templates', { name: 'Once' }, headers);
      const again = await c.call('POST', '/templates', { name: 'Once' }, headers);
      expect(again.statusCode).toBe(200);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json()).toEqual(first.json());
      expect(await c.allTemplates()).toHaveLength(1);
    });
  });

  describe('the 30-template cap', () => {
    it('refuses the 31st template with template_limit_reached on every creation path, and frees a slot on delete', async () => {
      const { c } = await newAccount();
      const created = [];
      for (let i = 0; i < MAX_TEMPLATES; i++) created.push(await c.createTemplate({ name: `T${i}` }));
      const before = await c.snapshot();
      const over = await c.call('POST', '/templates', { name: 'T30' });
      expectError(over, 400, 'template_limit_reached');
      expect(over.json().error.type).toBe('invalid_request_error');
      expectError(await c.call('POST', '/templates', { preset_id: 'payslip' }), 400, 'template_limit_reached');
      expectError(await c.call('POST', '/templates', { name: 'T31', base_template_id: created[0].id }), 400, 'template_limit_reached');
      expect(await c.snapshot()).toBe(before);
      expect((await c.call('DELETE', `/templates/${created[3].id}`)).statusCode).toBe(204);
      expect((await c.createTemplate({ name: 'T30' })).name).toBe('T30');
      // The cap is per account.
      expect((await (await newAccount()).c.createTemplate({ name: 'T0' })).name).toBe('T0');
    });

    it('lets only one of several concurrent creates at 29 through', async () => {
      const { c } = await newAccount();
      for (let i = 0; i < MAX_TEMPLATES - 1; i++) await c.createTemplate({ name: `T${i}` });
      const results = await Promise.all([0, 1, 2, 3].map((i) => c.call('POST', '/templates', { name: `Race${i}` })));
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400, 400, 400]);
      for (const res of results.filter((r) => r.statusCode === 400)) expectError(res, 400, 'template_limit_reached');
      expect(await c.allTemplates()).toHaveLength(MAX_TEMPLATES);
    });
  });

  describe('GET /templates', () => {
    it('lists the caller\'s templates oldest first with fields in sort order, page by page', async () => {
      const { c } = await newAccount();
      const other = await newAccount();
      await other.c.createTemplate({ name: 'Not mine' });
      const made = [];
      for (const name of ['A', 'B', 'C', 'D', 'E']) made.push(await c.templateWithFields(name, [`${name}1`, `${name}2`]));
      await c.call('PATCH', `/templates/${made[1].id}/fields/order`, { field_ids: [made[1].fields[1].id] });

      const all = await c.call('GET', '/templates');
      expect(all.json()).toMatchObject({ has_more: false, next_page_token: null });
      expect(all.json().data.map((x: { name: string }) => x.name)).toEqual(['A', 'B', 'C', 'D', 'E']);
      expect(names(all.json().data[1].fields)).toEqual(['B2', 'B1']);

      const seen: string[] = [];
      let token: string | null = null;
      do {
        const res = await c.call('GET', `/templates?limit=2${token ? `&page_token=${encodeURIComponent(token)}` : ''}`);
        expect(res.statusCode).toBe(200);
        const body = res.json() as { data: { name: string }[]; has_more: boolean; next_page_token: string | null };
        expect(body.data.length).toBe(body.has_more ? 2 : 1);
        expect(body.has_more).toBe(body.next_page_token !== null);
        seen.push(...body.data.map((x) => x.name));
        token = body.next_page_token;
      } while (token);
      expect(seen).toEqual(['A', 'B', 'C', 'D', 'E']);
    });

    it('refuses a bad limit or a tampered or foreign page_token', async () => {
      const { c } = await newAccount();
      const other = await newAccount();
      for (const name of ['A', 'B']) {
        await c.createTemplate({ name });
        await other.c.createTemplate({ name });
      }
      const token = (await c.call('GET', '/templates?limit=1')).json().next_page_token as string;
      expectError(await c.call('GET', '/templates?limit=0'), 400, 'invalid_parameter', 'limit');
      expectError(await c.call('GET', '/templates?limit=101'), 400, 'invalid_parameter', 'limit');
      expectError(await c.call('GET', '/templates?limit=x'), 400, 'invalid_parameter', 'limit');
      expectError(await c.call('GET', `/templates?page_token=${token.slice(0, -2)}zz`), 400, 'invalid_parameter', 'page_token');
      expectError(await c.call('GET', '/templates?page_token=garbage'), 400, 'invalid_parameter', 'page_token');
      expectError(await other.c.call('GET', `/templates?page_token=${token}`), 400, 'invalid_parameter', 'page_token');
      expect((await c.call('GET', '/templates?limit=100')).statusCode).toBe(200);
    });
  });

  describe('DELETE /templates/{id}', () => {
    it('answers 204 with no body and removes the template and its fields', async () => {
      const { c } = await newAccount();
      const doomed = await c.templateWithFields('Doomed', ['a', 'b']);
      const kept = await c.templateWithFields('Kept', ['a']);
      const res = await c.call('DELETE', `/templates/${doomed.id}`);
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
      expect((await c.allTemplates()).map((x) => x.id)).toEqual([kept.id]);
      expectError(await c.call('GET', `/templates/${doomed.id}/fields`), 404, 'template_not_found');
      const orphans = await t.services.db.selectFrom('template_fields').select('id').where('template_id', '=', doomed.id).execute();
      expect(orphans).toEqual([]);
      expectError(await c.call('DELETE', `/templates/${doomed.id}`), 404, 'template_not_found');
    });

    it('answers template_not_found for another account\'s template and invalid_parameter for a non-integer id', async () => {
      const { c } = await newAccount();
      const other = await newAccount();
      const theirs = await other.c.createTemplate({ name: 'Theirs' });
      expectError(await c.call('DELETE', `/templates/${theirs.id}`), 404, 'template_not_found');
      expectError(await c.call('DELETE', '/templates/abc'), 400, 'invalid_parameter', 'id');
      expectError(await c.call('DELETE', '/templates/99999999999'), 400, 'invalid_parameter', 'id');
      expect((await other.c.allTemplates()).map((x) => x.id)).toEqual([theirs.id]);
    });
  });

  it('getTemplateWithFields resolves only the owner\'s template, fields in column order', async () => {
    const { accountId, c } = await newAccount();
    const other = await newAccount();
    const template = await c.templateWithFields('T', ['x', 'y', 'z']);
    await c.call('PATCH', `/templates/${template.id}/fields/order`, { field_ids: [template.fields[2].id, template.fields[0].id] });
    const found = await getTemplateWithFields(t.services.db, accountId, template.id);
    expect(found?.template).toMatchObject({ id: template.id, name: 'T', account_id: accountId });
    expect(found?.fields.map((f) => f.name)).toEqual(['z', 'x', 'y']);
    expect(await getTemplateWithFields(t.services.db, other.accountId, template.id)).toBeUndefined();
    expect(await getTemplateWithFields(t.services.db, accountId, 999_999)).toBeUndefined();
  });
});
