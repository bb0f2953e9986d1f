import type { StorageLike } from '@lp/sdk';
import { APP_STATE_KEY } from '@lp/sdk/contract';
import { readCookie } from '../../app/readCookie';

// The shopper's cart guid as a first-party cookie: only a hint for the server, so it can render the cart page with
// the shopper's lines (decisions.md, "Cart page rendered on the server"). The SDK's AppState in localStorage stays
// the source of truth (spec 3); the storefront mirrors its CartGuid here whenever it changes. Strictly necessary
// (it serves the cart the shopper fills), so it needs no consent, like the AppState itself.

/** Cookie name. */
export const CART_COOKIE = 'lp_cart';
/** About 12 months, as long as the consent choice; every visit re-writes a missing or different value. */
export const CART_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A cart guid as the API makes them (a UUID), or null for anything else. */
export function cartGuidOrNull(value: unknown): string | null {
  return typeof value === 'string' && GUID.test(value) ? value : null;
}

/**
 * The cart guid in a `Cookie` header (or `document.cookie`), or null. The first well-formed `lp_cart` wins.
 *
 * @example
 * readCartCookie('a=1; lp_cart=0b6f3c1e-1d2a-4c3b-9e8f-112233445566'); // '0b6f3c1e-…'
 */
export function readCartCookie(header: unknown): string | null {
  return readCookie(header, CART_COOKIE, cartGuidOrNull);
}

/** Only the cart cookie of a `Cookie` header, for the page render (which gets no other cookie of the shopper's). */
export function cartCookiePair(header: unknown): string {
  const guid = readCartCookie(header);
  return guid ? `${CART_COOKIE}=${guid}` : '';
}

/**
 * The `document.cookie` string that stores a guid, or deletes the cookie for null: path /, SameSite=Lax (sent when
 * a shopper arrives by a link from another site, a dealer's handoff included), Secure on https. Not HttpOnly: the
 * page's script writes it (the guid is in localStorage anyway).
 */
export function cartSetCookie(guid: string | null, options: { secure?: boolean } = {}): string {
  const age = guid ? CART_COOKIE_MAX_AGE_S : 0;
  return `${CART_COOKIE}=${guid ?? ''}; Path=/; Max-Age=${age}; SameSite=Lax${options.secure ? '; Secure' : ''}`;
}

const storedCartGuid = (json: string | null): string | null => {
  try {
    const guid = (JSON.parse(json ?? 'null') as { CartGuid?: unknown } | null)?.CartGuid;
    return typeof guid === 'string' && guid ? guid : null;
  } catch {
    return null;
  }
};

/**
 * The SDK's storage with the cart cookie kept equal to AppState's CartGuid: written once at start (a cart stored
 * before the cookie existed, an expired cookie, a guid another tab cleared; it also renews the cookie's age) and
 * again whenever a write of the AppState key changes the guid (a new cart, an adopted one, `clear()` after an
 * order). The server reads only a well-formed guid ({@link readCartCookie}), so the browser does not check it.
 *
 * @example
 * const sdk = createSdk({ storage: mirrorCartCookie(localStorage, document) });
 */
export function mirrorCartCookie(
  storage: StorageLike,
  doc: { cookie: string },
  options: { secure?: boolean } = {},
): StorageLike {
  let written: string | null | undefined;
  const sync = (guid: string | null) => {
    if (guid === written) return;
    written = guid;
    try {
      doc.cookie = cartSetCookie(guid && encodeURIComponent(guid), options);
    } catch {
      // Cookies blocked: the server renders the cart page without the cart, the browser loads it (as before).
    }
  };
  sync(storedCartGuid(storage.getItem(APP_STATE_KEY)));
  return {
    getItem: (key) => storage.getItem(key),
    setItem(key, value) {
      storage.setItem(key, value);
      if (key === APP_STATE_KEY) sync(storedCartGuid(value));
    },
    removeItem(key) {
      storage.removeItem(key);
      if (key === APP_STATE_KEY) sync(null);
    },
  };
}

/**
 * The browser's localStorage with the cart cookie mirrored, or null where localStorage is missing or blocked (the
 * SDK then keeps AppState in memory for the page view, and a cookie would outlive what the page knows).
 */
export function mirroredLocalStorage(): StorageLike | null {
  try {
    return mirrorCartCookie(localStorage, document, { secure: location.protocol === 'https:' });
  } catch {
    return null; // no localStorage (Safari in private mode and sandboxed iframes throw on mere access)
  }
}
