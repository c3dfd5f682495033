/** The scale scenario's traffic: accounts, one-page text PDFs uploaded through every API process, batches processed with a webhook. */
import PDFDocument from 'pdfkit';
import { pdfkitToBuffer } from '../fixtures/ingest/pdf-fixtures.js';
import { ADMIN_TOKEN } from '../helpers/app.js';
import type { Cluster, Proc } from './cluster.js';

export interface Plan {
  accounts: number;
  batchesPerAccount: number;
  pagesPerBatch: number;
  /** Uploads in flight at once. */
  concurrency: number;
}

export interface Tenant {
  accountId: number;
  apiKey: string;
  batches: string[];
}

export const INITIAL_CREDITS = 1000;

/**
 * A one-page text PDF the size of a receipt (320 x 140 pt) with a 3-row ruled
 * table: rendering it costs a fraction of a Letter page, so the scenario
 * measures processes and queues rather than rasterizing.
 */
export function receiptPdf(): Promise<Buffer> {
  const doc = new PDFDocument({ size: [320, 140], margin: 10 });
  doc.font('Helvetica-Bold').fontSize(12).text('Invoice', 10, 10);
  doc.font('Helvetica').fontSize(9);
  const widths = [150, 60, 80];
  for (let r = 0; r <= 3; r++) {
    const cells = r === 0 ? ['Item', 'Qty', 'Price'] : [`Widget ${r}`, `${r}`, (r * 1.5).toFixed(2)];
    let x = 10;
    cells.forEach((text, i) => {
      doc.rect(x, 35 + r * 18, widths[i], 18).stroke();
      doc.text(text, x + 4, 40 + r * 18, { width: widths[i] - 8, lineBreak: false });
      x += widths[i];
    });
  }
  return pdfkitToBuffer(doc);
}

/** Requests spread over the API processes; one that fails at the network (a killed process) or with a 5xx goes to the next. */
export class Balancer {
  private next = 0;
  /** Requests that had to be retried elsewhere. */
  retries = 0;

  constructor(private readonly apis: Proc[]) {}

  async send(path: string, init: () => RequestInit, accept: (status: number) => boolean = (s) => s < 300): Promise<Response> {
    for (let attempt = 0; attempt < 200; attempt++) {
      const live = this.apis.filter((a) => !a.down);
      const api = live.length ? live[this.next++ % live.length] : null;
      if (api) {
        const res = await fetch(`${api.base}${path}`, init()).catch(() => null);
        if (res && res.status < 500) {
          if (!accept(res.status)) throw new Error(`${path}: ${res.status} ${await res.text()}`);
          return res;
        }
      }
      this.retries++;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`${path}: no API process answered`);
  }
}

export async function createTenants(balancer: Balancer, plan: Plan): Promise<Tenant[]> {
  const tenants: Tenant[] = [];
  for (let a = 0; a < plan.accounts; a++) {
    const res = await balancer.send('/admin/v1/accounts', () => ({
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ plan: 'business', credits: INITIAL_CREDITS }),
    }));
    const body = await res.json() as { account_id: number; api_key: string };
    tenants.push({
      accountId: body.account_id,
      apiKey: body.api_key,
      batches: Array.from({ length: plan.batchesPerAccount }, (_, b) => `scale-${a}-${b}`),
    });
  }
  return tenants;
}

/** Runs `fn` over `items` with at most `limit` at once. */
async function pool<T>(items: T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let i = 0;
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (i < items.length) await fn(items[i++]);
  }));
}

/**
 * Uploads every batch's pages, then processes the batch with the cluster's
 * webhook receiver as its callback, batch after batch (processing of one
 * overlaps the uploads of the next). A request cut off by a killed process is
 * sent again to another one: a new document if the first had committed, which
 * the checks allow (they hold for whatever the database holds).
 */
export async function uploadAndProcess(cluster: Cluster, balancer: Balancer, tenants: Tenant[], plan: Plan): Promise<void> {
  const pdf = await receiptPdf();
  const batches = tenants.flatMap((t) => t.batches.map((name) => ({ t, name })));
  for (const { t, name } of batches) {
    const auth = { authorization: `Bearer ${t.apiKey}` };
    await pool(Array.from({ length: plan.pagesPerBatch }, (_, i) => i), plan.concurrency, async (i) => {
      await balancer.send('/api/v1/documents', () => {
        const form = new FormData();
        form.set('batch_name', name);
        form.set('file', new Blob([pdf], { type: 'application/pdf' }), `${name}-${i}.pdf`);
        return { method: 'POST', headers: auth, body: form };
      });
    });
    // A retried process call may find everything already queued: invalid_parameter then means "done before".
    await balancer.send(`/api/v1/batches/${name}/process`, () => ({
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ fields: ['Item', 'Qty'], webhook_url: cluster.receiverUrl }),
    }), (s) => s === 200 || s === 400);
  }
}

/** Every event of an account through GET /events, page by page. */
export async function listEvents(balancer: Balancer, tenant: Tenant): Promise<Array<{ id: string; type: string; document_id: string | null; batch_name: string }>> {
  const out: Array<{ id: string; type: string; document_id: string | null; batch_name: string }> = [];
  let token: string | null = null;
  do {
    const q: string = `/api/v1/events?limit=100${token ? `&page_token=${encodeURIComponent(token)}` : ''}`;
    const res = await balancer.send(q, () => ({ headers: { authorization: `Bearer ${tenant.apiKey}` } }));
    const body = await res.json() as { data: typeof out; next_page_token: string | null };
    out.push(...body.data);
    token = body.next_page_token;
  } while (token);
  return out;
}
