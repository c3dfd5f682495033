import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';

/**
 * Scratch files (multipart bodies, downloads, converted PDFs) live for one
 * request. A process killed mid-upload leaves its own behind; the next process
 * to start removes those old enough that no live request can still own them
 * (several processes may share the directory).
 */
export const STALE_SCRATCH_MS = 60 * 60_000;

export async function removeStaleScratch(dir: string, now: Date, olderThanMs = STALE_SCRATCH_MS): Promise<number> {
  let names: string[];
  try {
    names = await fsp.readdir(dir);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    const file = path.join(dir, name);
    const stat = await fsp.stat(file).catch(() => null);
    if (stat && now.getTime() - stat.mtimeMs > olderThanMs) {
      await fsp.rm(file, { recursive: true, force: true });
      removed++;
    }
  }
  return removed;
}

/**
 * The scratch directory of a running process. A file whose removal fails is
 * kept and tried again at every later removal and at close, so one failed
 * `rm` (a busy or locked file) does not leave it behind for good. Removal
 * never throws: the caller's own outcome (an upload's error) stays the one
 * reported, and each failure is logged on its own.
 */
export class ScratchFiles {
  private readonly leftovers = new Set<string>();

  constructor(readonly dir: string, private readonly log: Pick<Logger, 'warn'>) {}

  async remove(paths: string[]): Promise<void> {
    for (const p of paths) this.leftovers.add(p);
    await Promise.all([...this.leftovers].map(async (file) => {
      try {
        await fsp.rm(file, { force: true });
        this.leftovers.delete(file);
      } catch (err) {
        this.log.warn({ err, path: file }, 'could not remove a scratch file; trying again at the next removal');
      }
    }));
  }
}
