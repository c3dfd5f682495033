import type { Db, DbOrTrx, Trx } from '../../db/connect.js';
import * as accounts from '../../db/queries/accounts.js';
import * as apiKeys from '../../db/queries/api-keys.js';
import type { AccountRow, AccountUpdate } from '../../db/schema.js';
import { createApiKey, hashApiKey } from './api-keys.js';
import { applyCreditChange, PLAN_LIMITS, isPlan, isTier, type Plan, type Tier } from '../billing/index.js';
import { isoNow, type Clock, type IdSource } from '../../clock.js';
import { errors } from '../../errors.js';

type ThinkingType = 'fast' | 'high';

export interface AccountSettings {
  thinking_type: ThinkingType;
  auto_annotate_bbox: boolean;
  retention_days: number | null;
  inbox_pdf_passwords: string[];
}

/**
 * Who is calling, resolved from the API key. For a team member the plan,
 * tier, credit pool and limits are the owner's (`pool`); `account` is the member.
 */
export interface Principal {
  accountId: number;
  role: 'owner' | 'member';
  /** The account whose plan, credits, tier, settings and limits apply. */
  pool: AccountRow;
  apiKeyId: number;
}

function planOf(pool: AccountRow): Plan {
  return isPlan(pool.plan) ? pool.plan : 'free';
}

export function tierOf(pool: AccountRow): Tier {
  return isTier(pool.tier) ? pool.tier : 'standard';
}

export function maxBatchSize(pool: AccountRow): number {
  return pool.max_batch_size ?? PLAN_LIMITS[planOf(pool)].maxBatchSize;
}

export function maxQueuedDocuments(pool: AccountRow): number {
  return pool.max_queued_documents ?? PLAN_LIMITS[planOf(pool)].maxQueuedDocuments;
}

export function settingsOf(pool: AccountRow): AccountSettings {
  return {
    thinking_type: pool.thinking_type === 'high' ? 'high' : 'fast',
    auto_annotate_bbox: pool.auto_annotate_bbox === 1,
    retention_days: pool.retention_days,
    inbox_pdf_passwords: JSON.parse(pool.inbox_pdf_passwords) as string[],
  };
}

/** The public Account object (docs/api.md, Resources). */
export function accountView(principal: { role: string; pool: AccountRow }) {
  return {
    plan: planOf(principal.pool),
    role: principal.role,
    available_credits: principal.pool.credits,
    max_batch_size: maxBatchSize(principal.pool),
    upload_concurrency: PLAN_LIMITS[planOf(principal.pool)].uploadConcurrency,
  };
}

export async function getAccount(db: DbOrTrx, id: number): Promise<AccountRow | undefined> {
  return accounts.byId(db, id);
}

/** The account whose pool applies to `account` (itself, or its team owner). */
export async function poolOf(db: DbOrTrx, account: AccountRow): Promise<AccountRow> {
  if (account.owner_id === null) return account;
  const owner = await getAccount(db, account.owner_id);
  if (!owner) throw errors.internal(`Account ${account.id} points at a missing owner.`);
  return owner;
}

/** Resolves a bearer key to the caller; throws the contract's authentication errors (docs/api.md, Errors). */
export async function authenticate(db: Db, key: string | undefined): Promise<Principal> {
  if (!key) throw errors.missingApiKey();
  const row = await apiKeys.holderOf(db, hashApiKey(key));
  if (!row || row.revoked_at !== null || row.disabled === 1) throw errors.invalidApiKey();
  const { api_key_id: apiKeyId, revoked_at: _revoked, ...account } = row;
  const pool = await poolOf(db, account);
  if (pool.disabled === 1) throw errors.invalidApiKey();
  if (!PLAN_LIMITS[planOf(pool)].apiAccess) throw errors.planRequired(planOf(pool));
  return { accountId: account.id, role: account.owner_id === null ? 'owner' : 'member', pool, apiKeyId };
}

export interface AccountInput {
  plan?: string;
  tier?: string;
  owner_id?: number | null;
  disabled?: boolean;
  settings?: Partial<AccountSettings>;
  max_batch_size?: number | null;
  max_queued_documents?: number | null;
}

function validateSettings(settings: Partial<AccountSettings>): void {
  if (settings.thinking_type !== undefined && !['fast', 'high'].includes(settings.thinking_type)) {
    throw errors.invalidParameter('settings.thinking_type', 'thinking_type must be "fast" or "high".');
  }
  if (settings.retention_days !== undefined && settings.retention_days !== null &&
      (!Number.isInteger(settings.retention_days) || settings.retention_days < 1)) {
    throw errors.invalidParameter('settings.retention_days', 'retention_days must be a positive whole number or null.');
  }
  if (settings.inbox_pdf_passwords !== undefined &&
      (!Array.isArray(settings.inbox_pdf_passwords) || settings.inbox_pdf_passwords.some((p) => typeof p !== 'string'))) {
    throw errors.invalidParameter('settings.inbox_pdf_passwords', 'inbox_pdf_passwords must be a list of strings.');
  }
}

