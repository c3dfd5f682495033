import { buildConsole } from '../../scripts/build-assets.mjs';
import { CONSOLE_DIR } from '../../src/http/routes/console.js';

/**
 * Builds the console once per test run, before any test file starts: test
 * files run in parallel, and a rebuild inside one would pull the assets from
 * under a server another is driving.
 */
export default async function setup(): Promise<void> {
  await buildConsole(CONSOLE_DIR);
}
