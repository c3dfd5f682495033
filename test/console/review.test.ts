import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExtractedCell } from '../../src/extract/types.js';
import { bearer } from '../helpers/app.js';
import { generatePage } from '../helpers/bbox-page.js';
import { expectCreditsInvariant } from '../helpers/credits.js';
import { seedSucceededDocument } from '../helpers/seed-succeeded.js';
import { launchChromium, signIn, snap, startConsoleServer, type ConsoleServer } from './browser.js';

/**
 * The console as a review tool in a real browser (docs/console.md): values
 * under the threshold marked, walked with the keyboard, edited, saved, still
 * there after a reload and in the xlsx; then the batch processed again.
 */
describe('console review (chromium)', () => {
  let server: ConsoleServer;
  let browser: Browser;
  let page: Page;
  let apiKey: string;
  let documentId: string;
  const generated = generatePage(3);
  // Two values the engine was unsure of: row 1's quantity (0.4) and row 3's unit price (0.7); the rest 0.95.
  const unsure: Record<string, number> = { '0:Qty': 0.4, '2:Unit price': 0.7 };
  const result = {
    fields: generated.result.fields,
    rows: generated.result.rows.map((row, r) => Object.fromEntries(Object.entries(row).map(([f, cell]) => [f,
      'type' in cell ? cell : { ...cell, confidence: unsure[`${r}:${f}`] ?? 0.95 } as ExtractedCell]))),
  };
  const api = async (url: string) => (await server.t.inject({ method: 'GET', url: `/api/v1${url}`, headers: bearer(apiKey) })).json();
  const lowCells = () => page.getByTestId('page-rows').locator('td.low');

  beforeAll(async () => {
    [server, browser] = await Promise.all([startConsoleServer(), launchChromium()]);
    let accountId: number;
    ({ apiKey, accountId } = await server.t.createAccount({ plan: 'pro', credits: 10 }));
    let batchId: number;
    ({ documentId, batchId } = await seedSucceededDocument(server.t.services, { accountId, batchName: 'review', page: generated, result }));
    // A finished bbox pass placed every value where the engine had it: the page viewer draws those boxes.
    const now = new Date().toISOString();
    await server.t.services.db.insertInto('bbox_jobs').values({
      id: 'bbx_01REVIEW', document_id: documentId, batch_id: batchId, pool_account_id: accountId, consumer_id: accountId,
      status: 'succeeded', running_document_id: null, row_groups: 1, charged_amount: 0, charged_tier: 'standard', created_at: now, completed_at: now,
    }).execute();
    const boxes = Object.fromEntries(result.rows.map((row, r) => [r, Object.fromEntries(Object.entries(row).map(([f, cell]) => [f, cell.box]))]));
    await server.t.services.db.insertInto('bbox_row_groups').values({
      bbox_job_id: 'bbx_01REVIEW', group_index: 0, row_start: 0, row_end: result.rows.length, status: 'succeeded', updated_at: now, boxes: JSON.stringify(boxes),
    }).execute();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    await signIn(page, server.baseUrl, apiKey);
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    if (server) {
      await expectCreditsInvariant(server.t.services.db);
      await server.t.destroy();
    }
  });

  it('marks values under the threshold in the table and on the page; the threshold can be changed', async () => {
    await page.goto(`${server.baseUrl}/console/#/batches/review/pages/${documentId}`);
    await expect.poll(() => lowCells().count(), { timeout: 20_000 }).toBe(2);
    expect(await lowCells().evaluateAll((tds) => tds.map((td) => td.getAttribute('data-key')))).toEqual(['0:Qty', '2:Unit price']);
    expect(await page.locator('.page .box.low').count()).toBe(2);
    await page.locator('input[name=threshold]').fill('0.5');
    await expect.poll(() => lowCells().count(), { timeout: 20_000 }).toBe(1);
    await page.locator('input[name=threshold]').fill('0.9');
    await expect.poll(() => lowCells().count(), { timeout: 20_000 }).toBe(2);
    // The results table of the batch marks the same values.
    await page.goto(`${server.baseUrl}/console/#/batches/review`);
    await expect.poll(() => page.getByTestId('rows').locator('td.low').count(), { timeout: 20_000 }).toBe(2);
  });

  it('walks from one marked value to the next with the keyboard, lighting its box on the page', async () => {
    await page.goto(`${server.baseUrl}/console/#/batches/review/pages/${documentId}`);
    await expect.poll(() => lowCells().count(), { timeout: 20_000 }).toBe(2);
    // Read at once (null while nothing is lit), so the poll retries and a failure shows what was lit instead of a locator timeout.
    const lit = () => page.locator('.page .box.hot').evaluateAll((boxes) => boxes[0]?.getAttribute('data-key') ?? null);
    await page.keyboard.press('n');
    await expect.poll(lit, { timeout: 20_000 }).toBe('0:Qty');
    expect(await page.locator('td.hot').getAttribute('data-key')).toBe('0:Qty');
    await page.keyboard.press('n');
    await expect.poll(lit, { timeout: 20_000 }).toBe('2:Unit price');
    await page.keyboard.press('p');
    await expect.poll(lit, { timeout: 20_000 }).toBe('0:Qty');
    await snap(page, 'review-walk');
  }, 90_000);

  it('edits a cell, adds a row and deletes a row, saves; a reload shows the correction, and so does the xlsx', async () => {
    await page.getByRole('button', { name: 'Edit values' }).click();
    await page.getByLabel('Qty row 1').fill('17');
    await page.getByRole('button', { name: 'Delete row 2' }).click();
    await page.getByRole('button', { name: 'Add row' }).click();
    await page.getByLabel('Description row 3').fill('Added by a reviewer');
    await page.getByLabel('Qty row 3').fill('5');
    await page.getByRole('button', { name: 'Save corrections' }).click();
    await page.getByTestId('corrected').waitFor();
    await page.reload();
    await expect.poll(() => page.getByTestId('page-rows').locator('td[data-key="0:Qty"]').textContent(), { timeout: 20_000 }).toBe('17');
    expect(await page.getByTestId('page-rows').locator('td[data-key="2:Description"]').textContent()).toBe('Added by a reviewer');
    // Every value is a person's now: nothing is marked.
    expect(await lowCells().count()).toBe(0);
    const doc = await api(`/documents/${documentId}`);
    expect(doc.corrected_at).not.toBeNull();
    expect(doc.line_items.map((r: Record<string, unknown>) => r.Qty)).toEqual(['17', result.rows[2].Qty && (result.rows[2].Qty as { value: string }).value, '5']);
    await page.goto(`${server.baseUrl}/console/#/batches/review`);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download xlsx' }).click()]);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile((await download.path())!);
    const texts = book.worksheets[0].getSheetValues().flat().map((v) => String(v));
    expect(texts).toContain('Added by a reviewer');
    expect(texts).toContain('17');
  });

  it('processes a finished batch again with these fields', async () => {
    await page.goto(`${server.baseUrl}/console/#/batches/review`);
    const button = page.getByRole('button', { name: 'Process batch' });
    await button.waitFor();
    expect(await button.isDisabled()).toBe(true);
    await page.getByLabel(/Process the 1 succeeded page again/).check();
    await page.locator('input[name^=field]').first().fill('Description');
    await page.getByRole('button', { name: 'Process again with these fields' }).click();
    await page.getByText('Queued 1 pages').waitFor();
    expect((await api('/account')).available_credits).toBe(9);
    const revisions = await api(`/documents/${documentId}/line_items/revisions`);
    expect(revisions.data.map((r: { source: string }) => r.source)).toEqual(['correction', 'engine']);
  });
});
