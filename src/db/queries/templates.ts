import type { DbOrTrx } from '../connect.js';
import type { TemplateRow } from '../schema.js';

/** The account's template with that id, if any (another account's template reads as missing). */
export async function templateOf(db: DbOrTrx, accountId: number, templateId: number): Promise<TemplateRow | undefined> {
  return db.selectFrom('templates').selectAll().where('id', '=', templateId).where('account_id', '=', accountId).executeTakeFirst();
}
