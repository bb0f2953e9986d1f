import { createHash, randomBytes } from 'node:crypto';

/** A dealer key: a recognisable prefix (secret scanners, logs) and 32 random bytes as base64url (43 characters). */
const KEY_PATTERN = /^lpdk_[A-Za-z0-9_-]{43}$/;

/** A new dealer key; shown once to the operator, only its hash is stored. */
export function newDealerKey(): string {
  return `lpdk_${randomBytes(32).toString('base64url')}`;
}

/**
 * The stored form of a key: SHA-256. The key is 32 random bytes, so a fast hash suffices (slow salted hashes guard
 * guessable passwords) and a request finds its dealer by the hash through a unique index. Anything that is not
 * shaped like a key answers undefined without hashing.
 */
export function dealerKeyHash(key: string): Buffer | undefined {
  if (!KEY_PATTERN.test(key)) return undefined;
  return createHash('sha256').update(key).digest();
}
