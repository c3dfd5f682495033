import type { Db, DbOrTrx, Trx } from '../../db/connect.js';
import * as templateFields from '../../db/queries/template-fields.js';
import * as templates from '../../db/queries/templates.js';
import type { TemplateFieldRow, TemplateRow } from '../../db/schema.js';
import { isoNow, type Clock } from '../../clock.js';
import { errors } from '../../errors.js';

/**
 * The fields of a template: one output column each, in `sort_order`.
 * Field names are trimmed and unique within their template, compared
 * case-sensitively ("Total" and "total" are two columns), matching the
 * database's unique constraint on (template_id, name).
 */

export const MAX_NAME_LENGTH = 200;

export interface FieldInput {
  name?: string;
  format_requirement?: string;
}

/**
 * A name as stored: trimmed. A blank name counts as no name at all
 * (undefined); one over the limit is invalid_parameter on `param`.
 */
export function cleanName(param: string, raw: string | undefined): string | undefined {
  const name = raw?.trim();
  if (!name) return undefined;
  if (name.length > MAX_NAME_LENGTH) throw errors.invalidParameter(param, `${param} must be at most ${MAX_NAME_LENGTH} characters.`);
  return name;
}

function requiredName(raw: string | undefined): string {
  const name = cleanName('name', raw);
  if (name === undefined) throw errors.missingParameter('name', 'name is required and must not be blank.');
  return name;
}

/**
 * The caller's template, or template_not_found (also for another account's).
 * With `lock` the row is held until the transaction ends, so concurrent field
 * edits of one template run one after the other (SQLite transactions are
 * already serialized by the single connection).
 */
export async function ownedTemplate(db: DbOrTrx, accountId: number, templateId: number, lock = false): Promise<TemplateRow> {
  const row = await templates.owned(db, accountId, templateId, { lock });
  if (!row) throw errors.templateNotFound(templateId);
  return row;
}

/** Fields of the given templates, each list in column order. */
export async function fieldsOf(db: DbOrTrx, templateIds: number[]): Promise<Map<number, TemplateFieldRow[]>> {
  const byTemplate = new Map<number, TemplateFieldRow[]>(templateIds.map((id) => [id, []]));
  if (templateIds.length === 0) return byTemplate;
  for (const row of await templateFields.ofTemplates(db, templateIds)) byTemplate.get(row.template_id)!.push(row);
  return byTemplate;
}

export async function fieldsOfTemplate(db: DbOrTrx, templateId: number): Promise<TemplateFieldRow[]> {
  return (await fieldsOf(db, [templateId])).get(templateId)!;
}

/** Inserts fields in the given order with sort_order 0, 1, 2, ... (new templates). */
export async function insertFields(
  trx: Trx, clock: Clock, templateId: number, fields: readonly { name: string; format_requirement: string }[],
): Promise<void> {
  const now = isoNow(clock);
  await templateFields.insertAll(trx, fields.map((field, i) => ({
    template_id: templateId, name: field.name, format_requirement: field.format_requirement, sort_order: i, created_at: now,
  })));
}

/** All fields of the caller's template, in column order. */
export async function listTemplateFields(db: Db, accountId: number, templateId: number): Promise<TemplateFieldRow[]> {
  await ownedTemplate(db, accountId, templateId);
  return fieldsOfTemplate(db, templateId);
}

/** Appends a field after the current last one. */
export async function addField(db: Db, clock: Clock, accountId: number, templateId: number, input: FieldInput): Promise<TemplateFieldRow> {
  const name = requiredName(input.name);
  return db.transaction().execute(async (trx) => {
    await ownedTemplate(trx, accountId, templateId, true);
    const fields = await fieldsOfTemplate(trx, templateId);
    if (fields.some((field) => field.name === name)) throw errors.duplicateFieldName(name);
    const last = fields.at(-1);
    return templateFields.insert(trx, {
      template_id: templateId, name, format_requirement: input.format_requirement ?? '',
      sort_order: last === undefined ? 0 : last.sort_order + 1, created_at: isoNow(clock),
    });
  });
}

/** Rewrites merge_key_fields after a field was renamed (`to`) or removed (`to` null). */
async function followFieldInMergeKeys(trx: Trx, template: TemplateRow, from: string, to: string | null): Promise<void> {
  const keys = JSON.parse(template.merge_key_fields) as string[];
  if (!keys.includes(from)) return;
  const next = keys.flatMap((key) => (key !== from ? [key] : to === null ? [] : [to]));
  await templates.update(trx, template.id, { merge_key_fields: JSON.stringify(next) });
}

function fieldOf(fields: TemplateFieldRow[], templateId: number, fieldId: number): TemplateFieldRow {
  const field = fields.find((f) => f.id === fieldId);
  if (!field) throw errors.fieldNotFound(templateId, fieldId);
  return field;
}

/**
 * Full replace of name and format_requirement (an omitted requirement becomes
 * ""); the field keeps its position. A rename is followed in merge_key_fields
 * so the merge configuration keeps pointing at the same column.
 */
export async function replaceField(
  db: Db, accountId: number, templateId: number, fieldId: number, input: FieldInput,
): Promise<TemplateFieldRow> {
  return db.transaction().execute(async (trx) => {
    const template = await ownedTemplate(trx, accountId, templateId, true);
    const fields = await fieldsOfTemplate(trx, templateId);
    const field = fieldOf(fields, templateId, fieldId);
    const name = requiredName(input.name);
    if (fields.some((f) => f.id !== fieldId && f.name === name)) throw errors.duplicateFieldName(name);
    await followFieldInMergeKeys(trx, template, field.name, name);
    return templateFields.replace(trx, fieldId, { name, format_requirement: input.format_requirement ?? '' });
  });
}

/** Removes a field; the others keep their sort_order (gaps are harmless: only the order counts). */
export async function removeField(db: Db, accountId: number, templateId: number, fieldId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const template = await ownedTemplate(trx, accountId, templateId, true);
    const field = fieldOf(await fieldsOfTemplate(trx, templateId), templateId, fieldId);
    await followFieldInMergeKeys(trx, template, field.name, null);
    await templateFields.remove(trx, fieldId);
  });
}

/**
 * Puts the listed fields first, in the listed order, then every unlisted field
 * in its previous relative order; sort_order becomes 0..n-1. Ids not on the
 * template are ignored (docs/api.md, Resources), and a repeated id counts at its first place.
 */
export async function reorderFields(db: Db, accountId: number, templateId: number, fieldIds: unknown): Promise<TemplateFieldRow[]> {
  if (!Array.isArray(fieldIds) || !fieldIds.every((id) => Number.isInteger(id))) {
    throw errors.invalidParameter('field_ids', 'field_ids must be an array of integer field ids.');
  }
  return db.transaction().execute(async (trx) => {
    await ownedTemplate(trx, accountId, templateId, true);
    const fields = await fieldsOfTemplate(trx, templateId);
    const byId = new Map(fields.map((field) => [field.id, field]));
    const listed = [...new Set(fieldIds as number[])].filter((id) => byId.has(id)).map((id) => byId.get(id)!);
    const listedIds = new Set(listed.map((field) => field.id));
    const ordered = [...listed, ...fields.filter((field) => !listedIds.has(field.id))];
    const result: TemplateFieldRow[] = [];
    for (const [index, field] of ordered.entries()) {
      if (field.sort_order !== index) {
        await templateFields.moveTo(trx, field.id, index);
      }
      result.push({ ...field, sort_order: index });
    }
    return result;
  });
}
