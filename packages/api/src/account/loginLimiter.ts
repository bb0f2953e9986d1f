import type { HitCounter } from '../limits/hitCounter';

/** Options of {@link createLoginLimiter}. */
export interface LoginLimiterOptions {
  /** Failed logins allowed per client address within the window. @default 10 */
  max?: number;
  /** @default 15 minutes */
  windowMs?: number;
}

/**
 * Brute-force guard of the login: counts failed attempts per client address in a fixed window. A success does not
 * reset the count, so a guesser holding one valid account cannot launder attempts through it. It is always on,
 * also where the API's general mutation limit is off (in-memory test databases), because a password guesser needs
 * only this one endpoint. The count lives in the database's `rate_limits` table, so every API process sees the
 * same failures (DESIGN 6): two processes do not allow twice the guesses.
 *
 * Every attempt is counted before the password is checked and a success takes its count back: a guesser sending
 * many attempts at once cannot slip them all in while the slow password checks run.
 */
export function createLoginLimiter(
  counter: HitCounter,
  { max = 10, windowMs = 15 * 60_000 }: LoginLimiterOptions = {},
) {
  const key = (address: string) => `login:${address}`;
  return {
    /** Counts an attempt of `address`: answers 0 when it may go on, else the seconds until it may try again. */
    async attempt(address: string): Promise<number> {
      const { count, ttlMs } = await counter.hit(key(address), windowMs);
      return count > max ? Math.max(1, Math.ceil(ttlMs / 1000)) : 0;
    },
    /** The attempt of `address` logged in: it is not a failure. */
    async succeeded(address: string): Promise<void> {
      await counter.unhit(key(address));
    },
  };
}

export type LoginLimiter = ReturnType<typeof createLoginLimiter>;
