import { describe, expect, it } from 'vitest';
import { runFuzz } from './fuzz-run.js';

/** A fixed seed: CI runs the same 300 cases every time (the long run takes --seed). */
const SEED = 20261124;

describe('seeded fuzz run through the HTTP API (300 cases)', () => {
  it('answers 200 or a contract error every time, never dies, finishes every processed document, keeps credits exact', async () => {
    const summary = await runFuzz({ cases: 300, seed: SEED, batchSize: 10, processAtMost: 20 });
    console.log(JSON.stringify(summary));
    expect(summary.failure).toBeNull();
    expect(summary).toMatchObject({ cases_run: 300, process_deaths: 0, non_contract_bodies: 0, documents_terminal: true, credits_exact: true });
    expect(summary.accepted_uploads).toBeGreaterThan(0);
    expect(summary.refused_uploads).toBeGreaterThan(0);
    expect(summary.peak_rss_mib_max).toBeLessThan(1536);
  }, 600_000);
});
