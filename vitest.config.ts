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
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
  },
});
