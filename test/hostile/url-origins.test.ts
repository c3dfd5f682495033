import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadUrl } from '../../src/ingest/url-download.js';
import { useTmpDir } from '../fixtures/ingest/tmp-files.js';
import { startHostileOrigin, type HostileOrigin } from './origins.js';

const tmp = useTmpDir();
let origin: HostileOrigin;
let n = 0;
const dest = (): string => join(tmp.dir, `dl-${n++}`);
const allow = { allowPrivate: true };

beforeAll(async () => { origin = await startHostileOrigin(); });
afterAll(async () => origin.close());

describe('downloadUrl against hostile origins', () => {
  it.each([
    ['/short', /^Downloading the url failed: /],
    ['/short?mib=30', /^Downloading the url failed: /],
    ['/endless', /larger than 30 MB, the download limit/],
    ['/stall', /timed out \(no data for 0\.5 s\)/],
    ['/trickle', /took longer than 1\.5 s/],
    ['/loop', /redirected more than 3 times/],
  ])('%s fails only the upload, with invalid_parameter on url, and leaves no file', async (path, message) => {
    const to = dest();
    await expect(downloadUrl(origin.url(path), to, { ...allow, readTimeoutMs: 500, deadlineMs: 1500 }))
      .rejects.toMatchObject({ code: 'invalid_parameter', param: 'url', message: expect.stringMatching(message) });
    expect(existsSync(to)).toBe(false);
  });

  it('a body longer than its Content-Length is cut at the declared length', async () => {
    const to = dest();
    expect(await downloadUrl(origin.url('/lying-small'), to, allow)).toMatchObject({ size: 10 });
  });
});