async function validateOwner(db: DbOrTrx, ownerId: number | null | undefined, selfId?: number): Promise<void> {
  if (ownerId === undefined || ownerId === null) return;
  const owner = await getAccount(db, ownerId);
  if (!owner || owner.id === selfId) throw errors.invalidParameter('owner_id', `No account ${ownerId} to join.`);
  if (owner.owner_id !== null) throw errors.invalidParameter('owner_id', `Account ${ownerId} is itself a team member.`);
}

function columnsFor(input: AccountInput) {
  if (input.plan !== undefined && !isPlan(input.plan)) throw errors.invalidParameter('plan', 'plan must be one of free, basic, pro, business.');
  if (input.tier !== undefined && !isTier(input.tier)) throw errors.invalidParameter('tier', 'tier must be one of standard, advanced, premium.');
  for (const key of ['max_batch_size', 'max_queued_documents'] as const) {
    const v = input[key];
    if (v !== undefined && v !== null && (!Number.isInteger(v) || v < 1)) throw errors.invalidParameter(key, `${key} must be a positive whole number or null.`);
  }
  if (input.settings) validateSettings(input.settings);
  const s = input.settings ?? {};
  const columns: AccountUpdate = {};
  if (input.plan !== undefined) columns.plan = input.plan;
  if (input.tier !== undefined) columns.tier = input.tier;
  if (input.owner_id !== undefined) {
    columns.owner_id = input.owner_id;
    columns.role = input.owner_id === null ? 'owner' : 'member';
  }
  if (input.disabled !== undefined) columns.disabled = input.disabled ? 1 : 0;
  if (input.max_batch_size !== undefined) columns.max_batch_size = input.max_batch_size;
  if (input.max_queued_documents !== undefined) columns.max_queued_documents = input.max_queued_documents;
  if (s.thinking_type !== undefined) columns.thinking_type = s.thinking_type;
  if (s.auto_annotate_bbox !== undefined) columns.auto_annotate_bbox = s.auto_annotate_bbox ? 1 : 0;
  if (s.retention_days !== undefined) columns.retention_days = s.retention_days;
  if (s.inbox_pdf_passwords !== undefined) columns.inbox_pdf_passwords = JSON.stringify(s.inbox_pdf_passwords);
  return columns;
}

function grantChange(account: AccountRow, amount: number) {
  return {
    poolAccountId: account.id,
    consumerId: account.id,
    action: 'grant',
    reason: null,
    batchName: null,
    documentId: null,
    amount,
    dedupeKey: null,
  };
}

export interface CreatedAccount {
  account: AccountRow;
  apiKey: string;
}

export async function createAccount(
  db: Db, clock: Clock, ids: IdSource, input: AccountInput & { credits?: number },
): Promise<CreatedAccount> {
  if (input.plan === undefined) throw errors.missingParameter('plan');
  const credits = input.credits ?? 0;
  if (!Number.isInteger(credits) || credits < 0) throw errors.invalidParameter('credits', 'credits must be a whole number ≥ 0.');
  const columns = columnsFor(input);
  return db.transaction().execute(async (trx) => {
    await validateOwner(trx, input.owner_id);
    const id = await accounts.insert(trx, {
      role: 'owner', tier: 'standard', credits: 0, disabled: 0, thinking_type: 'fast', auto_annotate_bbox: 0,
      inbox_pdf_passwords: '[]', created_at: isoNow(clock), ...columns, plan: input.plan!,
    });
    const account = (await getAccount(trx, id))!;
    // Credits are ledger entries from the first one on (docs/decisions.md, Credits: action grant).
    if (credits > 0) await applyCreditChange(trx, clock, grantChange(account, credits));
    const apiKey = await createApiKey(trx, clock, ids, account.id);
    return { account: (await getAccount(trx, account.id))!, apiKey };
  });
}

export async function updateAccount(
  db: Db, clock: Clock, id: number, input: AccountInput & { credits_delta?: number },
): Promise<AccountRow> {
  const delta = input.credits_delta ?? 0;
  if (!Number.isInteger(delta)) throw errors.invalidParameter('credits_delta', 'credits_delta must be a whole number.');
  const columns = columnsFor(input);
  return db.transaction().execute(async (trx: Trx) => {
    const account = await getAccount(trx, id);
    if (!account) throw errors.invalidParameter('account_id', `No account ${id}.`);
    await validateOwner(trx, input.owner_id, id);
    if (Object.keys(columns).length > 0) await accounts.update(trx, id, columns);
    if (delta !== 0) {
      if (account.owner_id !== null) throw errors.invalidParameter('credits_delta', 'A team member has no pool of its own; grant credits to the owner.');
      if (account.credits + delta < 0) throw errors.invalidParameter('credits_delta', `The account holds ${account.credits} credits; it cannot go below 0.`);
      await applyCreditChange(trx, clock, grantChange(account, delta));
    }
    return (await getAccount(trx, id))!;
  });
}

/** The operator's view: the public Account plus settings and identity. */
export async function adminAccountView(db: DbOrTrx, account: AccountRow) {
  const pool = await poolOf(db, account);
  return {
    id: account.id,
    ...accountView({ role: account.owner_id === null ? 'owner' : 'member', pool }),
    tier: tierOf(pool),
    owner_id: account.owner_id,
    disabled: account.disabled === 1,
    max_queued_documents: maxQueuedDocuments(pool),
    settings: settingsOf(account),
    created_at: account.created_at,
  };
}
