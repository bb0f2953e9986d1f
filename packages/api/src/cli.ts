import { runInvoicesCli } from './bookkeeping/invoicesCli';
import { explainStartFailure, loadConfig } from './config';
import { runBackupCli } from './db/backupCli';
import { runDealerCli } from './dealers/dealerCli';
import { runFulfilmentCli } from './fulfilment/fulfilmentCli';
import { runOwedMailCli } from './mail/owedMailCli';
import { runCustomerCli } from './privacy/customerCli';
import { startApi } from './startApi';
import { runWithdrawalCli } from './withdrawals/withdrawalCli';

/** `node dist/cli.js`: reads the environment, starts the API and prints where it listens. */
async function main(): Promise<void> {
  const config = loadConfig();
  const api = await startApi(config).catch((error: unknown) => {
    throw new Error(explainStartFailure(error, config));
  });
  const store = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
  console.log(`lp-de API listening on ${api.url} (${store})`);
  // No payment provider is built in: the sandbox page is the only one, so every start says so (docs/learn/
  // run-in-production.md, "A shop on one server"). The pages are named where the world reaches them: behind a
  // proxy the listen address is an internal one.
  const reachedAt = config.publicUrl?.replace(/\/+$/, '') ?? api.url;
  console.warn(
    `Payments go to the sandbox payment page (${reachedAt}/sandbox/pay/…), where anyone can mark an order paid: connect a real payment provider before taking orders from customers.`,
  );
  if (!config.mailTransport)
    console.warn(
      `Mails go to the sandbox outbox ${reachedAt}/sandbox/outbox, which anyone can read: set SMTP_URL and MAIL_FROM before real customers register.`,
    );
  const stop = () => {
    api.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

/**
 * An operator command's reader may stop early (`lp-api invoices … | head`, `less` quit): the pipe closes and the
 * next write fails with EPIPE, which without a listener ends the process with a stack trace. What is left is nobody's
 * to read, so the command finishes quietly. Any other failed write (a full disk behind `> auskunft.json`) ends it with
 * one line and exit code 1: the output is incomplete, but what the command changed (an erasure, a shipment) is done,
 * which a stack trace would not tell.
 */
function ignoreClosedStdout(): void {
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') return;
    process.stderr.write(
      `The output could not be written (${error.code ?? error.message}) and is incomplete; what the command changed is done.\n`,
    );
    process.exit(1);
  });
}

// `lp-api` starts the API; `lp-api dealer ...` registers dealers (docs/reference/dealers.md); `lp-api customer ...`
// exports or erases a customer's data (docs/learn/run-in-production.md, "Personal data and how long it is kept");
// `lp-api withdrawals` lists the declarations of withdrawal (§ 356a BGB, withdrawals/withdrawalCli.ts);
// `lp-api orders [ship <number>]` lists the paid orders to ship and records a shipment (fulfilment/fulfilmentCli.ts);
// `lp-api mails` lists owed mails not sent and retries given-up ones (mail/owedMailCli.ts);
// `lp-api invoices` exports the month's invoices for the tax adviser and checks the number series (bookkeeping/);
// `lp-api backup|restore <file>` saves and restores the PGlite folder (ibid., "Back up and restore").
const [command, ...args] = process.argv.slice(2);
/** The operator's commands by name (a Map: no inherited names such as `constructor`); each answers the exit code. */
const OPERATOR_COMMANDS = new Map<string, (argv: string[]) => Promise<number>>([
  ['dealer', runDealerCli],
  ['customer', runCustomerCli],
  ['withdrawals', runWithdrawalCli],
  ['orders', runFulfilmentCli],
  ['mails', runOwedMailCli],
  ['invoices', runInvoicesCli],
  ['backup', (argv) => runBackupCli('backup', argv)],
  ['restore', (argv) => runBackupCli('restore', argv)],
]);
const operatorCommand = command === undefined ? undefined : OPERATOR_COMMANDS.get(command);
if (operatorCommand) ignoreClosedStdout();
const run =
  command === undefined || command === 'serve'
    ? main()
    : operatorCommand
      ? operatorCommand(args).then((code) => {
          process.exitCode = code;
        })
      : Promise.reject(
          new Error(
            `Unknown command '${command}'. Usage: lp-api [serve] | lp-api dealer --help | lp-api customer --help | lp-api withdrawals --help | lp-api orders --help | lp-api mails --help | lp-api invoices --help | lp-api backup|restore <file>`,
          ),
        );
run.catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
