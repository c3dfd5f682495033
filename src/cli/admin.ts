import { InvalidArgumentError, type Command } from 'commander';
import type { Config } from '../config.js';
import type { AccountInput } from '../core/accounts/index.js';
import { AppError } from '../errors.js';
import type { Services } from '../services.js';

function wholeNumber(value: string): number {
  if (!/^-?\d+$/.test(value)) throw new InvalidArgumentError(`expected a whole number, got "${value}"`);
  return Number(value);
}

function nullableNumber(value: string): number | null {
  return value === 'none' ? null : wholeNumber(value);
}

interface AccountFlags {
  plan?: string;
  credits?: number;
  creditsDelta?: number;
  tier?: string;
  owner?: number | null;
  disabled?: boolean;
  enabled?: boolean;
  thinkingType?: string;
  autoAnnotateBbox?: string;
  retentionDays?: number | null;
  inboxPassword?: string[];
  maxBatchSize?: number | null;
  maxQueuedDocuments?: number | null;
}

function inputFrom(flags: AccountFlags): AccountInput {
  const settings = {
    ...(flags.thinkingType !== undefined ? { thinking_type: flags.thinkingType as 'fast' | 'high' } : {}),
    ...(flags.autoAnnotateBbox !== undefined ? { auto_annotate_bbox: flags.autoAnnotateBbox === 'true' } : {}),
    ...(flags.retentionDays !== undefined ? { retention_days: flags.retentionDays } : {}),
    ...(flags.inboxPassword !== undefined ? { inbox_pdf_passwords: flags.inboxPassword } : {}),
  };
  return {
    ...(flags.plan !== undefined ? { plan: flags.plan } : {}),
    ...(flags.tier !== undefined ? { tier: flags.tier } : {}),
    ...(flags.owner !== undefined ? { owner_id: flags.owner } : {}),
    ...(flags.disabled ? { disabled: true } : flags.enabled ? { disabled: false } : {}),
    ...(flags.maxBatchSize !== undefined ? { max_batch_size: flags.maxBatchSize } : {}),
    ...(flags.maxQueuedDocuments !== undefined ? { max_queued_documents: flags.maxQueuedDocuments } : {}),
    ...(Object.keys(settings).length > 0 ? { settings } : {}),
  };
}

function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}

function accountOptions(cmd: Command): Command {
  return cmd
    .option('--tier <tier>', 'standard | advanced | premium')
    .option('--owner <account_id>', 'make it a team member of this owner ("none" to detach)', nullableNumber)
    .option('--disabled', 'disable the account (its keys answer invalid_api_key)')
    .option('--thinking-type <type>', 'default quality: fast | high')
    .option('--auto-annotate-bbox <bool>', 'true | false')
    .option('--retention-days <days>', 'purge files after N days ("none": keep)', nullableNumber)
    .option('--inbox-password <password>', 'PDF password to try on uploads (repeatable)', collect)
    .option('--max-batch-size <n>', 'override the plan value ("none": plan default)', nullableNumber)
    .option('--max-queued-documents <n>', 'override the plan value ("none": plan default)', nullableNumber);
}

/**
 * Runs an admin action on the configured database and prints its JSON result.
 * Standard error names the database first. One without docrows' schema is
 * refused unless `--create-database`: run in another directory, the command
 * would otherwise write to a new database the server never reads.
 */
/** The accounts feature, loaded with the services when an admin command runs (not for `docrows --help` or `extract`). */
type Accounts = typeof import('../core/accounts/index.js');

