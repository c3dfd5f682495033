import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../helpers/app.js';
import { upload } from '../http/helpers/uploads.js';
import { launchChromium, signIn, snap, startConsoleServer, type ConsoleServer } from './browser.js';

/** Twelve columns with long names: more than the page viewer's table has room for beside the page. */
const FIELDS = ['Description', 'Quantity', 'Unit Price', 'Amount', 'Article Number', 'Delivery Date', 'Cost Centre', 'Tax Rate', 'Tax Amount', 'Discount', 'Warehouse', 'Remarks'];
const TABLE = [
  FIELDS.join('\t'),
  ['Steel bolts M8', '40', '0.25', '10.00', 'SB-008', '2026-03-02', 'CC-100', '19%', '1.90', '0.00', 'North', 'none'].join('\t'),
  ['Hex nuts M8', '40', '0.10', '4.00', 'HN-008', '2026-03-02', 'CC-100', '19%', '0.76', '0.00', 'North', 'none'].join('\t'),
].join('\n');

/** The batch list and the page viewer as a user reads them, in a real browser. */
describe('web console: batch list and page viewer (chromium)', () => {
  let server: ConsoleServer;
  let browser: Browser;
  let page: Page;
  let apiKey: string;

  const api = async (method: 'GET' | 'POST', url: string, payload?: object) => {
    const res = await server.t.inject({ method, url: `/api/v1${url}`, headers: bearer(apiKey), ...(payload ? { payload } : {}) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const put = async (batch: string, filename: string, content: string): Promise<string> => {
    const res = await upload(server.t, apiKey, { fields: { batch_name: batch }, file: { filename, content, contentType: 'text/plain' } });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { document_id: string }).document_id;
  };

  beforeAll(async () => {
    [server, browser] = await Promise.all([startConsoleServer(), launchChromium()]);
    ({ apiKey } = await server.t.createAccount({ plan: 'pro', credits: 20 }));
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page, server.baseUrl, apiKey);
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await server?.t.destroy();
  });

  it('lists batches newest first and says "not processed" for a batch nobody processed, not "queued"', async () => {
    const wide = await put('first-processed', 'wide.txt', TABLE);
    await put('second-never-processed', 'note.txt', 'Nothing to see here.');
    await api('POST', '/batches/first-processed/process', { fields: FIELDS, quality: 'fast' });
    await expect.poll(async () => (await api('GET', '/batches/first-processed')).all_done, { timeout: 90_000 }).toBe(true);
    expect((await api('GET', `/documents/${wide}`)).status).toBe('succeeded');

    await page.goto(`${server.baseUrl}/console/#/batches`);
    await page.reload(); // the list was loaded empty at sign-in
    const rows = page.locator('table.batches tbody tr');
    await expect.poll(() => rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-batch')))).toEqual(['second-never-processed', 'first-processed']);
    const never = page.locator('tr[data-batch="second-never-processed"]');
    await expect.poll(() => never.locator('td').nth(1).textContent()).toBe('not processed');
    await expect.poll(() => never.locator('td').nth(3).textContent()).toBe('1 not processed');
    await snap(page, 'batches-newest-first');

    await never.getByRole('link').click();
    await expect.poll(() => page.locator('.counts [data-status=not-processed] strong').textContent()).toBe('1');
    expect(await page.locator('.counts [data-status=queued] strong').textContent()).toBe('0');
  }, 120_000);

  it('shows every column of the page viewer\'s table, or shows that the table scrolls', async () => {
    const [doc] = (await api('GET', '/batches/first-processed/results')).documents as Array<{ document_id: string; line_items: object[] }>;
    expect(doc.line_items.length).toBeGreaterThan(0);
    await page.goto(`${server.baseUrl}/console/#/batches/first-processed/pages/${doc.document_id}`);
    const table = page.getByTestId('page-rows');
    await expect.poll(() => table.locator('thead th').count()).toBe(FIELDS.length + 1);
    await page.locator('[data-testid=page] img').waitFor();
    const hidden = await table.evaluate((t) => {
      const box = t.parentElement!.getBoundingClientRect();
      return [...t.querySelectorAll('thead th')].filter((th) => th.getBoundingClientRect().right > box.right + 1).map((th) => th.textContent);
    });
    await snap(page, 'page-viewer-wide');
    // At 1280 px twelve columns do not fit beside the page: the cut must be announced.
    expect(hidden.length).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('scroll-hint').isVisible()).toBe(true);
    // Scrolled to the end, the last column is in view.
    await table.evaluate((t) => { t.parentElement!.scrollLeft = t.parentElement!.scrollWidth; });
    const lastVisible = await table.evaluate((t) => {
      const box = t.parentElement!.getBoundingClientRect();
      const ths = t.querySelectorAll('thead th');
      return ths[ths.length - 1].getBoundingClientRect().right <= box.right + 1;
    });
    expect(lastVisible).toBe(true);
  });
});
