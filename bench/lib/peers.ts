/**
 * The peers every bench compares docrows with, in the same run: pdfplumber
 * (installed with pip when missing), camelot (where pip can install it) and
 * Debian's tesseract CLI (installed with apt-get when missing). A peer that
 * cannot be installed is reported as such, with the reason, never silently
 * left out. The Python side is bench/lib/peers.py.
 */
import { execFile, spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const PEERS_PY = join(import.meta.dirname, 'peers.py');

export type PythonPeer = 'pdfplumber' | 'camelot';
export type PeerStatus = { available: true; version: string } | { available: false; reason: string };

/** pip's name of each peer. */
const PIP_PACKAGE: Record<PythonPeer, string> = { pdfplumber: 'pdfplumber', camelot: 'camelot-py' };
const statuses = new Map<PythonPeer, PeerStatus>();

function pythonVersion(module: PythonPeer): string | null {
  const r = spawnSync('python3', ['-c', `import ${module}; print(${module}.__version__)`], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : null;
}

/** The peer's version, installing it with pip (the machine's configured index) the first time it is missing. */
export function ensurePythonPeer(peer: PythonPeer): PeerStatus {
  const known = statuses.get(peer);
  if (known) return known;
  let version = pythonVersion(peer);
  let reason = '';
  if (version === null) {
    const pip = spawnSync('python3', ['-m', 'pip', 'install', '--quiet', PIP_PACKAGE[peer]], { encoding: 'utf8', timeout: 300_000 });
    version = pythonVersion(peer);
    const said = `${pip.stderr ?? ''}`.split('\n').map((l) => l.trim()).filter((l) => l.startsWith('ERROR')).join(' ');
    reason = `pip install ${PIP_PACKAGE[peer]} failed on this machine${said ? `: ${said}` : ''}`;
  }
  const status: PeerStatus = version === null ? { available: false, reason } : { available: true, version };
  statuses.set(peer, status);
  return status;
}

async function withSpec<T>(pages: Array<[string, number]>, fn: (spec: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'docrows-peers-'));
  try {
    const spec = join(dir, 'pages.json');
    await writeFile(spec, JSON.stringify(pages));
    return await fn(spec);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Milliseconds per page (wall and the process's CPU), each page opened, its words and tables read, closed; inside one
 * Python process that has read the `warm` pages the same way first, untimed.
 */
export async function timePythonPages(peer: PythonPeer, pages: Array<[string, number]>, warm: Array<[string, number]> = []): Promise<{ wall: number[]; cpu: number[] }> {
  return withSpec(pages, (spec) => withSpec(warm, async (warmSpec) => JSON.parse((await run('python3', [PEERS_PY, peer, spec, warmSpec], { maxBuffer: 1 << 24 })).stdout) as { wall: number[]; cpu: number[] }));
}

/** Wall milliseconds for `processes` Python processes sharing the pages, start-up included (throughput on the same cores). */
export async function timePythonProcesses(peer: PythonPeer, pages: Array<[string, number]>, processes: number): Promise<number> {
  const parts = Array.from({ length: processes }, (_, k) => pages.filter((_, i) => i % processes === k));
  const t0 = performance.now();
  await Promise.all(parts.map((part) => withSpec(part, (spec) => run('python3', [PEERS_PY, peer, spec], { maxBuffer: 1 << 24 }))));
  return performance.now() - t0;
}

/** The pdfplumber one-liner a user would type for a PDF's first table, as a whole process. */
export const PDFPLUMBER_ONE_LINER = 'import pdfplumber,sys,json; print(json.dumps(pdfplumber.open(sys.argv[1]).pages[0].extract_tables()))';

/**
 * Debian's tesseract CLI with the language packages `models` need, installed
 * with apt-get when missing (this is a bench, run by a developer as root, never CI).
 */
export function ensureTesseractCli(models: string[] = ['eng']): { available: boolean; version?: string; note?: string } {
  const probe = () => spawnSync('tesseract', ['--version'], { encoding: 'utf8' });
  const missing = () => {
    const listed = spawnSync('tesseract', ['--list-langs'], { encoding: 'utf8' });
    const have = new Set(`${listed.stdout ?? ''}`.split('\n').map((l) => l.trim()));
    return models.filter((m) => !have.has(m));
  };
  let p = probe();
  if (p.status !== 0 || missing().length > 0) {
    const packages = p.status !== 0 ? ['tesseract-ocr', ...models.map((m) => `tesseract-ocr-${m}`)] : missing().map((m) => `tesseract-ocr-${m}`);
    spawnSync('apt-get', ['update'], { stdio: 'ignore' });
    spawnSync('apt-get', ['install', '-y', ...packages], { stdio: 'ignore' });
    p = probe();
  }
  if (p.status !== 0) return { available: false, note: 'tesseract CLI not installed and apt-get install tesseract-ocr failed' };
  const absent = missing();
  if (absent.length > 0) return { available: false, note: `tesseract CLI without the models ${absent.join(', ')} (apt-get install tesseract-ocr-<code> failed)` };
  return { available: true, version: `${p.stdout}${p.stderr}`.split('\n')[0].trim() };
}
