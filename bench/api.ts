/**
 * API throughput and latency: 32 concurrent clients against the real server on
 * loopback. Prints JSON. Target (2 cores, SQLite): GET /account ≥ 3,000 req/s, p99 < 30 ms.
 */
import autocannon from 'autocannon';
import { createBenchAccount, startBenchServer } from './lib/server.js';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const CONNECTIONS = 32;

async function measure(url: string, apiKey: string) {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION_S,
    headers: { authorization: `Bearer ${apiKey}` },
  });
  return {
    requests_per_s: Math.round(result.requests.average),
    latency_p50_ms: result.latency.p50,
    latency_p99_ms: result.latency.p99,
    non_2xx: result.non2xx,
    errors: result.errors,
  };
}

async function main(): Promise<void> {
  const dialect = process.env.DOCROWS_DATABASE_URL?.startsWith('postgres') ? 'postgres' : 'sqlite';
  const server = await startBenchServer({ DOCROWS_WORKERS: '0' });
  try {
    const { apiKey } = await createBenchAccount(server.baseUrl);
    for (let i = 0; i < 10; i++) {
      await fetch(`${server.baseUrl}/api/v1/templates`, {
        method: 'POST',
        headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ preset_id: undefined, name: `bench template ${i}` }),
      });
    }
    // Warm-up so JIT and caches are not part of the figures.
    await autocannon({ url: `${server.baseUrl}/api/v1/account`, connections: CONNECTIONS, duration: 2, headers: { authorization: `Bearer ${apiKey}` } });
    const account = await measure(`${server.baseUrl}/api/v1/account`, apiKey);
    const templates = await measure(`${server.baseUrl}/api/v1/templates`, apiKey);
    process.stdout.write(`${JSON.stringify({
      bench: 'api',
      dialect,
      connections: CONNECTIONS,
      duration_s: DURATION_S,
      get_account: account,
      get_templates: templates,
      targets: { get_account_requests_per_s: 3000, get_account_p99_ms: 30 },
      meets_targets: account.requests_per_s >= 3000 && account.latency_p99_ms < 30,
    }, null, 2)}\n`);
  } finally {
    await server.stop();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${String(err)}\n`);
  process.exit(1);
});
