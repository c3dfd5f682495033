import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { promisify } from 'node:util';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../helpers/free-port.js';

/**
 * Containers cannot run here, so the Dockerfile is played as a script: each
 * stage is a directory, COPY copies exactly what it names (from the build
 * context less .dockerignore, or from the build stage), RUN steps are the
 * known ones below, and the image's CMD starts the server. A file the build
 * needs and the Dockerfile forgets to copy fails here as it fails in docker.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');

interface Stage {
  name: string | undefined;
  dir: string;
  env: Record<string, string>;
  cmd: string[] | undefined;
}

const ignored = fs.readFileSync(path.join(ROOT, '.dockerignore'), 'utf8').split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#'));

/** Docker's COPY of a context path: directories whole, minus .dockerignore's top-level names. */
function copyInto(from: string, to: string, fromContext: boolean): void {
  fs.cpSync(from, to, {
    recursive: true,
    verbatimSymlinks: true,
    filter: (src) => !fromContext || !ignored.includes(path.relative(ROOT, src).split(path.sep)[0]),
  });
}

/**
 * The RUN steps of the Dockerfile, each played here: installing is linking
 * this checkout's node_modules (no registry in a test), the build is run for
 * real. An unknown step fails the test, so a new one gets played too.
 */
async function run(step: string, stage: Stage): Promise<void> {
  if (/^npm ci\b/.test(step)) {
    fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(stage.dir, 'node_modules'));
    return;
  }
  // Pruning other platforms' native libraries would delete them from this checkout's linked node_modules: skipped.
  if (/^npm (rebuild|prune)\b/.test(step) || /^((mkdir|chown|apt-get|rm -rf \/var\/lib\/apt)\b|rm -rf node_modules\/onnxruntime-node\/bin\/)/.test(step)) return;
  if (step === 'npm run build') {
    // Asynchronous: a build of minutes must not block the test worker's event loop.
    const built = await promisify(execFile)('npm', ['run', 'build'], { cwd: stage.dir, env: { ...process.env, NODE_ENV: 'production' } })
      .then(() => null, (err: { stdout?: string; stderr?: string }) => `${err.stdout ?? ''}\n${err.stderr ?? ''}`);
    expect(built, 'npm run build in the image\'s file set failed').toBeNull();
    return;
  }
  throw new Error(`test/scale/image-build.test.ts does not know the Dockerfile step "${step}": teach it`);
}

/** Plays the Dockerfile; returns the last stage (the image). */
async function playDockerfile(work: string): Promise<Stage> {
  const lines = fs.readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8').replace(/\\\n/g, ' ').split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#'));
  const stages: Stage[] = [];
  let stage: Stage | undefined;
  let workdir = '/';
  for (const line of lines) {
    const [instruction, ...rest] = line.split(/\s+/);
    const args = rest.join(' ');
    if (instruction === 'FROM') {
      stage = { name: /\bAS (\S+)/i.exec(args)?.[1], dir: fs.mkdtempSync(path.join(work, 'stage-')), env: {}, cmd: undefined };
      stages.push(stage);
      continue;
    }
    if (!stage) throw new Error(`${instruction} before FROM`);
    const here = (p: string) => path.join(stage!.dir, path.relative(workdir, path.resolve(workdir, p)));
    switch (instruction) {
      case 'WORKDIR': workdir = args; break;
      case 'COPY': {
        const from = /^--from=(\S+)/.exec(rest[0])?.[1];
        const parts = from ? rest.slice(1) : rest;
        const dest = parts.pop()!;
        const source = from ? stages.find((s) => s.name === from)!.dir : ROOT;
        for (const p of parts) {
          const target = dest.endsWith('/') ? path.join(here(dest), path.basename(p)) : here(dest);
          copyInto(path.join(source, from ? path.relative(workdir, path.resolve(workdir, p)) : p), target, !from);
        }
        break;
      }
      case 'RUN': for (const step of args.split('&&').map((s) => s.trim())) await run(step, stage); break;
      case 'ENV': for (const [, k, v] of args.matchAll(/(\w+)=(\S+)/g)) stage.env[k] = v; break;
      case 'CMD': stage.cmd = JSON.parse(args) as string[]; break;
      default: break; // USER, VOLUME, EXPOSE, HEALTHCHECK, STOPSIGNAL: runtime settings
    }
  }
  return stage!;
}

describe('the Dockerfile\'s file set', () => {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'docrows-image-'));
  let server: ChildProcess | undefined;
  afterAll(() => {
    server?.kill('SIGKILL');
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('builds from exactly what the Dockerfile copies, and the image\'s command serves the API and the console', async () => {
    const image = await playDockerfile(work);
    expect(image.cmd).toEqual(['node', 'bin/docrows.js', 'serve']);
    const port = await freePort();
    const dataDir = path.join(work, 'data');
    server = spawn(image.cmd![0] === 'node' ? process.execPath : image.cmd![0], image.cmd!.slice(1), {
      cwd: image.dir,
      env: { PATH: process.env.PATH, ...image.env, DOCROWS_HOST: '127.0.0.1', DOCROWS_PORT: String(port), DOCROWS_DATA_DIR: dataDir, DOCROWS_WORKERS: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    server.stdout!.on('data', (c: Buffer) => { output += c.toString(); });
    server.stderr!.on('data', (c: Buffer) => { output += c.toString(); });
    const base = `http://127.0.0.1:${port}`;
    await expect.poll(async () => (await fetch(`${base}/readyz`).catch(() => null))?.status, { timeout: 60_000 }).toBe(200);
    const console = await fetch(`${base}/console/`);
    expect(console.status, output).toBe(200);
    expect(await console.text()).toContain('app.js');
    expect((await fetch(`${base}/docs`)).status).toBe(200);
    expect((await fetch(`${base}/api/v1/account`)).status).toBe(401);
  }, 300_000);
});
