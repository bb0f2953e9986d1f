import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

const KEY_LENGTH = 32;

function derive(password: string, salt: string): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password, salt, KEY_LENGTH, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

/**
 * Hashes a password as `scrypt$<salt>$<hex>` with a fresh random salt (the seed writes the same format with a
 * fixed per-user salt, see seed.ts `hashPassword`).
 */
export async function hashNewPassword(password: string): Promise<string> {
  const salt = randomBytes(16).toString('hex');
  return `scrypt$${salt}$${(await derive(password, salt)).toString('hex')}`;
}

/** A well-formed hash no password matches; verified for unknown emails so both paths cost one scrypt. */
const DECOY_HASH = `scrypt$decoy-salt$${'0'.repeat(KEY_LENGTH * 2)}`;

/**
 * Checks a password against a stored `scrypt$salt$hex` hash in constant time. An unknown account passes
 * `undefined` and still pays for one scrypt, so the answer time does not tell which emails exist.
 */
export async function verifyPassword(password: string, stored: string | undefined): Promise<boolean> {
  const [scheme, salt, hex] = (stored ?? DECOY_HASH).split('$');
  if (scheme !== 'scrypt' || !salt || !hex || !/^[0-9a-f]+$/.test(hex)) {
    await derive(password, 'decoy-salt');
    return false;
  }
  const expected = Buffer.from(hex, 'hex');
  const actual = await derive(password, salt);
  return stored !== undefined && expected.length === actual.length && timingSafeEqual(expected, actual);
}
