// A shop three years in (decisions.md, "A shop three years in", session 15): what must not get slower with the
// shop's history. The figures at volume (2 M carts, 200,000 orders) are measured in the decision; here the
// properties that keep them (migration 022), at a volume CI runs in seconds, on both databases.
import type { OrderListFilter } from '@lp/sdk/contract';
import type { FastifyRequest } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { createAccount, renewConfirmation } from '../src/account/registration';
import type { Db, Queryable } from '../src/db/Db';
import { requireOrderAccess } from '../src/orders/orderAccess';
import { listOrders } from '../src/orders/orderList';
import { type Api, makeApi } from './support/testApi';

let api: Api | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

/**
 * Foreign keys whose referencing column has no index on purpose: a delete of the referenced row scans the
 * referencing table. Each is a delete a few times a year at most (decisions.md, session 12: "No index on the two
 * columns"); the others are the deletes of the retention sweeps, which run hourly in a request and up to 1,000 rows
 * a statement, so every referencing table must find its rows by index.
 */
const SCANNED_ON_PURPOSE = new Set([
  'orders.orders_customer_fkey', // account erasure (lp-api customer delete)
  'carts.carts_user_fkey', // account erasure
]);
/** Tables whose rows the retention sweeps (limits/retention.ts) and the erasure delete. */
const DELETED_BY_SWEEPS = ['carts', 'orders', 'stored_files', 'customers'];

describe('deletes of the retention sweeps', () => {
  it('find the rows that refer to a deleted row by index, for every foreign key', async () => {
    api = await makeApi();
    // Each foreign key to a swept table, and whether an index of the referencing table starts with its columns (in
    // order). PostgreSQL checks each key once per deleted row: without such an index that check reads the whole
    // referencing table, 1,000 times per sweep (payments: 15 s at 140,000 payments).
    const keys = await api.db.query<{ key: string; indexed: boolean }>(
      `SELECT k.conrelid::regclass::text || '.' || k.conname AS key,
              EXISTS (SELECT 1 FROM pg_index i
                       WHERE i.indrelid = k.conrelid
                         AND (i.indkey::int2[])[0:cardinality(k.conkey) - 1] = k.conkey) AS indexed
         FROM pg_constraint k
        WHERE k.contype = 'f' AND k.confrelid::regclass::text = ANY($1::text[])
        ORDER BY 1`,
      [DELETED_BY_SWEEPS],
    );
    expect(keys.map((k) => k.key)).toContain('payments.payments_order_id_fkey');
    const unindexed = keys.filter((k) => !k.indexed && !SCANNED_ON_PURPOSE.has(k.key)).map((k) => k.key);
    expect(unindexed).toEqual([]);
  });
});

type Statement = { sql: string; params: unknown[] };

/** `db`, recording every statement sent through it (also inside its transactions) with its parameters. */
function recording(db: Db): { db: Db; statements: Statement[] } {
  const statements: Statement[] = [];
  const recorded = (q: Queryable): Queryable => ({
    identity: q.identity,
    exec: (sql) => q.exec(sql),
    query: (sql, params = []) => {
      statements.push({ sql, params: [...params] });
      return q.query(sql, params);
    },
  });
  return {
    statements,
    db: {
      ...recorded(db),
      kind: db.kind,
      close: () => db.close(),
      transaction: (fn) => db.transaction((tx) => fn(recorded(tx))),
    },
  };
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  Plans?: PlanNode[];
}

/** Rows of `table` the statement read: those its scans answered plus those they read and threw away. */
function rowsRead(node: PlanNode, table: string): number {
  const own =
    node['Relation Name'] === table
      ? (node['Actual Rows'] + (node['Rows Removed by Filter'] ?? 0)) * node['Actual Loops']
      : 0;
  return own + (node.Plans ?? []).reduce((sum, child) => sum + rowsRead(child, table), 0);
}

