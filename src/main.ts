import { Command, Option } from 'commander';
import { ConfigError, loadConfig, type Config } from './config.js';
import { registerAdminCommands } from './cli/admin.js';

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

/** Stops on the first SIGINT/SIGTERM: finishes in-flight requests, then closes the database. */
function onShutdown(close: () => Promise<void>): void {
  let closing = false;
  const stop = (signal: string) => {
    if (closing) return;
    closing = true;
    process.stderr.write(`docrows: ${signal} received, shutting down\n`);
    close().then(() => process.exit(0), (err) => {
      process.stderr.write(`docrows: shutdown failed: ${String(err)}\n`);
      process.exit(1);
    });
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

const program = new Command();
program.name('docrows').description('Self-hostable document table-extraction service').version('0.1.0');

program
  .command('serve')
  .description('Run the HTTP API with embedded workers (DOCROWS_WORKERS)')
  .action(async () => {
    const config = configOrExit();
    const { createApp } = await import('./app.js');
    const app = await createApp(config);
    onShutdown(app.close);
    await app.server.listen({ port: config.port, host: config.host });
  });

program
  .command('worker')
  .description('Run workers only (no HTTP API): DOCROWS_WORKERS engine slots')
  .action(async () => {
    const config = configOrExit();
    const { createServices } = await import('./services.js');
    const { startWorkers } = await import('./workers.js');
    const services = await createServices(config, { migrate: false });
    const workers = startWorkers(services, { workers: Math.max(1, config.workers) });
    onShutdown(async () => {
      await workers.stop();
      await services.close();
    });
  });

program
  .command('migrate')
  .description('Apply pending database migrations')
  .action(async () => {
    const config = configOrExit();
    const { createServices } = await import('./services.js');
    const { migrateToLatest } = await import('./db/migrate.js');
    const services = await createServices(config, { migrate: false });
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
  .action(async (file: string, opts: { fields?: string; quality?: string; format?: string }) => {
    const { runExtractCommand } = await import('./cli/extract.js');
    process.exitCode = await runExtractCommand(file, opts, process.stdout);
  });

registerAdminCommands(program, configOrExit);

program.parseAsync(process.argv).catch((err: unknown) => {
  process.stderr.write(`docrows: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
