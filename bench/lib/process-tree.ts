/**
 * Memory of a process and every process under it (the server and its ingest
 * children), read from /proc (Linux). Children come and go (a retired ingest
 * child is replaced), so the tree is walked at each sample and the peak is of
 * the sum at one instant, not a sum of per-process peaks taken at different times.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** Direct children of `pid`: one children file a thread, and a thread (or the process) may end while they are read. */
function childrenOf(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((tid) => {
      try {
        const list = readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').trim();
        return list ? list.split(/\s+/).map(Number) : [];
      } catch {
        return [];
      }
    });
  } catch {
    return [];
  }
}

/** The process and all its descendants. */
export function processTree(pid: number): number[] {
  const out = [pid];
  for (let i = 0; i < out.length; i++) out.push(...childrenOf(out[i]));
  return out;
}

/** Resident memory of one process in MiB (0 once it is gone: exited between the walk and the read). */
export function rssMb(pid: number): number {
  try {
    return Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/** Resident MB of the whole tree now, and of its root alone. */
export function treeRssMb(pid: number): { tree: number; root: number; processes: number } {
  const pids = processTree(pid);
  const mb = pids.map(rssMb);
  return { tree: mb.reduce((a, b) => a + b, 0), root: mb[0], processes: pids.length };
}

/** Runs `fn` while sampling the tree every `everyMs`; the peak of the tree's sum, the root's peak, and the most processes seen. */
export async function peakTreeRss(pid: number, fn: () => Promise<unknown>, everyMs = 10): Promise<{ tree_mb: number; server_mb: number; processes: number }> {
  const peak = { tree_mb: 0, server_mb: 0, processes: 0 };
  const sample = () => {
    const now = treeRssMb(pid);
    peak.tree_mb = Math.max(peak.tree_mb, now.tree);
    peak.server_mb = Math.max(peak.server_mb, now.root);
    peak.processes = Math.max(peak.processes, now.processes);
  };
  sample();
  const timer = setInterval(sample, everyMs);
  try {
    await fn();
  } finally {
    clearInterval(timer);
    sample();
  }
  return { tree_mb: Math.round(peak.tree_mb), server_mb: Math.round(peak.server_mb), processes: peak.processes };
}
