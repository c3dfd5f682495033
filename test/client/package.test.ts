import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServedApp, type ServedApp } from './served-app.js';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * README.md, "60 seconds with the TypeScript client": another project installs
 * docrows from `npm pack`'s tarball. The tarball holds the built client; a
 * project with it under node_modules imports `docrows/client` and talks to a server.
 */
describe('docrows/client from the npm pack tarball', { timeout: 180_000 }, () => {
  let app: ServedApp;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docrows-pack-'));
  beforeAll(async () => {
    app = await startServedApp({ workers: false });
  });
  afterAll(async () => {
    await app.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('holds the built client and bin, not the sources or tests, and the client works from it', async () => {
    // --ignore-scripts: the tarball of the build already in dist/ (npm install built it), not a rebuild.
    const { stdout } = await run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', dir], { cwd: ROOT, maxBuffer: 1 << 26 });
    const [packed] = JSON.parse(stdout) as Array<{ filename: string; files: Array<{ path: string }> }>;
    const files = packed.files.map((f) => f.path);
    expect(files).toEqual(expect.arrayContaining(['package.json', 'bin/docrows.js', 'dist/client/index.js', 'dist/client/index.d.ts', 'dist/main.js']));
    expect(files.filter((f) => /^(src|test|bench|examples)\//.test(f))).toEqual([]);

    const project = path.join(dir, 'project');
    const installed = path.join(project, 'node_modules/docrows');
    fs.mkdirSync(installed, { recursive: true });
    await run('tar', ['-xzf', path.join(dir, packed.filename), '-C', installed, '--strip-components=1']);
    // The package's own dependencies, as npm would install them beside it.
    fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(installed, 'node_modules'));
    const { apiKey } = await app.t.createAccount({ credits: 3 });
    fs.writeFileSync(path.join(project, 'use.mjs'), [
      "import { DocrowsClient } from 'docrows/client';",
      'const client = new DocrowsClient({ baseUrl: process.env.URL, apiKey: process.env.KEY });',
      'console.log(JSON.stringify(await client.account()));',
    ].join('\n'));
    const used = await run(process.execPath, ['use.mjs'], { cwd: project, env: { ...process.env, URL: app.baseUrl, KEY: apiKey } });
    expect(JSON.parse(used.stdout)).toMatchObject({ plan: 'basic', available_credits: 3 });
  });
});
