/** p50/p95 of timings in ms (one decimal), with the sample size. */
export function percentiles(ms: number[]): { p50: number; p95: number; n: number } {
  const s = [...ms].sort((a, b) => a - b);
  const at = (q: number) => (s.length ? s[Math.min(s.length - 1, Math.floor(q * s.length))] : NaN);
  return { p50: Math.round(at(0.5) * 10) / 10, p95: Math.round(at(0.95) * 10) / 10, n: s.length };
}