/** 4,000 orders of 1,000 other accounts (a small shop's first year), and 3 of customer company 777. */
async function shopWithHistory(db: Queryable): Promise<void> {
  await db.exec(`
    INSERT INTO carts (guid, company_id) SELECT gen_random_uuid(), 1001 FROM generate_series(1, 4003);
    INSERT INTO orders (header_guid, order_number, cart_id, company_id, customer_id, customer_company_id,
                        customer_company_group_role_id, status, cart_cents, shipping_cents, shipping_method_id,
                        shipping_method_name, billing_person, shipping_address, billing_address, payment_method,
                        created_at)
    SELECT gen_random_uuid(), 'H-' || c.id, c.id, 1001, NULL, CASE WHEN c.n > 4000 THEN 777 ELSE 9000 + c.n % 1000 END,
           1, 'paid', 1290, 490, 1, 'DHL', '{"email": "k@example.de"}', '{}', '{}', 'paypal',
           now() - make_interval(days => (c.n % 700)::int)
      FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM carts) c;
    ANALYZE orders;`);
}

/** Rows of `table` each statement read, run again with EXPLAIN ANALYZE. */
async function rowsReadBy(db: Queryable, statements: Statement[], table = 'orders'): Promise<number[]> {
  const reads = [];
  for (const { sql, params } of statements) {
    const [plan] = await db.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
      `EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`,
      params,
    );
    reads.push(rowsRead(plan!['QUERY PLAN'][0].Plan, table));
  }
  return reads;
}

describe("a customer's order history", () => {
  it("reads that customer's orders, not the shop's", async () => {
    api = await makeApi();
    await shopWithHistory(api.db);
    const { db, statements } = recording(api.db);
    const filter: OrderListFilter = {
      CustomerCompanyId: 777,
      CustomerId: 0,
      CustomerCompanyGroupRoleId: 1,
      PageNumber: 1,
      RowCount: 20,
      DateFrom: '2000-01-01',
      DateTo: '2100-01-01',
      Statuses: [],
      PaymentMethod: '',
      SortField: 'createdAt',
      SortDirection: 'desc',
    };
    const list = await listOrders(db, filter, 'company');
    expect(list.totalCount).toBe(3);
    expect(list.items).toHaveLength(3);
    // The count and the page (the lines are read per order by key). Before migration 022 each read all 4,003.
    const reads = statements.filter((s) => /\bFROM orders WHERE customer_company_id\b/.test(s.sql));
    expect(reads).toHaveLength(2);
    for (const n of await rowsReadBy(api.db, reads)) expect(n).toBeLessThanOrEqual(10);
  });

  it("an order's designs by its number, in any letter case, read that order, not the shop's", async () => {
    api = await makeApi();
    await shopWithHistory(api.db);
    const { db, statements } = recording(api.db);
    const noProof = { query: {}, headers: {}, cookies: {} } as unknown as FastifyRequest;
    for (const number of ['h-4003', 'H-999999']) {
      // No headerGuid and no session: the same 404 for a known and an unknown number.
      await expect(requireOrderAccess(db, noProof, number)).rejects.toMatchObject({ statusCode: 404 });
    }
    expect(statements).toHaveLength(2);
    // Before migration 022 each read all 4,003 orders.
    expect(await rowsReadBy(api.db, statements)).toEqual([1, 0]);
  });
});

describe('an address at registration and at the resend of its link', () => {
  it('is looked up in any letter case by reading that account, not every account', async () => {
    api = await makeApi();
    await api.db.exec(`
      INSERT INTO customers (email, password_hash, name, last_name, customer_company_id, customer_company_group_role_id)
      SELECT 'kunde' || g || '@example.de', 'x', 'Erika', 'Muster', 600000 + g, 1 FROM generate_series(1, 4000) g;
      ANALYZE customers;`);
    const { db, statements } = recording(api.db as Db);
    const taken = {
      email: 'Kunde77@Example.de',
      password: 'Sommer 2026!',
      name: 'Erika',
      lastName: 'Muster',
      confirmUrl: 'http://127.0.0.1:3000/account/confirm',
    };
    await expect(createAccount(db, taken)).rejects.toMatchObject({ statusCode: 409, code: 'email-taken' });
    expect(await renewConfirmation(db, 'niemand@example.de')).toBeNull();
    const lookups = statements.filter((s) => /\bFROM customers\s+WHERE lower\(email\) = \$1/.test(s.sql));
    expect(lookups).toHaveLength(2);
    // Before migration 022 each read all 4,000 accounts.
    expect(await rowsReadBy(api.db, lookups, 'customers')).toEqual([1, 0]);
  });
});
