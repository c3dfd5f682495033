import fs from 'node:fs/promises';
import path from 'node:path';
import { Option, type Command } from 'commander';
import type { BatchResults, BatchStatus, CorrectionRequest, DocrowsClient, ProcessRequest } from '../client/index.js';
import { DocrowsError } from '../client/errors.js';
import { assertInputFile, assertWritable, csvText, UsageError, writeOutput, type OutputTarget } from './output.js';
import { createProgress } from './progress.js';

/**
 * `docrows upload | process | results | correct | revisions | run`: the API from a shell, on the
 * typed client (src/client). Results go to standard output (or -o FILE),
 * progress and messages to standard error.
 *
 * Exit codes (README.md, "60 seconds with the client CLI"; docs/decisions.md):
 */
export const EXIT = {
  ok: 0,
  /** Connection lost, server error, rate limit that outlasted the retries, timeout. */
  failure: 1,
  /** Bad options, or the server refused a parameter (invalid_parameter, missing_parameter). */
  usage: 2,
  /** Missing, wrong or revoked API key; plan without API access. */
  auth: 3,
  /** Batch, document or template not found. */
  notFound: 4,
  insufficientCredits: 5,
  /** The batch finished but some documents failed. */
  documentsFailed: 6,
} as const;

interface ConnectionOptions { url?: string; apiKey?: string }

async function connect(opts: ConnectionOptions): Promise<DocrowsClient> {
  const apiKey = opts.apiKey ?? process.env.DOCROWS_API_KEY;
  if (!apiKey) throw new UsageError('no API key: set DOCROWS_API_KEY or pass --api-key');
  const baseUrl = serverUrl(opts);
  // The client (and its webhook verifier) loads only for the commands that talk to a server: `docrows extract` starts without it.
  const { DocrowsClient } = await import('../client/client.js');
  return new DocrowsClient({ baseUrl, apiKey });
}

/** The server's address, checked before any request so a typo is named as one, not as a failed connection. */
function serverUrl(opts: ConnectionOptions): string {
  const [url, from] = opts.url !== undefined ? [opts.url, '--url'] : process.env.DOCROWS_URL ? [process.env.DOCROWS_URL, 'DOCROWS_URL'] : ['http://127.0.0.1:8080', 'default'];
  let protocol: string | null = null;
  try {
    protocol = new URL(url).protocol;
  } catch {
    // Not a URL at all: reported below with the same message as a wrong scheme.
  }
  if (protocol !== 'http:' && protocol !== 'https:') throw new UsageError(`${from} must be the server's http(s) address, e.g. http://127.0.0.1:8080, not "${url}"`);
  return url;
}

function exitCodeOf(err: unknown): number {
  if (err instanceof UsageError) return EXIT.usage;
  if (!(err instanceof DocrowsError)) return EXIT.failure;
  if (err.status === 401 || err.status === 403) return EXIT.auth;
  if (err.status === 404) return EXIT.notFound;
  if (err.status === 402) return EXIT.insufficientCredits;
  if (err.status === 400) return EXIT.usage;
  return EXIT.failure;
}

/** Runs a command body; errors become one line on stderr and the documented exit code. */
function action<A extends unknown[]>(name: string, body: (...args: A) => Promise<number>): (...args: A) => Promise<void> {
  return async (...args: A) => {
    try {
      process.exitCode = await body(...args);
    } catch (err) {
      const detail = err instanceof DocrowsError
        ? `${err.message} (${err.code}${err.param ? `, param ${err.param}` : ''})`
        : err instanceof Error ? err.message : String(err);
      process.stderr.write(`docrows ${name}: ${detail}\n`);
      process.exitCode = exitCodeOf(err);
    }
  };
}

const printJson = (value: unknown) => process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);

function parseFields(spec: string | undefined): string[] | undefined {
  if (spec === undefined) return undefined;
  const names = spec.split(',').map((n) => n.trim()).filter((n) => n.length > 0);
  if (names.length === 0) throw new UsageError('--fields needs at least one field name');
  return [...new Set(names)];
}

function positiveInt(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) < 1) throw new UsageError(`${flag} must be a positive integer, not "${value}"`);
  return Number(value);
}

/** Uploads files with the account's upload_concurrency; one bar (or a line per file) on stderr. */
async function uploadFiles(client: DocrowsClient, files: string[], batchName: string | undefined, templateId: number | undefined) {
  const { upload_concurrency: concurrency } = await client.account();
  const progress = createProgress('uploading');
  const uploaded: Array<{ file: string; document_ids: string[] }> = [];
  let batch = batchName;
  // Without a name, the first upload lets the server name the batch; the others join it.
  const first = batch === undefined ? files.slice(0, 1) : [];
  const rest = batch === undefined ? files.slice(1) : files;
  const one = async (file: string) => {
    const result = await client.upload(file, { batchName: batch, templateId });
    batch = result.batchName;
    uploaded.push({ file, document_ids: result.documentIds });
    progress.update(uploaded.length, files.length, path.basename(file));
  };
  try {
    progress.update(0, files.length);
    for (const file of first) await one(file);
    let next = 0;
    const lanes = Array.from({ length: Math.max(1, Math.min(concurrency, rest.length)) }, async () => {
      while (next < rest.length) await one(rest[next++]);
    });
    await Promise.all(lanes);
  } finally {
    progress.stop();
  }
  return { batch_name: batch!, uploaded };
}

