import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRESETS } from '../../src/core/templates/index.js';
import { parseRequirement } from '../../src/extract/format/requirement.js';
import { isPureLocationField } from '../../src/extract/pure-location.js';
import { DIALECTS, startTestApp, type TestApp } from '../helpers/app.js';
import { expectError, templateClient, type TemplateClient } from '../helpers/templates.js';

const asJson = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;

describe('preset catalog', () => {
  it('has at least 15 presets in at least 5 categories, with unique kebab-case ids and named, unique fields', () => {
    expect(PRESETS.length).toBeGreaterThanOrEqual(15);
    expect(new Set(PRESETS.map((p) => p.category)).size).toBeGreaterThanOrEqual(5);
    expect(new Set(PRESETS.map((p) => p.id)).size).toBe(PRESETS.length);
    for (const preset of PRESETS) {
      expect(preset.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(preset.name.trim()).not.toBe('');
      expect(preset.fields.length).toBeGreaterThanOrEqual(3);
      expect(preset.fields.every((f) => f.name.trim().length > 0 && f.name.length <= 200)).toBe(true);
      expect(new Set(preset.fields.map((f) => f.name)).size).toBe(preset.fields.length);
    }
  });

  it('has exactly one pure-location field: the ID document portrait, so no other column is located instead of read', () => {
    const located = PRESETS.flatMap((p) =>
      p.fields.filter((f) => isPureLocationField({ name: f.name, formatRequirement: f.format_requirement })).map((f) => `${p.id}.${f.name}`));
    expect(located).toEqual(['id-document.holder_photo']);
  });

  it('phrases dates, amounts and currency codes so the requirement reader understands them', () => {
    const kinds = new Map<string, string | undefined>();
    for (const preset of PRESETS) {
      for (const f of preset.fields) kinds.set(`${preset.id}.${f.name}`, parseRequirement(f.format_requirement).kind);
    }
    expect(kinds.get('invoice-line-items.invoice_date')).toBe('date');
    expect(parseRequirement(PRESETS[0].fields.find((f) => f.name === 'invoice_date')!.format_requirement).datePattern).toBe('YYYY-MM-DD');
    expect(kinds.get('invoice-line-items.line_total')).toBe('number');
    expect(parseRequirement(PRESETS[0].fields.find((f) => f.name === 'line_total')!.format_requirement).decimals).toBe(2);
    expect(kinds.get('invoice-line-items.currency')).toBe('currency_code');
    expect(parseRequirement(PRESETS.find((p) => p.id === 'bank-statement-transactions')!.fields
      .find((f) => f.name === 'direction')!.format_requirement).oneOf).toEqual(['debit', 'credit']);
  });
});

describe.each(DIALECTS)('GET /presets (%s)', (dialect) => {
  let t: TestApp;
  let c: TemplateClient;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    c = templateClient(t, (await t.createAccount()).apiKey);
  });
  afterAll(async () => t.destroy());

  it('lists the whole catalog in catalog order by default', async () => {
    const res = await c.call('GET', '/presets');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: asJson(PRESETS), has_more: false, next_page_token: null });
  });

  it('filters by category; an unknown category is an empty list', async () => {
    const res = await c.call('GET', '/presets?category=invoices');
    expect(res.json().data).toEqual(asJson(PRESETS.filter((p) => p.category === 'invoices')));
    expect(res.json().data.length).toBeGreaterThanOrEqual(2);
    const none = await c.call('GET', '/presets?category=spaceships');
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual({ data: [], has_more: false, next_page_token: null });
  });

  it('pages with page_token, and a token only works for the list it came from', async () => {
    const ids: string[] = [];
    let token: string | null = null;
    let pages = 0;
    do {
      const res = await c.call('GET', `/presets?limit=4${token ? `&page_token=${encodeURIComponent(token)}` : ''}`);
      const body = res.json() as { data: { id: string }[]; has_more: boolean; next_page_token: string | null };
      ids.push(...body.data.map((p) => p.id));
      token = body.next_page_token;
      pages++;
    } while (token);
    expect(ids).toEqual(PRESETS.map((p) => p.id));
    expect(pages).toBe(Math.ceil(PRESETS.length / 4));

    const first = (await c.call('GET', '/presets?limit=1')).json().next_page_token as string;
    expectError(await c.call('GET', `/presets?category=invoices&page_token=${first}`), 400, 'invalid_parameter', 'page_token');
    expectError(await c.call('GET', `/presets?page_token=x${first}`), 400, 'invalid_parameter', 'page_token');
    expectError(await c.call('GET', '/presets?limit=0'), 400, 'invalid_parameter', 'limit');
    expectError(await c.call('GET', '/presets?limit=101'), 400, 'invalid_parameter', 'limit');
  });

  it('needs an API key', async () => {
    expectError(await t.inject({ method: 'GET', url: '/api/v1/presets' }), 401, 'missing_api_key');
  });

  it('every preset creates a template with its fields', async () => {
    for (const preset of PRESETS) {
      const template = await c.createTemplate({ preset_id: preset.id });
      expect(template.fields.map((f) => ({ name: f.name, format_requirement: f.format_requirement }))).toEqual(asJson(preset.fields));
    }
  });
});
