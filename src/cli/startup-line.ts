import type { Config } from '../config.js';

/**
 * The one human line `docrows serve` prints when attached to a terminal (the
 * JSON logs are for machines): where it listens, where the console, the
 * reference and the admin API are.
 */
export function startupLine(config: Config, address: string): string {
  const admin = config.adminToken ? `admin API on (${address}/admin/v1)` : 'admin API off (set DOCROWS_ADMIN_TOKEN)';
  return `docrows listening on ${address} · console ${address}/console · docs ${address}/docs · ${admin}\n`;
}
