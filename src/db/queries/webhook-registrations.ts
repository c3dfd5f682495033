/** The `webhook_registrations` table: one callback per account + batch name, its secret, and when batch.completed was last delivered. */
import type { DbOrTrx, Trx } from '../connect.js';
import type { NewWebhookRegistration, WebhookRegistrationRow } from '../schema.js';

/** Creates the registration, or changes only its callback_url when it exists; returns it as stored. */
export async function save(db: DbOrTrx, values: NewWebhookRegistration): Promise<WebhookRegistrationRow> {
  await db
    .insertInto('webhook_registrations')
    .values(values)
    .onConflict((oc) => oc.columns(['account_id', 'batch_name']).doUpdateSet({ callback_url: values.callback_url }))
    .execute();
  return db.selectFrom('webhook_registrations').selectAll()
    .where('account_id', '=', values.account_id).where('batch_name', '=', values.batch_name).executeTakeFirstOrThrow();
}

export async function forBatch(db: DbOrTrx, accountId: number, batchName: string): Promise<WebhookRegistrationRow | undefined> {
  return db.selectFrom('webhook_registrations').selectAll()
    .where('account_id', '=', accountId).where('batch_name', '=', batchName).executeTakeFirst();
}

export async function byId(db: DbOrTrx, id: number): Promise<WebhookRegistrationRow | undefined> {
  return db.selectFrom('webhook_registrations').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function markFired(trx: Trx, id: number, at: string): Promise<void> {
  await trx.updateTable('webhook_registrations').set({ fired_at: at }).where('id', '=', id).execute();
}

/** The batch has documents in flight again: its webhook fires again when they finish. */
export async function rearm(trx: Trx, accountId: number, batchName: string): Promise<void> {
  await trx.updateTable('webhook_registrations').set({ fired_at: null })
    .where('account_id', '=', accountId).where('batch_name', '=', batchName).execute();
}

export async function removeForBatch(trx: Trx, accountId: number, batchName: string): Promise<void> {
  await trx.deleteFrom('webhook_registrations').where('account_id', '=', accountId).where('batch_name', '=', batchName).execute();
}
