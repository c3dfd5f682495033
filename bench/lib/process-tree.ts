/**
 * Memory of a process and every process under it (the server and its ingest
 * children), read from /proc (Linux). Children come and go (a retired ingest
 * child is replaced), so the tree is walked at each sample and the peak is of
 * the sum at one instant, not a sum of per-process peaks taken at different times.
 */
import { readdirSync, readFileSync } from 'node:fs';

function childrenOf(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((tid) => {
      const list = readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').trim();
      return list ? list.split(/\s+/).map(Number) : [];
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

function rssKb(pid: number): number {
  try {
    return Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0; // exited between the walk and the read
  }
}

/** Resident MB of the whole tree now, and of its root alone. */
export function treeRssMb(pid: number): { tree: number; root: number; processes: number } {
  const pids = processTree(pid);
  const kb = pids.map(rssKb);
  return { tree: kb.reduce((a, b) => a + b, 0) / 1024, root: kb[0] / 1024, processes: pids.length };
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
