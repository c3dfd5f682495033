/**
 * A receipt list's amounts checked by the sum the receipt prints under them:
 * an amount whose marks a scan misread (`5:99`, `7-58`) that no quantity line
 * explains is set right when only one reading of it makes the list add up to
 * the subtotal or the total (misread-amounts.ts, checkListSum); otherwise it
 * stays as read, and unsure.
 */
import type { EngineSettings } from '../../settings.js';
import { findTotals } from '../fields/document-totals.js';
import type { Line } from '../lines/lines.js';
import { textOf } from '../lines/word-text.js';
import { checkListSum } from '../values/misread-amounts.js';
import type { ListItem } from './receipt-items.js';

/** The list with its misread amounts set right where its subtotal or total confirms one reading. */
export function withListSumRepairs(items: ListItem[], lines: Line[], settings: EngineSettings): ListItem[] {
  if (!items.some((it) => it.misread)) return items;
  const totals = findTotals(lines, new Set(), settings);
  const sums = ['subtotal', 'total_amount'].flatMap((id) => totals.get(id)?.value ?? []);
  const repaired = checkListSum(items.map((it) => it.repairedTotal ?? textOf(it.lineTotal)), sums, settings);
  return items.map((it, k) => (repaired[k] === null ? it : { ...it, repairedTotal: repaired[k] as string, misread: undefined }));
}
