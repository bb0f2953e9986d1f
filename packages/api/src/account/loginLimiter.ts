/** Options of {@link createLoginLimiter}. */
export interface LoginLimiterOptions {
  /** Failed logins allowed per client address within the window. @default 10 */
  max?: number;
  /** @default 15 minutes */
  windowMs?: number;
  now?: () => number;
}

/**
 * Brute-force guard of the login (issue 6): counts failed attempts per client address in a fixed window. A success does not reset the count, so a
 * guesser holding one valid account cannot launder attempts through it. It is
 * always on, also where the API's general mutation limit is off (in-memory test databases), because a password
 * guesser needs only this one endpoint. In-process: replicas each keep their own count, which still bounds guesses.
 */
export function createLoginLimiter({
  max = 10,
  windowMs = 15 * 60_000,
  now = Date.now,
}: LoginLimiterOptions = {}) {
  const failures = new Map<string, { count: number; resetAt: number }>();

  function entry(key: string) {
    const current = failures.get(key);
    if (current && current.resetAt > now()) return current;
    if (current) failures.delete(key);
    return undefined;
  }

  return {
    /** Seconds until `key` may try again, or 0 when it may try now. */
    retryAfter(key: string): number {
      const current = entry(key);
      return current && current.count >= max ? Math.ceil((current.resetAt - now()) / 1000) : 0;
    },
    fail(key: string): void {
      const current = entry(key);
      if (current) current.count += 1;
      else {
        // Bounded memory: an attacker rotating addresses cannot grow the map past this size.
        if (failures.size >= 10_000) {
          for (const [k, v] of failures) if (v.resetAt <= now()) failures.delete(k);
          if (failures.size >= 10_000) failures.delete(failures.keys().next().value as string);
        }
        failures.set(key, { count: 1, resetAt: now() + windowMs });
      }
    },
  };
}

export type LoginLimiter = ReturnType<typeof createLoginLimiter>;
