// Session 24, hostile: session 23 masked the password in a start failure's DATABASE_URL and SMTP_URL (operator's
// section, and the lead's review for "/" and `sslpassword=`). A careless operator still got it into the journal with
// libpq's keyword form (`host=db user=shop password=secret dbname=shop`, as PostgreSQL's documentation shows it next
// to the URL form), and odder values did so too: a password key percent-encoded (`pass%77ord=`, which the drivers
// decode), in the fragment, after ";", a bare `shop:secret`, an empty user name (`:secret@db`).
import { describe, expect, it } from 'vitest';
import { explainStartFailure, loadConfig } from '../src/config';
import { lpApi } from './support/cliProcess';

/** The message a refused setting stops the start with. */
function refusal(env: Record<string, string>): string {
  try {
    loadConfig({ DATA_DIR: 'memory', ...env });
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error(`${JSON.stringify(env)} was accepted`);
}

describe('no password in a start failure, whatever form the operator typed', () => {
  it.each([
    ['host=db user=shop password=secret dbname=shop', "got 'host=db user=shop password=*** dbname=shop'"],
    ["host=db password = 'my secret' dbname=shop", "got 'host=db password = *** dbname=shop'"],
    ['mysql://db/x?pass%77ord=secret', "got 'mysql://db/x?pass%77ord=***'"],
    ['mysql://db/x?password%3Dsecret', "got 'mysql://db/x?password%3D***'"],
    ['mysql://shop:secret@db/x#password=secret', "got 'mysql://shop:***@db/x#password=***'"],
    ['mysql://db/x;password=secret', "got 'mysql://db/x;password=***'"],
    ['shop:secret', "got 'shop:***'"],
    [':secret@db/shop', "got ':***@db/shop'"],
    // Review of session 24: a keyword value ends only where the next key starts, a URL's value not at ";".
    ['host=db password=ab&secret dbname=shop', "got 'host=db password=*** dbname=shop'"],
    ['host=db password=ab#secret dbname=shop', "got 'host=db password=*** dbname=shop'"],
    ['host=db password=ab;secret dbname=shop', "got 'host=db password=*** dbname=shop'"],
    ['host=db password="ab secret" dbname=shop', "got 'host=db password=*** dbname=shop'"],
    ['mysql://db/x?password=ab;secret&sslmode=require', "got 'mysql://db/x?password=***&sslmode=require'"],
  ])('DATABASE_URL=%s', (value, shown) => {
    const message = refusal({ DATABASE_URL: value });
    expect(message).toContain(shown);
    expect(message).not.toContain('secret');
  });

  it('SMTP_URL in keyword form or as a bare name:password', () => {
    for (const value of ['user=mail pass=secret host=smtp.example.de', 'mail:secret']) {
      const message = refusal({ SMTP_URL: value, MAIL_FROM: 'shop@example.de' });
      expect(message).toMatch(/^SMTP_URL must be/);
      expect(message).not.toContain('secret');
    }
  });

  it('a refused connection of a URL whose password key is percent-encoded (the driver reads it)', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 10.0.0.5:5432'), { code: 'ECONNREFUSED' });
    const message = explainStartFailure(refused, {
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: 'postgres://shop@db/shop?pass%77ord=secret&sslmode=require',
    });
    expect(message).toBe(
      'Cannot open the database of DATABASE_URL (postgres://shop@db/shop?pass%77ord=***&sslmode=require): connect ECONNREFUSED 10.0.0.5:5432.',
    );
  });

  it('keeps what the operator needs to see: values without a password unchanged', () => {
    expect(refusal({ DATABASE_URL: 'mysql://shop@db:3306/x?sslmode=require' })).toContain(
      "got 'mysql://shop@db:3306/x?sslmode=require'",
    );
    expect(refusal({ DATABASE_URL: 'host=db dbname=shop' })).toContain("got 'host=db dbname=shop'");
    // A scheme forgotten: the host, port and database stay readable (a port is no password).
    expect(refusal({ DATABASE_URL: 'db.internal:5433/shop' })).toContain("got 'db.internal:5433/shop'");
  });

  it('`lp-api` itself: one line on stderr, exit 1, no password', async () => {
    const run = await (
      await lpApi([], {
        DATA_DIR: 'memory',
        PORT: '0',
        DATABASE_URL: 'host=db.internal port=5432 user=shop password=s3cr3t-Passw0rd dbname=shop',
      })
    ).exited;
    expect(run.code).toBe(1);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toContain('DATABASE_URL must be a postgres:// connection string');
    expect(run.stderr + run.stdout).not.toContain('s3cr3t');
  });
});
