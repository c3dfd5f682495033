/** Reads Prometheus text exposition (what GET /metrics answers) into samples, for tests comparing it with the database. */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const LINE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

export function parseMetrics(text: string): Sample[] {
  const out: Sample[] = [];
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const m = LINE.exec(line);
    if (!m) throw new Error(`not a Prometheus sample: ${line}`);
    const labels: Record<string, string> = {};
    for (const l of (m[2] ?? '').matchAll(LABEL)) labels[l[1]] = l[2].replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
    out.push({ name: m[1], labels, value: Number(m[3]) });
  }
  return out;
}

/** The value of the one sample with this name and these labels (others ignored); undefined when absent. */
export function metricValue(samples: Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  const hits = samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  if (hits.length > 1) throw new Error(`${hits.length} samples of ${name} match ${JSON.stringify(labels)}`);
  return hits[0]?.value;
}
