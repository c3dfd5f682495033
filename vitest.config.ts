import { defineConfig } from 'vitest/config';
import { LongestFirstSequencer } from './test/longest-first.js';

/**
 * Projects say which tests run under which Node (docs/decisions.md, "Node"):
 * `npm test` runs engine, lint, runtime and service under the machine's Node,
 * then runtime and image under Node 24. `npx vitest run` alone runs them all.
 * - engine: functions over words and pages, no server, no child process;
 * - lint: the repository's own lint rules, with the machine's eslint and dependency-cruiser;
 * - image: the Dockerfile played as a script, with the image's whole build;
 * - runtime: the service's files over what a Node changes under it: native modules (better-sqlite3,
 *   sharp, Skia), WebAssembly (pdfium, tesseract) and OCR in worker threads, child processes and
 *   signals, HTTP over a socket to the client;
 * - service: everything else, the HTTP API, CLI, workers, storage and console.
 */
const ENGINE = ['test/extract/**/*.test.ts', 'test/business/**/*.test.ts', 'test/generator/**/*.test.ts', 'test/einvoice/**/*.test.ts', 'test/unit/**/*.test.ts', 'test/core/**/*.test.ts'];
const LINT = ['test/lint/**/*.test.ts'];
const IMAGE = ['test/scale/image-build.test.ts'];
const RUNTIME = [
  'test/pipeline/page-images.test.ts', // PDF pages painted (pdfium, sharp), a scan read by OCR in the layout engine's threads
  'test/pipeline/extraction.test.ts', // the workers' jobs: retries, leases, a dead worker, pause and cancel
  'test/ingest/pdf.test.ts', // pdfium's WebAssembly in and out of the ingest threads
  'test/ingest/image.test.ts', // sharp and Skia: orientation, transparency, TIFF pages, refused images
  'test/threads/thread-pool.test.ts',
  'test/threads/process-pool.test.ts',
  'test/scale/shutdown.test.ts', // `docrows serve` as a child process: SIGTERM, grace period, requests in flight
  'test/client/client.test.ts', // the typed client over HTTP (fetch) against a listening server
];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // expect.poll waits on servers and browsers that share 2 cores with the rest of the suite: 1 s (the default) is too tight there.
    expect: { poll: { timeout: 15_000 } },
    pool: 'forks',
    // Most test files wait on servers, child processes and timers (the whole suite uses about 2/3 of 2 cores'
    // time with 2 files at once): 4 at once keep both cores busy, and every test already tolerates a loaded machine.
    poolOptions: { forks: { maxForks: 4, minForks: 1 } },
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      { extends: true, test: { name: 'engine', include: ENGINE } },
      { extends: true, test: { name: 'lint', include: LINT } },
      { extends: true, test: { name: 'image', include: IMAGE } },
      { extends: true, test: { name: 'runtime', include: RUNTIME } },
      { extends: true, test: { name: 'service', include: ['test/**/*.test.ts'], exclude: [...ENGINE, ...LINT, ...IMAGE, ...RUNTIME], globalSetup: ['test/console/global-setup.ts'] } },
    ],
  },
});
