import type { Db } from './Db';
import { migrations } from './migrations';

/** Any fixed number: serialises migrations of several API processes starting against one server. */
const MIGRATION_LOCK = 727_301;

/** Applies every migration not yet recorded in `schema_migrations`, in order, each in its own transaction. */
export async function migrate(db: Db): Promise<string[]> {
  // Under the lock too: `CREATE TABLE IF NOT EXISTS` is not safe against a second process doing the same at once
  // (it fails with a duplicate pg_type key), which is exactly what replicas starting together do.
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.exec(
      'CREATE TABLE IF NOT EXISTS schema_migrations (id text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
  });
  const applied: string[] = [];
  for (const migration of migrations) {
    await db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      const done = await tx.query('SELECT 1 FROM schema_migrations WHERE id = $1', [migration.id]);
      if (done.length > 0) return;
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO schema_migrations (id) VALUES ($1)', [migration.id]);
      applied.push(migration.id);
    });
  }
  return applied;
}
