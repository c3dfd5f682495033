import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../helpers/app.js';
import { launchChromium, signIn, snap, startConsoleServer, type ConsoleServer } from './browser.js';

/**
 * The console's layout memory page in a real browser (docs/console.md): the
 * account's memories with their sender and fields, and only the account's;
 * a deleted one is gone from the page and from the API.
 */
describe('console layout memory (chromium)', () => {
  let server: ConsoleServer;
  let browser: Browser;
  let page: Page;
  let apiKey: string;
  const rows = () => page.getByTestId('memories').locator('tbody tr');

  /** A stored memory as the learning job writes it (the model is the engine's business, not this page's). */
  async function seed(accountId: number, id: string, sender: { name: string; tax_id: string | null; iban: string | null }, fields: string[], at: string) {
    await server.t.services.db.insertInto('layout_memories').values({
      id, account_id: accountId, sender_key: sender.tax_id ?? sender.name, layout_key: id, sender: JSON.stringify(sender),
      fields: JSON.stringify(fields), model: JSON.stringify({ sender: { name: sender.name, taxIds: [], ibans: [], letterhead: [] }, anchors: [], fields: [], table: null }),
      documents: 2, created_at: at, updated_at: at,
    }).execute();
  }

  beforeAll(async () => {
    [server, browser] = await Promise.all([startConsoleServer(), launchChromium()]);
    let accountId: number;
    ({ apiKey, accountId } = await server.t.createAccount({ credits: 5 }));
    const other = await server.t.createAccount({ credits: 5 });
    await seed(accountId, 'mem_01AAAAAAAAAAAAAAAAAAAAAAA1', { name: 'Nordlicht Werkstatt GmbH', tax_id: 'DE287456193', iban: null }, ['Invoice number', 'Total'], '2026-11-01T10:00:00.000Z');
    await seed(accountId, 'mem_01AAAAAAAAAAAAAAAAAAAAAAA2', { name: 'Südwind Handel KG', tax_id: null, iban: 'DE89370400440532013000' }, ['Description', 'Amount'], '2026-11-02T10:00:00.000Z');
    await seed(other.accountId, 'mem_01AAAAAAAAAAAAAAAAAAAAAAA3', { name: 'Another Tenant Ltd', tax_id: null, iban: null }, ['Total'], '2026-11-03T10:00:00.000Z');
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page, server.baseUrl, apiKey);
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await server?.t.destroy();
  });

  it('lists the account\'s memories, newest first, with sender and fields', async () => {
    await page.getByRole('link', { name: 'Memory' }).click();
    await expect.poll(() => rows().count(), { timeout: 20_000 }).toBe(2);
    const texts = await rows().evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].slice(0, 3).map((td) => td.textContent)));
    expect(texts).toEqual([
      ['Südwind Handel KG · DE89370400440532013000', 'Description, Amount', '2'],
      ['Nordlicht Werkstatt GmbH · DE287456193', 'Invoice number, Total', '2'],
    ]);
    expect(await page.getByText('Another Tenant Ltd').count()).toBe(0);
    await snap(page, 'memories');
  });

  it('deletes a memory after asking: gone from the page, after a reload and from the API', async () => {
    page.once('dialog', (d) => void d.accept());
    await rows().filter({ hasText: 'Nordlicht' }).getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => rows().count(), { timeout: 20_000 }).toBe(1);
    await page.reload();
    await expect.poll(() => rows().count(), { timeout: 20_000 }).toBe(1);
    expect(await rows().first().textContent()).toContain('Südwind');
    const listed = (await server.t.inject({ method: 'GET', url: '/api/v1/layout_memories', headers: bearer(apiKey) })).json();
    expect(listed.data.map((m: { id: string }) => m.id)).toEqual(['mem_01AAAAAAAAAAAAAAAAAAAAAAA2']);
  });

  it('a dismissed question deletes nothing', async () => {
    page.once('dialog', (d) => void d.dismiss());
    await rows().first().getByRole('button', { name: 'Delete' }).click();
    await page.waitForTimeout(300);
    expect(await rows().count()).toBe(1);
    expect((await server.t.inject({ method: 'GET', url: '/api/v1/layout_memories', headers: bearer(apiKey) })).json().data).toHaveLength(1);
  });
});
