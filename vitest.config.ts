import { defineConfig } from 'vitest/config';

/**
 * The engine's own tests: functions over words and pages, no server, no child
 * process. They run in worker threads that keep their module cache from file
 * to file (threads' isolate: false), so the engine's heavy modules
 * (tesseract.js, onnxruntime, sharp) load once a thread, not once a file: that
 * import was most of these files' time. The two that watch the process's
 * stderr while tesseract's workers start need a process of their own, as every
 * other test file has (forks, isolated). docs/decisions.md, "Node", says which
 * projects run under Node 24.
 */
const ENGINE = ['test/extract/**/*.test.ts', 'test/business/**/*.test.ts', 'test/generator/**/*.test.ts', 'test/einvoice/**/*.test.ts', 'test/unit/**/*.test.ts', 'test/core/**/*.test.ts'];
const OWN_PROCESS = ['test/extract/ocr-stderr.test.ts', 'test/extract/ocr-languages.test.ts'];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // expect.poll waits on servers and browsers that share 2 cores with the rest of the suite: 1 s (the default) is too tight there.
    expect: { poll: { timeout: 15_000 } },
    pool: 'forks',
    // Most test files wait on servers, child processes and timers (the whole suite uses about 2/3 of 2 cores'
    // time with 2 files at once): 4 at once keep both cores busy, and every test already tolerates a loaded machine.
    poolOptions: { forks: { maxForks: 4, minForks: 1 }, threads: { maxThreads: 2, minThreads: 1, isolate: false } },
    projects: [
      { extends: true, test: { name: 'engine', include: ENGINE, exclude: OWN_PROCESS, pool: 'threads' } },
      { extends: true, test: { name: 'engine-own-process', include: OWN_PROCESS } },
      { extends: true, test: { name: 'service', include: ['test/**/*.test.ts'], exclude: ENGINE, globalSetup: ['test/console/global-setup.ts'] } },
    ],
  },
});
