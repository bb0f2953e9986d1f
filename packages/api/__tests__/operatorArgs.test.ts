// Every operator command parses its arguments the same way (cliOutput.ts `parseCommandArgs`): an unknown option or
// an option without its value is exit 2 with the message and the command's usage on stderr, before any database is
// opened; `--help` prints the usage and exits 0.
import { describe, expect, it } from 'vitest';
import type { CliOutput } from '../src/cliOutput';
import { DEALER_USAGE, runDealerCli } from '../src/dealers/dealerCli';
import { MAILS_USAGE, runOwedMailCli } from '../src/mail/owedMailCli';
import { CUSTOMER_USAGE, runCustomerCli } from '../src/privacy/customerCli';
import { WITHDRAWALS_USAGE, runWithdrawalCli } from '../src/withdrawals/withdrawalCli';

type Runner = (
  argv: string[],
  options: { output: CliOutput; open: () => Promise<never>; env: Record<string, string> },
) => Promise<number>;

const commands: [string, Runner, string, string[]][] = [
  ['dealer', runDealerCli as Runner, DEALER_USAGE, ['list', '--id']],
  ['mails', runOwedMailCli as Runner, MAILS_USAGE, ['retry', '--json=']],
  ['customer', runCustomerCli as Runner, CUSTOMER_USAGE, ['export', 'a@example.de', '-x']],
  ['withdrawals', runWithdrawalCli as Runner, WITHDRAWALS_USAGE, ['--days']],
];

async function run(runner: Runner, argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  let opened = false;
  const code = await runner(argv, {
    output: { out: (text) => out.push(text), err: (text) => err.push(text) },
    open: async () => {
      opened = true;
      throw new Error('no database in this test');
    },
    env: {},
  });
  return { code, out: out.join('\n'), err: err.join('\n'), opened };
}

describe.each(commands)('lp-api %s', (_name, runner, usage, malformed) => {
  it('refuses an unknown option with exit 2, the message and the usage, before opening a database', async () => {
    const result = await run(runner, ['--bogus']);
    expect(result).toMatchObject({ code: 2, out: '', opened: false });
    expect(result.err).toContain("Unknown option '--bogus'");
    expect(result.err).toContain(usage);
  });

  it('refuses an option without its value, or a value for a flag, the same way', async () => {
    const result = await run(runner, malformed);
    expect(result).toMatchObject({ code: 2, out: '', opened: false });
    expect(result.err).toContain(usage);
  });

  it('prints the usage for --help and -h, exit 0', async () => {
    for (const help of ['--help', '-h']) {
      const result = await run(runner, [help]);
      expect(result).toMatchObject({ code: 0, out: usage, err: '', opened: false });
    }
  });
});
