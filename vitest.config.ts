import { defineConfig } from 'vitest/config';
import { LongestFirstSequencer } from './test/longest-first.js';

/**
 * Projects say which tests run under which Node (docs/decisions.md, "Node"):
 * `npm test` runs engine, lint and service under the machine's Node, then
 * service and image under Node 24. `npx vitest run` alone runs them all.
 * - engine: functions over words and pages, no server, no child process;
 * - lint: the repository's own lint rules, with the machine's eslint and dependency-cruiser;
 * - image: the Dockerfile played as a script, with the image's whole build;
 * - service: everything else, the HTTP API, CLI, workers, storage and console.
 */
const ENGINE = ['test/extract/**/*.test.ts', 'test/business/**/*.test.ts', 'test/generator/**/*.test.ts', 'test/einvoice/**/*.test.ts', 'test/unit/**/*.test.ts', 'test/core/**/*.test.ts'];
const LINT = ['test/lint/**/*.test.ts'];
const IMAGE = ['test/scale/image-build.test.ts'];

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
      { extends: true, test: { name: 'service', include: ['test/**/*.test.ts'], exclude: [...ENGINE, ...LINT, ...IMAGE], globalSetup: ['test/console/global-setup.ts'] } },
    ],
  },
});
