import type { Db, DbOrTrx, Trx } from '../../db/connect.js';
import * as accounts from '../../db/queries/accounts.js';
import * as templates from '../../db/queries/templates.js';
import type { TemplateFieldRow, TemplateRow } from '../../db/schema.js';
import { isoNow, type Clock } from '../../clock.js';
import { errors } from '../../errors.js';
import { findPreset } from './presets.js';
import { cleanName, fieldsOf, fieldsOfTemplate, insertFields, ownedTemplate } from './fields.js';

/** Templates per account (docs/api.md, Limits). */
export const MAX_TEMPLATES = 30;

type MergeGroupBy = 'upload' | 'key_fields';
type MergeMode = 'fold' | 'append';

export interface TemplateWithFields {
  template: TemplateRow;
  /** In column order (sort_order). */
  fields: TemplateFieldRow[];
}

/** The public Template field object. */
export function fieldView(row: TemplateFieldRow) {
  return {
    id: row.id,
    name: row.name,
    format_requirement: row.format_requirement,
    sort_order: row.sort_order,
    template_id: row.template_id,
    created_at: row.created_at,
  };
}

/** The public Template object; every template response carries the global and merge_* settings. */
export function templateView({ template, fields }: TemplateWithFields) {
  return {
    id: template.id,
    name: template.name,
    created_at: template.created_at,
    fields: fields.map(fieldView),
    global_format_requirement: template.global_format_requirement,
    merge_enabled: template.merge_enabled === 1,
    merge_group_by: template.merge_group_by as MergeGroupBy,
    merge_key_fields: JSON.parse(template.merge_key_fields) as string[],
    merge_mode: template.merge_mode as MergeMode,
  };
}

/**
 * The caller's template with its fields in column order, or undefined when it
 * does not exist or belongs to another account. This is how processing
 * resolves a template_id.
 */
export async function getTemplateWithFields(db: DbOrTrx, accountId: number, templateId: number): Promise<TemplateWithFields | undefined> {
  const template = await templates.owned(db, accountId, templateId);
  if (!template) return undefined;
  return { template, fields: await fieldsOfTemplate(db, templateId) };
}

async function requireTemplateWithFields(db: DbOrTrx, accountId: number, templateId: number): Promise<TemplateWithFields> {
  const found = await getTemplateWithFields(db, accountId, templateId);
  if (!found) throw errors.templateNotFound(templateId);
  return found;
}

/** One page of the caller's templates, oldest first, after template id `afterId`. */
export async function listTemplates(
  db: Db, accountId: number, opts: { afterId: number | null; limit: number },
): Promise<TemplateWithFields[]> {
  const page = await templates.pageOf(db, accountId, opts.afterId, opts.limit);
  const fields = await fieldsOf(db, page.map((t) => t.id));
  return page.map((template) => ({ template, fields: fields.get(template.id)! }));
}

export interface CreateTemplateInput {
  name?: string;
  preset_id?: string;
  base_template_id?: number;
}

/**
 * A preset template's default name: the preset's name, or when the account
 * already uses it, the name plus the creation time ("Invoice line items
 * 2026-09-14 10:22:33"), plus a counter in the rare case that is taken too.
 */
async function presetDefaultName(trx: Trx, clock: Clock, accountId: number, presetName: string): Promise<string> {
  if (!(await templates.nameTaken(trx, accountId, presetName))) return presetName;
  const stamped = `${presetName} ${isoNow(clock).slice(0, 19).replace('T', ' ')}`;
  let candidate = stamped;
  for (let n = 2; await templates.nameTaken(trx, accountId, candidate); n++) candidate = `${stamped} (${n})`;
  return candidate;
}

/**
 * Creates a template: empty, from a preset (its fields and, by default, its
 * name), or as a copy of the fields of one of the caller's templates
 * (`base_template_id`, ignored with a preset). Names must be unique only on
 * the non-preset path (docs/api.md, Resources); an explicit name given with a preset is
 * taken as is.
 */