function processRequest(opts: { template?: string; fields?: string; quality?: string; webhook?: string; reprocess?: boolean }): ProcessRequest {
  if (opts.template !== undefined && opts.fields !== undefined) throw new UsageError('give --template or --fields, not both');
  return {
    ...(opts.template !== undefined ? { template_id: positiveInt(opts.template, '--template') } : {}),
    ...(opts.fields !== undefined ? { fields: parseFields(opts.fields) } : {}),
    ...(opts.quality !== undefined ? { quality: opts.quality as 'fast' | 'high' } : {}),
    ...(opts.webhook !== undefined ? { webhook_url: opts.webhook } : {}),
    ...(opts.reprocess === true ? { reprocess: true } : {}),
  };
}

/** The rows of a correction: a JSON array of rows, or `{"line_items": [...]}` as the API takes it. */
async function readCorrection(file: string): Promise<CorrectionRequest['line_items']> {
  const text = file === '-' ? await streamText(process.stdin) : await fs.readFile(file, 'utf8').catch((err: NodeJS.ErrnoException) => {
    throw new UsageError(`cannot read ${file}: ${err.code ?? err.message}`);
  });
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new UsageError(`${file} is not JSON`);
  }
  const rows = Array.isArray(parsed) ? parsed : (parsed as { line_items?: unknown } | null)?.line_items;
  if (!Array.isArray(rows)) throw new UsageError(`${file} must hold a JSON array of rows or {"line_items": [...]}`);
  return rows as CorrectionRequest['line_items'];
}

