// `lp-api customer …` run in the test's process on the test's database, which the command must not close (it
// closes what it opened). The DSGVO tests of sessions 20-22 had written this five times.
import type { Db } from '../../src/db/Db';
import { runCustomerCli } from '../../src/privacy/customerCli';

/** Runs `lp-api customer <args>` on `db`; answers its exit code and what it printed (both streams, in order). */
export async function customerCommand(db: Db, ...args: string[]): Promise<{ code: number; out: string }> {
  const printed: string[] = [];
  const code = await runCustomerCli(args, {
    output: { out: (text) => printed.push(text), err: (text) => printed.push(text) },
    open: async () => ({ ...db, close: async () => {} }),
  });
  return { code, out: printed.join('\n') };
}
