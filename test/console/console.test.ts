import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bboxPdf, type GeneratedPdf } from '../helpers/bbox-pdf.js';
import { generatePage } from '../helpers/bbox-page.js';
import { ADMIN_TOKEN, bearer } from '../helpers/app.js';
import { expectCreditsInvariant } from '../helpers/credits.js';
import { startFileServer } from '../fixtures/ingest/http-server.js';
import { launchChromium, snap, startConsoleServer, type ConsoleServer } from './browser.js';

/** A one-page badge: a name and an embedded photo, so a `Photo` field is a located image region. */
async function badgePdf(): Promise<Buffer> {
  const portrait = await sharp({ create: { width: 120, height: 150, channels: 3, background: { r: 90, g: 120, b: 160 } } }).jpeg().toBuffer();
  const doc = new PDFDocument({ size: 'A6', margin: 30 });
  doc.fontSize(14).text('Visitor badge', 30, 30);
  doc.fontSize(11).text('Name: Jane Doe', 30, 60);
  doc.image(portrait, 30, 90, { width: 96 });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.end();
  return done;
}

/**
 * The console in a real browser against a real server: from an empty account
 * to an xlsx file, then templates and the ledger. The tests run in order and
 * share one page, as a user would move through the console.
 */
describe('web console (chromium)', () => {
  let server: ConsoleServer;
  let browser: Browser;
  let page: Page;
  let apiKey: string;
  let accountId: number;
  let pdf: GeneratedPdf;
  let photo: Buffer;
  const batch = 'console-e2e';
  const api = async (url: string) => {
    const res = await server.t.inject({ method: 'GET', url: `/api/v1${url}`, headers: bearer(apiKey) });
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const open = async (hash: string) => {
    await page.goto(`${server.baseUrl}/console/#/${hash}`);
  };
  const nav = (name: string) => page.locator('nav.top').getByRole('link', { name, exact: true });

  beforeAll(async () => {
    [server, browser, pdf, photo] = await Promise.all([startConsoleServer(), launchChromium(), bboxPdf(4), badgePdf()]);
    ({ apiKey, accountId } = await server.t.createAccount({ plan: 'pro', credits: 40 }));
    page = await browser.newPage({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    if (server) {
      await expectCreditsInvariant(server.t.services.db);
      await server.t.destroy();
    }
  });

  // Each step builds on the one before: after a failure the rest would only time out.
  let broken = false;
  beforeEach(({ task, onTestFailed, skip }) => {
    if (broken) skip();
    onTestFailed(async () => {
      broken = true;
      await snap(page, `FAILED-${task.name.replace(/\W+/g, '-')}`);
    });
  });

  it('GET / redirects to the console, served with a strict CSP and no external resource', async () => {
    const response = await page.goto(`${server.baseUrl}/`);
    expect(page.url()).toBe(`${server.baseUrl}/console/`);
    expect(response!.headers()['content-security-policy']).toContain("script-src 'self'");
    const external: string[] = [];
    page.on('request', (r) => { if (!r.url().startsWith(server.baseUrl) && !r.url().startsWith('blob:') && !r.url().startsWith('data:')) external.push(r.url()); });
    await page.getByLabel('API key').waitFor();
    await snap(page, '01-sign-in');
    expect(external).toEqual([]);
  });

  it('refuses a wrong key with the API message, then signs in with the right one', async () => {
    await page.getByLabel('API key').fill('dr_live_wrongwrongwrongwrongwrongwrong12');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.locator('.error').textContent()).toContain('invalid_api_key');
    await page.getByLabel('API key').fill(apiKey);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await nav('Upload').waitFor();
    expect(await page.evaluate('sessionStorage.length')).toBe(1);
    expect(await page.evaluate('localStorage.length')).toBe(0);
  });

  it('uploads a PDF and an image into a new batch with a bar per file; a broken file shows its API error', async () => {
    await nav('Upload').click();
    await page.locator('input[name=batch_name]').fill(batch);
    await page.setInputFiles('input[type=file]', [
      { name: 'invoice.pdf', mimeType: 'application/pdf', buffer: pdf.pdf },
      { name: 'scan.jpg', mimeType: 'image/jpeg', buffer: generatePage(4, { seed: 3 }).jpeg },
      { name: 'badge.pdf', mimeType: 'application/pdf', buffer: photo },
      { name: 'broken.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.7 this is not a PDF') },
    ]);
    expect(await page.locator('li.upload progress').count()).toBe(4);
    await page.getByRole('button', { name: /^Upload 4/ }).click();
    await page.locator('li.upload[data-file="broken.pdf"].failed').waitFor();
    await page.locator('li.upload[data-file="invoice.pdf"].done').waitFor();
    await page.locator('li.upload[data-file="scan.jpg"].done').waitFor();
    await page.locator('li.upload[data-file="badge.pdf"].done').waitFor();
    expect(await page.locator('li.upload[data-file="broken.pdf"] .error').textContent()).toContain('[invalid_parameter]');
    await snap(page, '02-upload');

    // X-Docrows-Source: console → source direct (docs/decisions.md)
    expect((await api('/batches?source=direct')).data.map((b: { batch_name: string }) => b.batch_name)).toEqual([batch]);
    expect((await api('/batches?source=api')).data).toEqual([]);
  });

  it('shows the cost and the balance, processes with ad-hoc fields, follows progress and shows the rows', async () => {
    await page.getByRole('button', { name: `Process batch ${batch} →` }).click();
    await expect.poll(() => page.getByTestId('estimate').textContent()).toMatch(/Up to 3 pages to process: 3 credits.*Balance: 40 credits/);
    const names = ['Description', 'Qty', 'Price', 'Photo'];
    for (const [i, name] of names.entries()) {
      if (i > 0) await page.getByRole('button', { name: '+ Add field' }).click();
      await page.getByLabel(`Field ${i + 1} name`).fill(name);
    }
    await page.getByLabel('Field 3 format requirement').fill('number with 2 decimals');
    await snap(page, '03-process');
    await page.getByRole('button', { name: 'Process batch' }).click();
    await page.getByText('Queued 3 pages').waitFor();
    const rows = page.getByTestId('rows');
    // A PDF page may wait behind the scan's OCR, which a CI machine running the scale tests beside it slows several times.
    await rows.getByText('Hex bolt pack 1', { exact: true }).waitFor({ timeout: 150_000 });
    // the scanned page is OCR'd after the PDF's rows show: wait for processing as long as for the rows
    await expect.poll(() => page.locator('.counts [data-status=succeeded] strong').textContent(), { timeout: 150_000 }).toBe('3');
    expect(await rows.locator('thead th').allTextContents()).toEqual(['Page', ...names]);
    // The badge's photo is a pure-location value: shown as its crop, fetched with the key.
    await rows.locator('img.crop').first().waitFor();
    expect(await rows.locator('img.crop').first().evaluate((img: { naturalWidth: number }) => img.naturalWidth)).toBeGreaterThan(10);
    await snap(page, '04-results');
  }, 330_000);

  it('draws each value\'s box on the page image after the bbox pass, and links cell and box on hover', async () => {
    await page.getByTestId('rows').getByRole('link', { name: /invoice\.pdf/ }).click();
    await page.locator('[data-testid=page] img').waitFor();
    expect(await page.locator('.box').count()).toBe(0);
    await page.getByRole('button', { name: /Locate values \(bbox pass/ }).click();
    await page.locator('.box').first().waitFor({ timeout: 60_000 });

    // The drawn box of row 1's Description sits where the PDF printed it.
    const img = (await page.locator('[data-testid=page] img').boundingBox())!;
    const drawn = (await page.locator('.box[data-key="0:Description"]').boundingBox())!;
    const truth = pdf.cells[0].Description.box;
    const tolerance = 0.02;
    expect(Math.abs((drawn.x - img.x) / img.width - truth.x1)).toBeLessThan(tolerance);
    expect(Math.abs((drawn.y - img.y) / img.height - truth.y1)).toBeLessThan(tolerance);
    expect(Math.abs((drawn.x + drawn.width - img.x) / img.width - truth.x2)).toBeLessThan(tolerance);
    expect(Math.abs((drawn.y + drawn.height - img.y) / img.height - truth.y2)).toBeLessThan(tolerance);

    await page.locator('td[data-key="0:Description"]').hover();
    expect(await page.locator('.box[data-key="0:Description"]').getAttribute('class')).toContain('hot');
    await page.locator('.box[data-key="1:Qty"]').hover();
    expect(await page.locator('td[data-key="1:Qty"]').getAttribute('class')).toContain('hot');
    await snap(page, '05-page-viewer');
  }, 90_000);

  it('downloads the batch as xlsx with the extracted rows', async () => {
    await open(`batches/${batch}`);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download xlsx' }).click()]);
    expect(download.suggestedFilename()).toBe(`${batch}.xlsx`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile((await download.path())!);
    const texts = book.worksheets.flatMap((s) => s.getSheetValues().flat().map((v) => String(v)));
    expect(texts).toContain('Hex bolt pack 1');
    // Merge on: the batch has no template with a merge configuration, and the console says so.
    await page.getByLabel('Merge pages').check();
    await page.getByText('No multi-page merge is configured').waitFor();
    expect(await page.getByTestId('rows').getByText('Hex bolt pack 1', { exact: true }).count()).toBe(1);
  });

  it('creates a template, renames a field, edits its format, reorders by dragging and saves settings', async () => {
    await nav('Templates').click();
    await page.locator('input[name=template_name]').fill('Invoices');
    await page.getByRole('button', { name: 'Create template' }).click();
    await page.getByRole('heading', { name: 'Template Invoices' }).waitFor();
    for (const name of ['Sku', 'Amount', 'Date']) {
      await page.getByLabel('New field name', { exact: true }).fill(name);
      await page.getByRole('button', { name: 'Add field' }).click();
      await page.locator(`li[data-field="${name}"]`).waitFor();
    }
    const amount = page.locator('li[data-field="Amount"]');
    await amount.getByLabel('Field name').fill('Total');
    await amount.getByLabel('Format requirement').fill('number, 2 decimals');
    await amount.getByRole('button', { name: 'Save' }).click();
    await page.locator('li[data-field="Total"]').waitFor();
    await page.locator('li[data-field="Date"] .grip').dragTo(page.locator('li[data-field="Sku"]'));
    await expect.poll(() => page.locator('[data-testid=fields] li').evaluateAll((els) => els.map((e) => e.getAttribute('data-field')))).toEqual(['Date', 'Sku', 'Total']);
    await page.getByLabel('Merge the pages of one record into one output').check();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect.poll(async () => (await api('/templates')).data[0].merge_enabled).toBe(true);
    const [template] = (await api('/templates')).data;
    expect(template.fields.map((f: { name: string; format_requirement: string }) => [f.name, f.format_requirement]))
      .toEqual([['Date', ''], ['Sku', ''], ['Total', 'number, 2 decimals']]);
    await snap(page, '06-template');
  });

  it('shows the plan, the credits and the event feed under Account, and under Usage (where the README says) the ledger of what processing spent a page at a time', async () => {
    // 20 operator grants fill the ledger's first page (20 entries, newest first), so the spends are on the second.
    for (let i = 0; i < 20; i++) {
      const grant = await server.t.inject({ method: 'PATCH', url: `/admin/v1/accounts/${accountId}`, headers: { authorization: `Bearer ${ADMIN_TOKEN}` }, payload: { credits_delta: 1 } });
      expect(grant.statusCode).toBe(200);
    }
    await nav('Account').click();
    await expect.poll(() => page.getByTestId('credits').textContent()).toBe(String((await api('/account')).available_credits));
    expect(await page.getByTestId('plan').textContent()).toBe('pro');
    await page.getByTestId('events').getByText('batch.completed').waitFor();
    expect(readFileSync('README.md', 'utf8').replace(/\s+/g, ' ')).toContain('usage ledger (**Usage**) have their own tabs');
    await nav('Usage').click();
    const amounts = () => page.locator('[data-testid=ledger] tbody td:nth-child(4)').allTextContents();
    await expect.poll(amounts).toEqual(Array(20).fill('+1'));
    await page.getByRole('button', { name: 'Older' }).click();
    // Three pages extracted and one bbox pass, then the initial grant.
    await expect.poll(amounts).toEqual(['-1', '-1', '-1', '-1', '+40']);
    await snap(page, '07-account');
    await page.getByRole('button', { name: 'Newer' }).click();
    await expect.poll(async () => (await amounts()).length).toBe(20);
  });

  it('lists batches with filters and deletes one after a confirmation that mentions refunds', async () => {
    await nav('Batches').click();
    const row = page.locator(`tr[data-batch="${batch}"]`);
    await row.waitFor();
    expect(await row.textContent()).toContain('3 succeeded');
    await page.locator('select[name=source]').selectOption('api');
    await page.getByText('No batches match').waitFor();
    await page.locator('select[name=source]').selectOption('direct');
    await row.waitFor();
    await snap(page, '08-batches');
    await row.getByRole('button', { name: 'Delete' }).click();
    expect(await row.textContent()).toContain('queued are refunded');
    await row.getByRole('button', { name: 'Delete batch' }).click();
    await row.getByText('Deleted; 0 credits refunded.').waitFor();
    await expect.poll(async () => (await api('/batches')).data).toEqual([]);
  });

  it('takes dropped .txt files and a URL into a batch, processes them with a saved template, lists a canceled page, refunds the queued ones on delete, and deletes the template', async () => {
    // Workers paused: the page stays queued (charged), so deleting the batch refunds it.
    const paused = await server.t.inject({ method: 'PUT', url: '/admin/v1/processing', headers: { authorization: `Bearer ${ADMIN_TOKEN}` }, payload: { paused: true } });
    expect(paused.statusCode).toBe(200);
    await nav('Upload').click();
    await page.locator('input[name=batch_name]').fill('dropped');
    const dataTransfer = await page.evaluateHandle(`(() => {
      const dt = new DataTransfer();
      dt.items.add(new File(['Description Qty\\nBlue widget 3\\n'], 'notes.txt', { type: 'text/plain' }));
      dt.items.add(new File(['Description Qty\\nRed widget 4\\n'], 'spare.txt', { type: 'text/plain' }));
      return dt;
    })()`);
    await page.dispatchEvent('.drop', 'drop', { dataTransfer });
    const files = await startFileServer({ '/remote.txt': (_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('Description Qty\nGreen widget 5\n') });
    try {
      await page.locator('input[name=url]').fill(files.url('/remote.txt'));
      await page.getByRole('button', { name: 'Add URL' }).click();
      await page.getByRole('button', { name: /^Upload 3/ }).click();
      await page.locator(`li.upload[data-file="${files.url('/remote.txt')}"].done`).waitFor();
    } finally {
      await files.close();
    }
    await page.locator('li.upload[data-file="notes.txt"].done').waitFor();
    await page.locator('li.upload[data-file="spare.txt"].done').waitFor();
    await page.getByRole('button', { name: 'Process batch dropped →' }).click();
    await page.getByLabel('Template', { exact: true }).check();
    await page.locator('select[name=template]').selectOption({ label: 'Invoices (3 fields)' });
    await page.getByRole('button', { name: 'Process batch' }).click();
    await page.getByTestId('batch-progress').getByText('0 of 3 pages finished').waitFor();
    await snap(page, '09-processing');

    // The operator cancels one page: the batch page lists it among the pages that did not succeed.
    const results = await api('/batches/dropped/results');
    const spare = results.documents.find((d: { filename: string }) => d.filename === 'spare.txt').document_id;
    const canceled = await server.t.inject({ method: 'POST', url: `/admin/v1/documents/${spare}/cancel`, headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
    expect(canceled.statusCode).toBe(200);
    await page.getByTestId('failed-pages').getByText('spare.txt').waitFor();
    expect(await page.getByTestId('failed-pages').textContent()).toMatch(/spare\.txt p\. 1\s*canceled/);

    await nav('Batches').click();
    const row = page.locator('tr[data-batch="dropped"]');
    expect(await row.locator('td').nth(3).textContent()).toBe('2 queued, 1 canceled');
    await row.getByRole('button', { name: 'Delete' }).click();
    await row.getByRole('button', { name: 'Delete batch' }).click();
    await row.getByText('Deleted; 2 credits refunded.').waitFor();
    const ledger = (await api('/account/usage?batch_name=dropped')).data.map((e: { action: string; amount: number }) => [e.action, e.amount]);
    expect(ledger).toEqual([...Array(3).fill(['refund', 1]), ...Array(3).fill(['deduction', -1])]);

    // The template it used can go now: past results are untouched.
    await nav('Templates').click();
    await page.getByRole('link', { name: 'Invoices' }).click();
    await page.getByRole('button', { name: 'Delete this template…' }).click();
    await page.getByRole('button', { name: 'Delete template' }).click();
    await page.getByText('No templates yet').waitFor();
    expect((await api('/templates')).data).toEqual([]);
  });

  it('fits a phone screen', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    for (const [hash, ready] of [['account', 'credits'], ['upload', null], ['templates', null], ['batches', null]] as const) {
      await open(hash);
      await (ready ? page.getByTestId(ready) : page.locator('main h2').first()).waitFor();
      const overflow = await page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth');
      expect({ hash, overflow }).toEqual({ hash, overflow: 0 });
      await snap(page, `10-phone-${hash}`);
    }
  });
});