async function streamText(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

/** Waits with a bar of finished documents; the exit code says whether any failed. */
async function waitWithProgress(client: DocrowsClient, name: string, timeoutSeconds: number | undefined): Promise<{ status: BatchStatus; code: number }> {
  const progress = createProgress(`processing ${name}`);
  let status: BatchStatus;
  try {
    status = await client.waitForBatch(name, {
      timeoutMs: timeoutSeconds === undefined ? undefined : timeoutSeconds * 1000,
      onProgress: (s) => {
        const c = s.status_counts;
        progress.update(c.succeeded + c.failed + c.canceled, s.document_count, c.failed > 0 ? `(${c.failed} failed)` : '');
      },
    });
  } finally {
    progress.stop();
  }
  return { status, code: status.status_counts.failed > 0 ? EXIT.documentsFailed : EXIT.ok };
}

type ResultFormat = 'json' | 'csv' | 'xlsx';

function formatFor(format: string | undefined, file: string | undefined): ResultFormat {
  if (format) return format as ResultFormat;
  const ext = file ? path.extname(file).slice(1).toLowerCase() : '';
  return ext === 'csv' || ext === 'xlsx' ? ext : 'json';
}

/** Rows as CSV: document_id, filename and every field in first-seen order. */
function resultsCsv(results: BatchResults): string {
  const fields: string[] = [];
  for (const d of results.documents) for (const row of d.line_items ?? []) for (const f of Object.keys(row)) if (!fields.includes(f)) fields.push(f);
  const text = (v: unknown) => (v === null || v === undefined ? '' : typeof v === 'object' ? String((v as { image_url?: unknown }).image_url ?? JSON.stringify(v)) : String(v));
  const rows = results.documents.flatMap((d) => (d.line_items ?? []).map((row) => [d.document_id, d.filename, ...fields.map((f) => text(row[f]))]));
  return csvText([['document_id', 'filename', ...fields], ...rows]);
}

async function writeResults(client: DocrowsClient, name: string, format: ResultFormat, target: OutputTarget, merge: boolean): Promise<void> {
  if (format === 'xlsx') return writeOutput(target, await client.exportXlsx(name));
  const results = await client.results(name, merge ? { merge: true } : {});
  await writeOutput(target, format === 'csv' ? resultsCsv(results) : `${JSON.stringify(results, null, 2)}\n`);
}

const EXIT_HELP = `
Exit codes: 0 done, 1 connection/server failure or timeout, 2 usage (bad options or a
parameter the server refused), 3 authentication, 4 not found, 5 insufficient credits,
6 the batch finished with failed documents.`;

/** Every client command: the server, the key, and the exit codes in its help. */
const connectionOptions = (cmd: Command) => cmd
  .option('--url <url>', 'server address (default $DOCROWS_URL, else http://127.0.0.1:8080)')
  .option('--api-key <key>', 'API key (default $DOCROWS_API_KEY)')
  .addHelpText('after', EXIT_HELP);
/** What to extract: shared by `process` and `run`. */
const extractionOptions = (cmd: Command) => cmd
  .option('--template <id>', 'template id')
  .option('--fields <names>', 'comma-separated field names')
  .addOption(new Option('--quality <quality>', 'fast or high (default: the account\'s)').choices(['fast', 'high']));
/** Where the rows go: shared by `results` and `run`. */
const outputOptions = (cmd: Command) => cmd
  .addOption(new Option('--format <format>', 'json, csv or xlsx (default: from -o\'s extension, else json)').choices(['json', 'csv', 'xlsx']))
  .option('-o, --output <file>', 'write to FILE instead of standard output');

export function registerClientCommands(program: Command): void {
  connectionOptions(program.command('upload'))
    .description('Upload documents into a batch (prints the batch name and document ids as JSON)')
    .argument('<files...>', 'images, PDF, .docx or .txt files')
    .option('--batch <name>', 'batch to upload into (default: a new batch named by the server)')
    .option('--template <id>', 'template to lock on the batch')
    .action(action('upload', async (files: string[], opts: ConnectionOptions & { batch?: string; template?: string }) => {
      const templateId = positiveInt(opts.template, '--template');
      const client = await connect(opts);
      for (const file of files) await assertInputFile(file);
      printJson(await uploadFiles(client, files, opts.batch, templateId));
      return EXIT.ok;
    }));

  extractionOptions(connectionOptions(program.command('process')))
    .description('Queue a batch for extraction (spends credits); --wait follows it to the end')
    .argument('<batch>', 'batch name')
    .option('--webhook <url>', 'URL called when the batch completes')
    .option('--reprocess', 'queue succeeded documents again too (charged like any process call)')
    .option('--wait', 'wait until every document is done; exit 6 if any failed')
    .option('--timeout <seconds>', 'with --wait: give up after this long (exit 1)')
    .action(action('process', async (name: string, opts: ConnectionOptions & { template?: string; fields?: string; quality?: string; webhook?: string; reprocess?: boolean; wait?: boolean; timeout?: string }) => {
      const client = await connect(opts);
      const timeout = positiveInt(opts.timeout, '--timeout');
      const queued = await client.process(name, processRequest(opts));
      if (!opts.wait) { printJson(queued); return EXIT.ok; }
      const { status, code } = await waitWithProgress(client, name, timeout);
      printJson(status);
      return code;
    }));

  outputOptions(connectionOptions(program.command('results')))
    .description('Write a batch\'s rows as JSON, CSV or xlsx')
    .argument('<batch>', 'batch name')
    .option('--merge', 'apply the template\'s multi-page merge (JSON and CSV; xlsx always merges)')
    .action(action('results', async (name: string, opts: ConnectionOptions & { format?: string; output?: string; merge?: boolean }) => {
      const format = formatFor(opts.format, opts.output);
      const target = { file: opts.output, stdout: process.stdout };
      assertWritable(target, format === 'xlsx');
      await writeResults(await connect(opts), name, format, target, opts.merge === true);
      return EXIT.ok;
    }));

  connectionOptions(program.command('correct'))
    .description('Replace a succeeded document\'s rows with corrected ones (no credits; prints the document)')
    .argument('<document_id>', 'document id')
    .argument('<rows>', 'JSON file of the rows (an array, or {"line_items": [...]}); - reads standard input')
    .action(action('correct', async (documentId: string, file: string, opts: ConnectionOptions) => {
      const rows = await readCorrection(file);
      printJson(await (await connect(opts)).correctLineItems(documentId, rows));
      return EXIT.ok;
    }));

  connectionOptions(program.command('revisions'))
    .description('A document\'s rows as the engine read them and as each correction set them, newest first (JSON)')
    .argument('<document_id>', 'document id')
    .action(action('revisions', async (documentId: string, opts: ConnectionOptions) => {
      const all = [];
      for await (const revision of (await connect(opts)).iterateRevisions(documentId, { limit: 100 })) all.push(revision);
      printJson(all);
      return EXIT.ok;
    }));

  outputOptions(extractionOptions(connectionOptions(program.command('run'))))
    .description('Upload, process, wait and write the rows in one go')
    .argument('<files...>', 'images, PDF, .docx or .txt files')
    .option('--batch <name>', 'batch name (default: a new batch named by the server)')
    .option('--timeout <seconds>', 'give up waiting after this long (exit 1)')
    .action(action('run', async (files: string[], opts: ConnectionOptions & { batch?: string; template?: string; fields?: string; quality?: string; format?: string; output?: string; timeout?: string }) => {
      const format = formatFor(opts.format, opts.output);
      const target = { file: opts.output, stdout: process.stdout };
      // Every check that needs no server comes before spending anything.
      assertWritable(target, format === 'xlsx');
      const request = processRequest(opts);
      const timeout = positiveInt(opts.timeout, '--timeout');
      const client = await connect(opts);
      for (const file of files) await assertInputFile(file);
      const { batch_name: batch } = await uploadFiles(client, files, opts.batch, undefined);
      await client.process(batch, request);
      const { code } = await waitWithProgress(client, batch, timeout);
      await writeResults(client, batch, format, target, false);
      if (opts.output) process.stderr.write(`docrows run: wrote ${opts.output} (batch ${batch})\n`);
      return code;
    }));
}
