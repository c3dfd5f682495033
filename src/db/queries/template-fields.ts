/** The `template_fields` table: a template's fields, one output column each, in `sort_order`. */
import type { DbOrTrx, Trx } from '../connect.js';
import type { NewTemplateField, TemplateFieldRow } from '../schema.js';
import { inChunks } from './lookup.js';

/** Fields of the given templates, by template, each list in column order. */
export async function ofTemplates(db: DbOrTrx, templateIds: number[]): Promise<TemplateFieldRow[]> {
  return db
    .selectFrom('template_fields')
    .selectAll()
    .where('template_id', 'in', templateIds)
    .orderBy('template_id')
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}

export async function insertAll(trx: Trx, fields: NewTemplateField[]): Promise<void> {
  for (const chunk of inChunks(fields, 100)) await trx.insertInto('template_fields').values(chunk).execute();
}

export async function insert(trx: Trx, field: NewTemplateField): Promise<TemplateFieldRow> {
  return trx.insertInto('template_fields').values(field).returningAll().executeTakeFirstOrThrow();
}

/** Replaces a field's name and format requirement; returns it as stored. */
export async function replace(trx: Trx, id: number, field: { name: string; format_requirement: string }): Promise<TemplateFieldRow> {
  return trx.updateTable('template_fields').set(field).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

export async function moveTo(trx: Trx, id: number, sortOrder: number): Promise<void> {
  await trx.updateTable('template_fields').set({ sort_order: sortOrder }).where('id', '=', id).execute();
}

export async function remove(trx: Trx, id: number): Promise<void> {
  await trx.deleteFrom('template_fields').where('id', '=', id).execute();
}
