import { Command, CommanderError, Option } from 'commander';
import type { Logger } from 'pino';
import { ConfigError, loadConfig, type Config } from '../config.js';
import { registerAdminCommands } from './admin.js';
import { registerClientCommands } from './client-commands.js';

function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`docrows: configuration error: ${err.message}\n`);
      process.exit(2);
    }
    throw err;
  }
}

/** Services for commands that must not migrate on their own: workers wait for the API or `migrate` to do it. */
async function servicesWithoutMigrating() {
  const config = configOrExit();
  const { createServices } = await import('../services.js');
  return createServices(config, { migrate: false });
}

/**
 * Stops on the first SIGINT/SIGTERM: no new requests or jobs, running ones get
 * DOCROWS_SHUTDOWN_GRACE_S, then the pools close. A close that hangs past the
 * grace period (plus a margin for releasing jobs) exits anyway. Each step is a
 * line of the service's log, like every other.
 */
function onShutdown(log: Logger, close: () => Promise<void>, graceMs: number): void {
  let closing = false;
  // The log is written asynchronously: its last lines reach stdout before the process ends.
  const exit = (code: number) => log.flush(() => process.exit(code));
  const stop = (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal, graceMs }, `${signal} received, shutting down`);
    setTimeout(() => {
      log.error({ graceMs }, 'shutdown grace period over, exiting');
      exit(1);
    }, graceMs + 10_000).unref();
    close().then(() => {
      log.info('shut down');
      exit(0);
    }, (err: unknown) => {
      log.error({ err }, 'shutdown failed');
      exit(1);
    });
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

/** The `docrows` command line: serve, worker, migrate, extract and the operator's admin commands. */
export function runCli(argv: string[]): void {
  buildProgram().parseAsync(argv).catch((err: unknown) => {
    // Commander has printed its message (unknown option, bad choice, missing argument) or the help:
    // a usage error exits 2 (README.md, "Exit codes"), --help and --version 0.
    if (err instanceof CommanderError) process.exit(err.exitCode === 0 ? 0 : 2);
    // Settings that only fail once used (an unreachable storage bucket) exit like any other configuration error.
    if (err instanceof ConfigError) {
      process.stderr.write(`docrows: configuration error: ${err.message}\n`);
      process.exit(2);
    }
    process.stderr.write(`docrows: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  });
}

function buildProgram(): Command {
  const program = new Command();
  program.name('docrows').description('Self-hostable document table-extraction service').version('0.1.0');
  // Before any subcommand is added, so every one inherits it: runCli picks the exit code.
  program.exitOverride();

  program
    .command('serve')
    .description('Run the HTTP API with an embedded worker (DOCROWS_WORKERS job slots)')
    .action(async () => {
      const config = configOrExit();
      const { createApp } = await import('../app.js');
      const app = await createApp(config);
      onShutdown(app.services.log, app.close, config.shutdownGraceMs);
      const address = await app.server.listen({ port: config.port, host: config.host });
      if (process.stderr.isTTY) {
        const { startupLine } = await import('./startup-line.js');
        process.stderr.write(startupLine(config, address));
      }
    });

  program
    .command('worker')
    .description('Run workers only (no HTTP API; /healthz, /readyz, /metrics on DOCROWS_OPERATOR_PORT when set): DOCROWS_WORKERS job slots')
    .action(async () => {
      const services = await servicesWithoutMigrating();
      const { config } = services;
      const { startWorkers } = await import('../workers.js');
      const { buildOperatorServer } = await import('../http/server.js');
      const { addDatabaseFigures } = await import('../metrics/database-figures.js');
      addDatabaseFigures(services.metrics, services.db);
      const workers = startWorkers(services, { workers: Math.max(1, config.workers) });
      const operator = config.operatorPort === null ? null : buildOperatorServer(services);
      onShutdown(services.log, async () => {
        await Promise.all([operator?.close(), workers.stop(config.shutdownGraceMs)]);
        await services.close();
      }, config.shutdownGraceMs);
      await operator?.listen({ port: config.operatorPort!, host: config.host });
    });

  program
    .command('migrate')
    .description('Apply pending database migrations')
    .action(async () => {
      const services = await servicesWithoutMigrating();
      const { migrateToLatest } = await import('../db/migrate.js');
      const applied = await migrateToLatest(services.db);
      await services.close();
      process.stdout.write(applied.length ? `applied: ${applied.join(', ')}\n` : 'database is up to date\n');
    });

  program
    .command('extract')
    .description('Extract table rows from a local file with the built-in engine (no server)')
    .argument('<file>', 'image, PDF, .docx or .txt')
    .option('--fields <names>', 'comma-separated field names (omit to infer columns)')
    .addOption(new Option('--quality <quality>', 'fast or high').choices(['fast', 'high']).default('fast'))
    .addOption(new Option('--format <format>', 'output format').choices(['json', 'csv', 'xlsx']).default('json'))
    .addOption(new Option('--engine <engine>', 'layout (built in) or openai (the DOCROWS_OPENAI_* model server)').choices(['layout', 'openai']).default('layout'))
    .option('-o, --output <file>', 'write the result to FILE instead of standard output (needed for xlsx on a terminal)')
    .action(async (file: string, opts: { fields?: string; quality?: string; format?: string; engine?: string; output?: string }) => {
      const { runExtractCommand } = await import('./extract.js');
      process.exitCode = await runExtractCommand(file, opts, process.stdout, process.env);
    });

  registerAdminCommands(program, configOrExit);
  registerClientCommands(program);
  return program;
}
