// `lp-api customer …` run in the test's process on the test's database, which the command must not close (it
// closes what it opened). The DSGVO tests of sessions 20-22 had written this seven times (two kept the streams apart).
import type { Db } from '../../src/db/Db';
import { runCustomerCli } from '../../src/privacy/customerCli';

/** Runs `lp-api customer <args>` on `db`; answers its exit code and what it printed (both streams, in order). */
export async function customerCommand(db: Db, ...args: string[]): Promise<{ code: number; out: string }> {
  const { code, printed } = await runOnDb(db, args);
  return { code, out: printed.map(({ text }) => text).join('\n') };
}

/**
 * {@link customerCommand} with each stream on its own: `out` is what a redirection (`> auskunft.json`) keeps, `err`
 * what the operator still sees.
 */
export async function customerCommandStreams(
  db: Db,
  ...args: string[]
): Promise<{ code: number; out: string; err: string }> {
  const { code, printed } = await runOnDb(db, args);
  const of = (stream: 'out' | 'err') =>
    printed
      .filter((line) => line.stream === stream)
      .map(({ text }) => text)
      .join('\n');
  return { code, out: of('out'), err: of('err') };
}

async function runOnDb(db: Db, args: string[]) {
  const printed: { stream: 'out' | 'err'; text: string }[] = [];
  const code = await runCustomerCli(args, {
    output: {
      out: (text) => printed.push({ stream: 'out', text }),
      err: (text) => printed.push({ stream: 'err', text }),
    },
    open: async () => ({ ...db, close: async () => {} }),
  });
  return { code, printed };
}
