import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');

interface Run { code: number; stdout: string; stderr: string }

/** The real CLI as a child process; no server runs, so nothing here may need one. */
function docrows(args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', 'src/main.ts', ...args], {
      cwd: ROOT,
      env: { ...process.env, DOCROWS_URL: 'http://127.0.0.1:9', DOCROWS_API_KEY: 'dr_live_unused', DOCROWS_LOG_LEVEL: 'silent', ...env },
    }, (err, stdout, stderr) => resolve({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0, stdout, stderr }));
  });
}

describe('docrows usage errors (README.md, "Exit codes")', { timeout: 120_000 }, () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docrows-usage-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('names a missing file, before any request, and exits 2', async () => {
    const missing = path.join(dir, 'no-such-invoice.pdf');
    for (const args of [['upload', missing], ['run', missing, '--fields', 'Amount'], ['extract', missing]]) {
      const r = await docrows(args);
      expect({ args, code: r.code }).toEqual({ args, code: 2 });
      expect(r.stderr).toContain(`cannot read ${missing}: no such file`);
      // The server address is a closed port: a request would have failed with exit 1 and "No answer".
      expect(r.stderr).not.toContain('No answer');
    }
    const r = await docrows(['upload', dir]);
    expect(r).toMatchObject({ code: 2, stderr: expect.stringContaining(`cannot read ${dir}: not a file`) });
  });

  it('exits 2 for an unknown option, a bad choice, a bad number and a missing argument', async () => {
    const cases: Array<[string[], string]> = [
      [['process', 'march', '--quality', 'medium'], "argument 'medium' is invalid"],
      [['upload', 'a.pdf', '--bogus'], "unknown option '--bogus'"],
      [['results'], "missing required argument 'batch'"],
      [['process', 'march', '--timeout', 'soon', '--wait'], '--timeout must be a positive integer, not "soon"'],
      [['extract', 'a.pdf', '--format', 'pdf'], "argument 'pdf' is invalid"],
      [['nosuchcommand'], "unknown command 'nosuchcommand'"],
      [[], 'Usage: docrows'],
    ];
    for (const [args, message] of cases) {
      const r = await docrows(args);
      expect({ args, code: r.code }).toEqual({ args, code: 2 });
      expect(r.stderr).toContain(message);
    }
  });

  it('answers --help and --version with 0', async () => {
    expect(await docrows(['--help'])).toMatchObject({ code: 0, stdout: expect.stringContaining('Usage: docrows') });
    expect(await docrows(['upload', '--help'])).toMatchObject({ code: 0, stdout: expect.stringContaining('Exit codes') });
    expect((await docrows(['--version'])).code).toBe(0);
  });

  it('says what is wrong with a server address that is not one, from --url or DOCROWS_URL', async () => {
    const file = path.join(dir, 'page.txt');
    fs.writeFileSync(file, 'Item  Amount\nTea  2.00\n');
    const flag = await docrows(['upload', file, '--url', 'notaurl']);
    expect(flag).toMatchObject({ code: 2, stderr: 'docrows upload: --url must be the server\'s http(s) address, e.g. http://127.0.0.1:8080, not "notaurl"\n' });
    const env = await docrows(['results', 'march'], { DOCROWS_URL: 'ftp://example.org' });
    expect(env).toMatchObject({ code: 2, stderr: expect.stringContaining('DOCROWS_URL must be the server\'s http(s) address') });
  });
});