async function run(configOf: () => Config, create: boolean, action: (services: Services, accounts: Accounts) => Promise<unknown>): Promise<void> {
  const config = configOf();
  // The database, storage and their drivers load only for an admin command that runs, not for `docrows --help`.
  const { databaseExists, databaseName } = await import('./admin-database.js');
  const name = databaseName(config.databaseUrl);
  if (!create && !(await databaseExists(config.databaseUrl))) {
    process.stderr.write(`docrows admin: no docrows database at ${name}. Run the command with the server's DOCROWS_DATA_DIR `
      + '(its ./data when started with npm start, from its directory) or DOCROWS_DATABASE_URL, or pass --create-database to start a new one.\n');
    process.exitCode = 2;
    return;
  }
  process.stderr.write(`docrows admin: database ${name}\n`);
  const { createServices } = await import('../services.js');
  const services = await createServices(config, { migrate: true });
  try {
    const result = await action(services, await import('../core/accounts/index.js'));
    if (result !== undefined) process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  } catch (err) {
    if (err instanceof AppError) {
      process.stderr.write(`docrows: ${err.message}${err.param ? ` (${err.param})` : ''}\n`);
      // A value the rules refuse is a usage error, as for the client commands (README.md, "Exit codes").
      process.exitCode = err.code === 'invalid_parameter' || err.code === 'missing_parameter' ? 2 : 1;
      return;
    }
    throw err;
  } finally {
    await services.close();
  }
}

/** `docrows admin ...`: the operator interface, sharing its implementation with /admin/v1. */
export function registerAdminCommands(program: Command, configOf: () => Config): void {
  const admin = program.command('admin').description('Operator commands on the configured database (DOCROWS_DATA_DIR or DOCROWS_DATABASE_URL)')
    .option('--create-database', 'start a new database when the configured one does not exist yet (otherwise refused)');
  const create = () => admin.opts<{ createDatabase?: boolean }>().createDatabase === true;
  const accounts = admin.command('accounts').description('Manage accounts');

  accountOptions(
    accounts.command('create').description('Create an account and print its first API key')
      .requiredOption('--plan <plan>', 'free | basic | pro | business')
      .option('--credits <n>', 'initial credits (a ledger grant)', wholeNumber),
  ).action((flags: AccountFlags) =>
    run(configOf, create(), async (s, a) => {
      const { account, apiKey } = await a.createAccount(s.db, s.clock, s.ids, { ...inputFrom(flags), credits: flags.credits });
      return { account_id: account.id, api_key: apiKey, account: await a.adminAccountView(s.db, account) };
    }));

  accountOptions(
    accounts.command('update').description('Change an account').argument('<id>', 'account id', wholeNumber)
      .option('--plan <plan>', 'free | basic | pro | business')
      .option('--credits-delta <n>', 'add (or remove, negative) credits as a ledger grant', wholeNumber)
      .option('--enabled', 're-enable a disabled account'),
  ).action((id: number, flags: AccountFlags) =>
    run(configOf, create(), async (s, a) => a.adminAccountView(s.db, await a.updateAccount(s.db, s.clock, id, { ...inputFrom(flags), credits_delta: flags.creditsDelta }))));

  accounts.command('show').description('Print an account').argument('<id>', 'account id', wholeNumber)
    .action((id: number) =>
      run(configOf, create(), async (s, a) => {
        const account = await a.getAccount(s.db, id);
        if (!account) throw new AppError('invalid_parameter', `No account ${id}.`, 'id');
        return a.adminAccountView(s.db, account);
      }));

  const keys = admin.command('keys').description('Manage API keys');
  keys.command('create').description('Issue another API key').argument('<account_id>', 'account id', wholeNumber)
    .action((accountId: number) =>
      run(configOf, create(), async (s, a) => {
        if (!(await a.getAccount(s.db, accountId))) throw new AppError('invalid_parameter', `No account ${accountId}.`, 'account_id');
        return { account_id: accountId, api_key: await a.createApiKey(s.db, s.clock, s.ids, accountId) };
      }));
  keys.command('revoke').description('Revoke a key by its full value or visible prefix (dr_live_xxxxxx)').argument('<key-prefix>')
    .action((prefix: string) =>
      run(configOf, create(), async (s, a) => {
        await a.revokeApiKey(s.db, s.clock, prefix);
        return { revoked: true };
      }));
}
