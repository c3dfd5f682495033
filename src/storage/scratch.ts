import fsp from 'node:fs/promises';
import path from 'node:path';

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