export async function createTemplate(db: Db, clock: Clock, accountId: number, input: CreateTemplateInput): Promise<TemplateWithFields> {
  const explicitName = cleanName('name', input.name);
  const preset = input.preset_id === undefined ? undefined : findPreset(input.preset_id);
  if (input.preset_id !== undefined && !preset) throw errors.invalidParameter('preset_id', `No preset with id "${input.preset_id}".`);
  if (!preset && explicitName === undefined) throw errors.missingParameter('name', 'name is required unless preset_id is given.');

  return db.transaction().execute(async (trx) => {
    // Holds the account row until the transaction ends, so two creates at 29
    // templates cannot both pass the cap check. NO KEY UPDATE, so inserts
    // elsewhere that reference the account (documents, ledger rows) are not held up.
    await accounts.lock(trx, accountId, { noKeyUpdate: true });
    if ((await templates.countOf(trx, accountId)) >= MAX_TEMPLATES) throw errors.templateLimitReached(MAX_TEMPLATES);

    let name: string;
    let fields: readonly { name: string; format_requirement: string }[];
    if (preset) {
      name = explicitName ?? (await presetDefaultName(trx, clock, accountId, preset.name));
      fields = preset.fields;
    } else {
      name = explicitName!;
      if (await templates.nameTaken(trx, accountId, name)) {
        throw errors.invalidParameter('name', `A template named "${name}" already exists.`);
      }
      fields = input.base_template_id === undefined
        ? []
        : (await requireTemplateWithFields(trx, accountId, input.base_template_id)).fields;
    }

    const id = await templates.insert(trx, {
      account_id: accountId, name, preset_id: preset?.id ?? null, global_format_requirement: '', merge_enabled: 0,
      merge_group_by: 'upload', merge_key_fields: '[]', merge_mode: 'fold', created_at: isoNow(clock),
    });
    await insertFields(trx, clock, id, fields);
    return requireTemplateWithFields(trx, accountId, id);
  });
}

/** Deletes the caller's template; its fields go with it (ON DELETE CASCADE). */
export async function deleteTemplate(db: Db, accountId: number, templateId: number): Promise<void> {
  if (!(await templates.remove(db, accountId, templateId))) throw errors.templateNotFound(templateId);
}

/** PUT /templates/{id}/settings body; every key optional (docs/decisions.md, Results and other shapes). */
export interface TemplateSettingsInput {
  global_format_requirement?: string;
  merge_enabled?: boolean;
  merge_group_by?: MergeGroupBy;
  merge_key_fields?: string[];
  merge_mode?: MergeMode;
}

/**
 * Updates the global format requirement and Multi-Page Merge configuration;
 * omitted keys keep their value. merge_key_fields must name fields of the
 * template (repeats are dropped), and grouping by key fields with merge on
 * needs at least one.
 */
export async function updateTemplateSettings(
  db: Db, accountId: number, templateId: number, input: TemplateSettingsInput,
): Promise<TemplateWithFields> {
  return db.transaction().execute(async (trx) => {
    const template = await ownedTemplate(trx, accountId, templateId, true);
    const fields = await fieldsOfTemplate(trx, templateId);
    let keys = JSON.parse(template.merge_key_fields) as string[];
    if (input.merge_key_fields !== undefined) {
      const names = new Set(fields.map((field) => field.name));
      const unknown = input.merge_key_fields.filter((key) => !names.has(key));
      if (unknown.length > 0) {
        throw errors.invalidParameter('merge_key_fields', `merge_key_fields names no field of this template: ${unknown.map((k) => `"${k}"`).join(', ')}.`);
      }
      keys = [...new Set(input.merge_key_fields)];
    }
    const enabled = input.merge_enabled ?? template.merge_enabled === 1;
    const groupBy = input.merge_group_by ?? template.merge_group_by;
    if (enabled && groupBy === 'key_fields' && keys.length === 0) {
      throw errors.invalidParameter('merge_key_fields', 'merge_group_by key_fields needs at least one field in merge_key_fields.');
    }
    await templates.update(trx, templateId, {
      global_format_requirement: input.global_format_requirement ?? template.global_format_requirement,
      merge_enabled: enabled ? 1 : 0,
      merge_group_by: groupBy,
      merge_key_fields: JSON.stringify(keys),
      merge_mode: input.merge_mode ?? template.merge_mode,
    });
    return { template: (await ownedTemplate(trx, accountId, templateId)), fields };
  });
}
