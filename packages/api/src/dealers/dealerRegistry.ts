import type { Queryable } from '../db/Db';

/** How long one process trusts its copy of the registered origins and ids (docs/reference/dealers.md). */
export const DEALER_CACHE_MS = 3_000;

interface Snapshot {
  origins: Set<string>;
  ids: Set<string>;
  loadedAt: number;
}

/**
 * The registered dealers as the request path needs them: their origins (the CORS allow-list) and their ids (an
 * add's `dealer`). They live in the database (DESIGN 6), so every API process agrees; each process keeps a copy for
 * at most DEALER_CACHE_MS, so an origin the operator adds works everywhere within that time without a query per
 * request. One reload at a time; while the database cannot answer, the last copy is used.
 */
export function createDealerRegistry(
  db: Queryable,
  { cacheMs = DEALER_CACHE_MS, now = Date.now, onError = (_error: unknown) => {} } = {},
) {
  let snapshot: Snapshot | undefined;
  let loading: Promise<Snapshot | undefined> | undefined;

  async function load(): Promise<Snapshot> {
    const [row] = await db.query<{ origins: string[] | null; ids: string[] | null }>(
      `SELECT (SELECT array_agg(DISTINCT origin) FROM dealer_origins) AS origins,
              (SELECT array_agg(id) FROM dealers) AS ids`,
    );
    return { origins: new Set(row?.origins ?? []), ids: new Set(row?.ids ?? []), loadedAt: now() };
  }

  async function current(): Promise<Snapshot | undefined> {
    if (snapshot && now() - snapshot.loadedAt < cacheMs) return snapshot;
    loading ??= load().then(
      (fresh) => {
        snapshot = fresh;
        loading = undefined;
        return fresh;
      },
      (error: unknown) => {
        loading = undefined;
        onError(error);
        return snapshot;
      },
    );
    return loading;
  }

  return {
    /** True when a registered dealer has this exact origin. */
    async allowsOrigin(origin: string): Promise<boolean> {
      return (await current())?.origins.has(origin) ?? false;
    },
    /**
     * True when a dealer with this id is registered. A known id costs no query; an id not in the copy is looked
     * up, so a dealer registered a moment ago is not refused.
     */
    async isDealer(id: string): Promise<boolean> {
      if ((await current())?.ids.has(id)) return true;
      const rows = await db.query('SELECT 1 FROM dealers WHERE id = $1', [id]);
      return rows.length > 0;
    },
  };
}

export type DealerRegistry = ReturnType<typeof createDealerRegistry>;
