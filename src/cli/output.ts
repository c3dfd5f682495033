import { stat, writeFile } from 'node:fs/promises';

/** Where a command's result goes: `-o FILE`, else standard output. */
export interface OutputTarget {
  file?: string;
  stdout: NodeJS.WritableStream & { isTTY?: boolean };
}

export class UsageError extends Error {}

/** A file argument names an existing file: checked before any work, so the message names it. */
export async function assertInputFile(file: string): Promise<void> {
  const found = await stat(file).catch(() => null);
  if (!found?.isFile()) throw new UsageError(`cannot read ${file}: ${found ? 'not a file' : 'no such file'}`);
}

export function csvField(v: string): string {
  return /[",\n\r]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}

export function csvText(rows: string[][]): string {
  return rows.map((r) => r.map(csvField).join(',')).join('\n') + '\n';
}

/**
 * Checked before any work: an xlsx file is bytes a terminal would print as
 * garbage (and may misread as control sequences), so it needs -o or a pipe.
 */
export function assertWritable(target: OutputTarget, binary: boolean): void {
  if (binary && !target.file && target.stdout.isTTY) {
    throw new UsageError('xlsx is binary: write it to a file with -o FILE, or redirect standard output');
  }
}

export async function writeOutput(target: OutputTarget, data: string | Buffer): Promise<void> {
  if (target.file) return writeFile(target.file, data);
  await new Promise<void>((resolve, reject) => {
    target.stdout.write(data, (err) => (err ? reject(err) : resolve()));
  });
}
