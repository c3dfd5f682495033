/** Which database `docrows admin` opens, and whether it is there yet (src/cli/admin.ts). */
import fs from 'node:fs';
import { connectDb, dialectOf, sqliteFile } from '../db/connect.js';
import { hasSchema } from '../db/migrate.js';

/** The database as an operator recognises it: the SQLite file, or the PostgreSQL URL without its password. */
export function databaseName(url: string): string {
  if (dialectOf(url) === 'sqlite') return sqliteFile(url);
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

/** Whether the configured database already holds docrows' schema; a missing SQLite file is not created by asking. */
export async function databaseExists(url: string): Promise<boolean> {
  if (dialectOf(url) === 'sqlite' && !fs.existsSync(sqliteFile(url))) return false;
  const handle = await connectDb(url);
  try {
    return await hasSchema(handle.db, handle.schema);
  } finally {
    await handle.close();
  }
}

