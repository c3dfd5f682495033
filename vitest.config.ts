import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/console/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // expect.poll waits on servers and browsers that share 2 cores with the rest of the suite: 1 s (the default) is too tight there.
    expect: { poll: { timeout: 15_000 } },
    pool: 'forks',
    // Most test files wait on servers, child processes and timers (the whole suite uses about 2/3 of 2 cores'
    // time with 2 files at once): 4 at once keep both cores busy, and every test already tolerates a loaded machine.
    poolOptions: { forks: { maxForks: 4, minForks: 1 } },
  },
});
