import type { Db } from '../db/connect.js';
import type { Clock } from '../clock.js';
import { readSetting, writeSetting } from '../db/queries/settings.js';

/** The operator's maintenance switch: while paused, workers claim nothing. Kept in the database so every worker process sees it. */
const KEY = 'processing_paused';

export async function setProcessingPaused(db: Db, clock: Clock, paused: boolean): Promise<void> {
  await writeSetting(db, clock, KEY, paused);
}

export async function isProcessingPaused(db: Db): Promise<boolean> {
  return readSetting(db, KEY, false);
}
