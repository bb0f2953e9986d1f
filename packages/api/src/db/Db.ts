/** A row as the driver returns it; repositories narrow it to their own row types. */
export type Row = Record<string, unknown>;

/** Runs SQL with `$1..$n` parameters, through `pg` on PGlite and on a PostgreSQL server alike (DESIGN 6). */
export interface Queryable {
  query<T extends Row = Row>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /** Runs several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /** The same object for a database and all its transactions: keys per-database caches. */
  readonly identity: object;
}

/** The whole database surface the API uses: one query layer for PGlite and for a PostgreSQL server. */
export interface Db extends Queryable {
  readonly kind: 'pglite' | 'pg';
  /** Runs `fn` in one transaction; commits when it resolves, rolls back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
