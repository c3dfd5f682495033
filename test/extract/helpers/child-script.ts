import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Runs TypeScript `source` in a process of its own, from a script file in a
 * temporary folder (worker threads inherit the parent's flags, and
 * `--input-type` with `-e` would stop them), from the repository root: its
 * exit code, stdout and stderr. For what only a whole process shows, such
 * as lines a library prints to stderr.
 */
export async function runScript(source: string): Promise<{ code: number; stdout: string; stderr: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'docrows-child-script-'));
  try {
    const script = join(dir, 'script.mts');
    await writeFile(script, source);
    return await new Promise((resolve) => {
      execFile(process.execPath, ['--import', 'tsx', script], { cwd: process.cwd() }, (err, stdout, stderr) => {
        resolve({ code: err ? Number(err.code ?? 1) : 0, stdout, stderr });
      });
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
