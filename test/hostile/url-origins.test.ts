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
  // The short deadline is what /trickle probes; the others get a long one, so a loaded machine that streams
  // 30 MB slowly still meets the limit they probe first.
  const quick = { readTimeoutMs: 500, deadlineMs: 1500 };
  const patient = { readTimeoutMs: 500, deadlineMs: 60_000 };
  it.each([
    ['/short', /^Downloading the url failed: /, patient],
    ['/short?mib=30', /^Downloading the url failed: /, patient],
    ['/endless', /larger than 30 MB, the download limit/, patient],
    ['/stall', /timed out \(no data for 0\.5 s\)/, patient],
    ['/trickle', /took longer than 1\.5 s/, quick],
    ['/loop', /redirected more than 3 times/, patient],
  ])('%s fails only the upload, with invalid_parameter on url, and leaves no file', async (path, message, limits) => {
    const to = dest();
    await expect(downloadUrl(origin.url(path), to, { ...allow, ...limits }))
      .rejects.toMatchObject({ code: 'invalid_parameter', param: 'url', message: expect.stringMatching(message) });
    expect(existsSync(to)).toBe(false);
  });

  it('a body longer than its Content-Length is cut at the declared length', async () => {
    const to = dest();
    expect(await downloadUrl(origin.url('/lying-small'), to, allow)).toMatchObject({ size: 10 });
  });
});
