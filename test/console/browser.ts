import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { freePort } from '../helpers/free-port.js';

/** Debian's chromium (scripts/setup-system.sh installs it); playwright-core never downloads a browser. */
export const CHROMIUM = process.env.DOCROWS_CHROMIUM ?? '/usr/bin/chromium';

/** Kept by CI (gitignored): one PNG per console page, and one per failed test. */
export const SCREENSHOTS = path.resolve('.tmp/console-screenshots');

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

export interface ConsoleServer {
  t: TestApp;
  baseUrl: string;
}

/** A real docrows on a loopback port with one embedded worker, serving the console built by global-setup.ts. */
export async function startConsoleServer(): Promise<ConsoleServer> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  // Private URLs allowed: the URL upload of the test is served from 127.0.0.1.
  const t = await startTestApp('sqlite', { DOCROWS_WORKERS: '1', DOCROWS_BASE_URL: baseUrl, DOCROWS_ALLOW_PRIVATE_URLS: 'true' });
  await t.server.listen({ port, host: '127.0.0.1' });
  return { t, baseUrl };
}

/** Opens the console and signs in with `apiKey`, as a person does at the key prompt. */
export async function signIn(page: Page, baseUrl: string, apiKey: string): Promise<void> {
  await page.goto(`${baseUrl}/console/`);
  await page.getByLabel('API key').fill(apiKey);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.locator('nav.top').waitFor();
}

export async function snap(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
}
