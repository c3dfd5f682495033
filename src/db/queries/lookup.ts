/**
 * How a lookup reads its row: `lock` takes a PostgreSQL row lock (FOR UPDATE,
 * or the weaker lock a module documents) until the caller's transaction ends.
 * SQLite needs none: its writers are serial already.
 */
export interface Lookup {
  lock?: boolean;
}

/** `items` in runs of at most `size`: SQLite caps the bound parameters of one statement. */
export function inChunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
