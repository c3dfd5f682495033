/**
 * The long fuzz run (issue 11): `npm run fuzz -- --cases 10000 [--seed N] [--minutes M] [--process-at-most K]`.
 * Mutated PDFs, images, .docx and .txt through a real `docrows serve` (see
 * test/hostile/fuzz-run.ts); prints one JSON summary and exits non-zero when
 * the server died, answered outside the contract, left a processed document
 * unfinished or the credits did not add up.
 */
import { parseArgs } from 'node:util';
import { runFuzz } from '../test/hostile/fuzz-run.js';

const { values } = parseArgs({
  options: {
    cases: { type: 'string', default: '10000' },
    seed: { type: 'string', default: String(Date.now() % 2 ** 31) },
    minutes: { type: 'string' },
    'process-at-most': { type: 'string' },
  },
});

const summary = await runFuzz({
  cases: Number(values.cases),
  seed: Number(values.seed),
  ...(values.minutes !== undefined ? { minutes: Number(values.minutes) } : {}),
  ...(values['process-at-most'] !== undefined ? { processAtMost: Number(values['process-at-most']) } : {}),
  log: (line) => process.stderr.write(`${line}\n`),
});
process.stdout.write(`${JSON.stringify(summary)}\n`);
const ok = summary.process_deaths === 0 && summary.non_contract_bodies === 0 && summary.documents_terminal && summary.credits_exact && summary.failure === null;
process.exitCode = ok ? 0 : 1;
