import type { Trx } from '../../db/connect.js';
import * as accounts from '../../db/queries/accounts.js';
import * as batches from '../../db/queries/batches.js';
import * as documents from '../../db/queries/documents.js';
import * as webhookRegistrations from '../../db/queries/webhook-registrations.js';
import type { DocumentRow } from '../../db/schema.js';
import type { Quality } from '../../extract/types.js';
import { enqueueJobs } from '../../jobs/queue.js';
import type { Services } from '../../services.js';
import { settingsOf, tierOf, type Principal } from '../accounts/index.js';
import { chargeDocuments } from '../billing/index.js';
import { errors } from '../../errors.js';
import type { LockedRequest } from '../shared/index.js';
import { EXTRACT_JOB, extractJobKey } from './extraction-jobs.js';
import { getTemplateWithFields } from '../templates/index.js';
import { saveRegistration, validateCallbackUrl } from '../webhooks/index.js';

/** POST /batches/{name}/process (docs/api.md, States; docs/decisions.md, Pinned details). */

export interface ProcessInput {
  template_id?: number;
  fields?: Array<string | { name: string; format_requirement?: string }>;
  quality?: string;
  webhook_url?: string;
  /** Queue succeeded documents too (docs/decisions.md, Corrections, reprocessing, layout memory). */
  reprocess?: boolean;
}

export interface ProcessOutcome {
  batch_name: string;
  queued: number;
  quality: Quality;
  webhook_registered: boolean;
  /** The registration's signing secret, when this call registered one (docs/decisions.md, docrows extensions). */
  webhook_secret?: string;
}

/** Documents that process (re)queues: never processed, or failed/canceled earlier; with `reprocess`, succeeded ones too. */
const ELIGIBLE = ['uploaded', 'failed', 'canceled'];
const REPROCESS_ELIGIBLE = [...ELIGIBLE, 'succeeded'];

function adHocFields(raw: ProcessInput['fields']): LockedRequest['fields'] | null {
  if (raw === undefined || raw.length === 0) return null;
  const seen = new Set<string>();
  return raw.map((item, i) => {
    const field = typeof item === 'string' ? { name: item, format_requirement: '' } : { name: item.name, format_requirement: item.format_requirement ?? '' };
    const name = field.name.trim();
    if (name === '') throw errors.invalidParameter(`fields[${i}]`, 'Every field needs a non-empty name.');
    if (seen.has(name)) throw errors.invalidParameter(`fields[${i}]`, `The field name "${name}" appears twice.`);
    seen.add(name);
    return { name, format_requirement: field.format_requirement };
  });
}

type RequestFor = (doc: Pick<DocumentRow, 'template_id'>) => LockedRequest;

/** Per-document request: template_id, else ad-hoc fields, else the upload's template, else inferred columns. */
async function requestResolver(trx: Trx, accountId: number, input: ProcessInput, quality: Quality, docs: DocumentRow[]): Promise<RequestFor> {
  const infer: LockedRequest = { fields: [], global_format_requirement: '', quality, template_id: null };
  const fromTemplate = async (id: number): Promise<LockedRequest | null> => {
    const t = await getTemplateWithFields(trx, accountId, id);
    if (!t) return null;
    return {
      fields: t.fields.map((f) => ({ name: f.name, format_requirement: f.format_requirement })),
      global_format_requirement: t.template.global_format_requirement,
      quality,
      template_id: id,
    };
  };
  if (input.template_id !== undefined) {
    const locked = await fromTemplate(input.template_id);
    if (!locked) throw errors.templateNotFound(input.template_id);
    return () => locked;
  }
  const adHoc = adHocFields(input.fields);
  if (adHoc) return () => ({ ...infer, fields: adHoc });
  const byTemplate = new Map<number, LockedRequest>();
  for (const id of new Set(docs.map((d) => d.template_id).filter((id): id is number => id !== null))) {
    // A template deleted since upload leaves its documents to inferred columns.
    byTemplate.set(id, (await fromTemplate(id)) ?? infer);
  }
  return (doc) => (doc.template_id === null ? infer : byTemplate.get(doc.template_id)!);
}

export async function processBatch(services: Services, principal: Principal, batchName: string, input: ProcessInput): Promise<ProcessOutcome> {
  if (input.quality !== undefined && input.quality !== 'fast' && input.quality !== 'high') {
    throw errors.invalidParameter('quality', 'quality must be "fast" or "high".');
  }
  // DNS checks happen before the transaction: no network I/O while rows are locked.
  const webhookUrl = input.webhook_url === undefined ? null : await validateCallbackUrl(input.webhook_url, { allowPrivate: services.config.allowPrivateUrls, param: 'webhook_url' });
  return services.db.transaction().execute(async (trx) => {
    const batch = await batches.byName(trx, principal.accountId, batchName);
    if (!batch) throw errors.batchNotFound(batchName);
    // Racing process calls: the second waits here and then sees the documents already queued.
    const docs = await documents.lockForProcessing(trx, batch.id, input.reprocess === true ? REPROCESS_ELIGIBLE : ELIGIBLE);
    const pool = await accounts.byId(trx, principal.pool.id);
    if (!pool) throw errors.internal(`Account ${principal.accountId} points at a missing pool.`);
    const quality: Quality = (input.quality as Quality | undefined) ?? settingsOf(pool).thinking_type;
    const requestFor = await requestResolver(trx, principal.accountId, input, quality, docs);
    if (docs.length === 0) {
      throw errors.invalidParameter('batch_name', await documents.anyInBatch(trx, batch.id)
        ? `Nothing to process: every document of the batch is already queued, processing${input.reprocess === true ? '' : ' or succeeded (reprocess: true processes succeeded ones again)'}.`
        : 'Nothing to process: the batch has no documents.');
    }
    // The tier in force now is charged and locked on these documents (refunds use it too).
    const tier = tierOf(pool);
    const price = await chargeDocuments(trx, services.clock, { poolAccountId: pool.id, consumerId: principal.accountId }, batch.name, tier,
      docs.map((d) => ({ id: d.id, wave: d.wave + 1 })));
    await markQueued(trx, services, docs, requestFor, price, tier);
    await batches.nextWave(trx, batch.id);
    // New documents in flight re-arm a webhook that already fired (docs/api.md, Events rule 4).
    await webhookRegistrations.rearm(trx, principal.accountId, batch.name);
    const registration = webhookUrl ? await saveRegistration(trx, services.clock, services.ids, principal.accountId, batch.name, webhookUrl) : null;
    return {
      batch_name: batch.name, queued: docs.length, quality, webhook_registered: registration !== null,
      ...(registration ? { webhook_secret: registration.secret } : {}),
    };
  });
}

async function markQueued(trx: Trx, services: Services, docs: DocumentRow[], requestFor: RequestFor, price: number, tier: string): Promise<void> {
  const groups = new Map<string, { request: LockedRequest; ids: string[] }>();
  for (const doc of docs) {
    const request = requestFor(doc);
    const key = JSON.stringify(request);
    const group = groups.get(key) ?? { request, ids: [] };
    group.ids.push(doc.id);
    groups.set(key, group);
  }
  for (const [json, { request, ids }] of groups) {
    await documents.markQueued(trx, ids, { request: json, quality: request.quality, chargedAmount: price, chargedTier: tier });
  }
  await enqueueJobs(trx, services.clock, EXTRACT_JOB,
    docs.map((d) => ({ payload: { documentId: d.id, wave: d.wave + 1 }, dedupeKey: extractJobKey(d.id, d.wave + 1) })));
}
