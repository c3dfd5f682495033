/**
 * The `templates` table: an account's reusable field lists with their global
 * format requirement and merge settings. The fields: template-fields.ts.
 */
import { isPostgres, type Db, type DbOrTrx, type Trx } from '../connect.js';
import type { NewTemplate, TemplateRow, TemplateUpdate } from '../schema.js';
import type { Lookup } from './lookup.js';

/**
 * The account's template with that id, if any (another account's template
 * reads as missing). With `lock` the row is held FOR NO KEY UPDATE until the
 * transaction ends, so edits of one template run one after the other.
 */
export async function owned(db: DbOrTrx, accountId: number, templateId: number, opts: Lookup = {}): Promise<TemplateRow | undefined> {
  return db.selectFrom('templates').selectAll().where('id', '=', templateId).where('account_id', '=', accountId)
    .$if(opts.lock === true && isPostgres(db), (q) => q.forNoKeyUpdate()).executeTakeFirst();
}

/** Up to `limit` of the account's templates, oldest first, after template id `afterId`. */
export async function pageOf(db: Db, accountId: number, afterId: number | null, limit: number): Promise<TemplateRow[]> {
  let q = db.selectFrom('templates').selectAll().where('account_id', '=', accountId);
  if (afterId !== null) q = q.where('id', '>', afterId);
  return q.orderBy('id').limit(limit).execute();
}

export async function countOf(trx: Trx, accountId: number): Promise<number> {
  const row = await trx.selectFrom('templates').select((eb) => eb.fn.countAll<number>().as('n'))
    .where('account_id', '=', accountId).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function nameTaken(trx: Trx, accountId: number, name: string): Promise<boolean> {
  const row = await trx.selectFrom('templates').select('id').where('account_id', '=', accountId).where('name', '=', name).executeTakeFirst();
  return row !== undefined;
}

/** Inserts a template; returns its id. */
export async function insert(trx: Trx, values: NewTemplate): Promise<number> {
  const row = await trx.insertInto('templates').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function update(trx: Trx, id: number, changes: TemplateUpdate): Promise<void> {
  await trx.updateTable('templates').set(changes).where('id', '=', id).execute();
}

/** Deletes the account's template (its fields go with it: ON DELETE CASCADE); false when it had none of that id. */
export async function remove(db: Db, accountId: number, templateId: number): Promise<boolean> {
  const res = await db.deleteFrom('templates').where('id', '=', templateId).where('account_id', '=', accountId).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}
