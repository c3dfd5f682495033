import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../console/browser.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { freePort } from '../helpers/free-port.js';

describe('/docs in a real browser', { timeout: 120_000 }, () => {
  let t: TestApp;
  let browser: Browser;
  let baseUrl: string;
  beforeAll(async () => {
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    t = await startTestApp('sqlite', { DOCROWS_BASE_URL: baseUrl });
    await t.server.listen({ port, host: '127.0.0.1' });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.destroy();
  });

  it('renders every operation with its description and example, loading nothing from outside the server', async () => {
    const page = await browser.newPage();
    const outside: string[] = [];
    const failed: string[] = [];
    // Every request the page makes, served or not: one to another host (a logo, a font, a CDN) fails the test.
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.protocol !== 'data:' && url.protocol !== 'blob:' && url.host !== new URL(baseUrl).host) outside.push(request.url());
    });
    page.on('requestfailed', (request) => failed.push(request.url()));
    page.on('response', (response) => { if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`); });
    await page.goto(`${baseUrl}/docs`, { waitUntil: 'networkidle' });
    await page.locator('h2').filter({ hasText: 'Queue the batch\'s eligible documents for extraction' }).first().waitFor();
    // The description and the request example of the process operation are on the page.
    const text = await page.locator('body').textContent();
    expect(text).toContain('Send an Idempotency-Key so a retry never charges twice');
    expect(text).toContain('Unit Price');
    expect(outside).toEqual([]);
    expect(failed).toEqual([]);
  });

  it('answers /favicon.ico with an icon', async () => {
    const res = await fetch(`${baseUrl}/favicon.ico`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^image\//);
    expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(0);
  });
});
