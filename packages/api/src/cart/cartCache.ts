import type { Cart } from '@lp/sdk/contract';

const MAX_ENTRIES = 20_000;

/**
 * Read-through cache of cart views for the embedded database (DESIGN 7: getCart must stay cheap). PGlite belongs
 * to exactly one process, so this process sees every write and can invalidate precisely; with a PostgreSQL server
 * (many processes) the cache is disabled.
 *
 * Correctness under concurrency: every mutation invalidates after its commit, which deletes the entry and bumps
 * the cart's generation; a read stores its result only if the generation did not move while it ran, so a read
 * that raced a write can never leave a stale view behind.
 */
export class CartCache {
  private readonly views = new Map<string, Cart>();
  private readonly generations = new Map<string, number>();
  /** Reads under way, so a burst of requests for one uncached cart costs one read (DESIGN 7). */
  private readonly reading = new Map<string, { generation: number; view: Promise<Cart> }>();
  /** Generations come from one counter; `floor` is the generation of every cart after a reset. */
  private counter = 0;
  private floor = 0;

  constructor(readonly enabled: boolean) {}

  get(guid: string): Cart | undefined {
    return this.enabled ? this.views.get(guid) : undefined;
  }

  generation(guid: string): number {
    return this.generations.get(guid) ?? this.floor;
  }

  /** Stores a view read while the generation was `seenGeneration`; refused if a write happened meanwhile. */
  store(guid: string, seenGeneration: number, view: Cart): void {
    if (!this.enabled || this.generation(guid) !== seenGeneration) return;
    if (this.views.size >= MAX_ENTRIES) {
      const oldest = this.views.keys().next().value;
      if (oldest !== undefined) this.views.delete(oldest);
    }
    this.views.set(guid, view);
  }

  /**
   * The cached view, else `read()`'s, stored for the next request. Requests arriving while a read of the same
   * cart is under way share it, unless a write invalidated the cart since that read began.
   */
  load(guid: string, read: () => Promise<Cart>): Promise<Cart> {
    const cached = this.get(guid);
    if (cached) return Promise.resolve(cached);
    if (!this.enabled) return read();
    const generation = this.generation(guid);
    const running = this.reading.get(guid);
    if (running && running.generation === generation) return running.view;
    const entry = { generation, view: read() };
    this.reading.set(guid, entry);
    const done = () => {
      if (this.reading.get(guid) === entry) this.reading.delete(guid);
    };
    entry.view.then((view) => {
      done();
      this.store(view.cartGuid ?? guid, generation, view);
    }, done);
    return entry.view;
  }

  invalidate(guid: string): void {
    this.views.delete(guid);
    if (this.generations.size >= MAX_ENTRIES) {
      // Forget everything at once: reads in flight then see a new floor and do not store.
      this.generations.clear();
      this.views.clear();
      this.floor = ++this.counter;
    }
    this.generations.set(guid, ++this.counter);
  }
}
