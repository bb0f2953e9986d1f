import { afterEach, describe, expect, it } from 'vitest';
import { memoryStorage } from './memoryStorage';
import {
  CONSENT_COOKIE,
  CONSENT_MAX_AGE_S,
  consentCookiePair,
  consentSetCookie,
  formatConsentValue,
  parseConsentValue,
  readConsentCookie,
} from '../consentCookie';
import {
  CONSENT_STORAGE_KEY,
  CONSENT_VERSION,
  type CookieJar,
  createConsentStore,
  documentCookieJar,
} from '../consentStore';

const at = () => new Date('2026-11-21T10:00:00Z');
const decided = (statistics: boolean, marketing: boolean, decidedAt = '2026-11-21T10:00:00.000Z') => ({
  version: CONSENT_VERSION,
  necessary: true as const,
  statistics,
  marketing,
  decidedAt,
});

/** A browser-like jar: `write` takes a Set-Cookie string, `read` answers `name=value; ...`. */
function memoryJar(initial = '') {
  const values = new Map<string, string>();
  const written: string[] = [];
  for (const pair of initial.split('; ').filter(Boolean)) {
    const [name = '', value = ''] = pair.split('=');
    values.set(name, value);
  }
  const jar: CookieJar & { written: string[] } = {
    written,
    read: () => [...values].map(([name, value]) => `${name}=${value}`).join('; '),
    write: (cookie) => {
      written.push(cookie);
      const [pair = ''] = cookie.split(';');
      const eq = pair.indexOf('=');
      values.set(pair.slice(0, eq), pair.slice(eq + 1));
    },
  };
  return jar;
}

describe('consent cookie format', () => {
  it('round-trips a decision with its version and time (to the second)', () => {
    const value = formatConsentValue(decided(false, true));
    expect(value).toBe(`v1.s0.m1.t${Date.parse('2026-11-21T10:00:00Z') / 1000}`);
    expect(parseConsentValue(value)).toEqual(decided(false, true));
  });

  it('is a strictly necessary first-party cookie: path /, ~12 months, SameSite=Lax, Secure only on https', () => {
    const cookie = consentSetCookie(decided(true, true));
    expect(cookie).toBe(
      `${CONSENT_COOKIE}=${formatConsentValue(decided(true, true))}; Path=/; Max-Age=${CONSENT_MAX_AGE_S}; SameSite=Lax`,
    );
    expect(CONSENT_MAX_AGE_S / 86400).toBe(365);
    expect(consentSetCookie(decided(true, true), { secure: true })).toMatch(/; Secure$/);
    expect(cookie).not.toMatch(/HttpOnly|Domain/i);
  });

  it('finds the cookie among others; another version, junk or hostile values count as no decision', () => {
    const good = formatConsentValue(decided(true, false));
    expect(readConsentCookie(`a=1; ${CONSENT_COOKIE}=${good}; b=2`)).toMatchObject({ statistics: true });
    expect(readConsentCookie(`${CONSENT_COOKIE}=junk; ${CONSENT_COOKIE}=${good}`)).toMatchObject({
      statistics: true,
    });
    expect(readConsentCookie(`x${CONSENT_COOKIE}=${good}`)).toBeNull();
    expect(readConsentCookie(`${CONSENT_COOKIE}=v2.s1.m1.t1`)).toBeNull();
    expect(readConsentCookie(`${CONSENT_COOKIE}=v1.s2.m1.t1`)).toBeNull();
    expect(readConsentCookie(`${CONSENT_COOKIE}=v1.s1.m1.t1<script>`)).toBeNull();
    expect(readConsentCookie(`${CONSENT_COOKIE}=${'v1.s1.m1.t1'.repeat(100_000)}`)).toBeNull();
    expect(readConsentCookie(`${CONSENT_COOKIE}=`)).toBeNull();
    for (const wrong of [undefined, null, 42, {}, ['lp_consent=v1.s1.m1.t1'], '']) {
      expect(readConsentCookie(wrong)).toBeNull();
    }
    expect(parseConsentValue(undefined)).toBeNull();
  });

  it('hands the render only the consent cookie of a Cookie header', () => {
    const good = formatConsentValue(decided(false, false));
    expect(consentCookiePair(`session=secret; XSRF-TOKEN=t; ${CONSENT_COOKIE}=${good}`)).toBe(
      `${CONSENT_COOKIE}=${good}`,
    );
    expect(consentCookiePair('session=secret')).toBe('');
    expect(consentCookiePair(undefined)).toBe('');
  });
});

describe('consent store with the cookie as source of truth', () => {
  it('first visit: banner open; a decision writes the cookie and the localStorage mirror', () => {
    const cookies = memoryJar();
    const storage = memoryStorage();
    const store = createConsentStore({ cookies, storage, now: at });
    expect(store.getState()).toMatchObject({ choice: null, open: true });
    store.getState().save({ statistics: true, marketing: false });
    expect(readConsentCookie(cookies.read())).toEqual(decided(true, false));
    expect(cookies.written[0]).toMatch(/; Path=\/; Max-Age=31536000; SameSite=Lax$/);
    expect(JSON.parse(storage.values.get(CONSENT_STORAGE_KEY) ?? '')).toEqual(decided(true, false));
    // Reload: the cookie alone decides.
    const again = createConsentStore({ cookies, storage: memoryStorage(), now: at });
    expect(again.getState()).toMatchObject({ choice: { statistics: true, marketing: false }, open: false });
  });

  it('migrates a choice stored only in localStorage to the cookie, keeping its time', () => {
    const legacy = decided(false, true, '2026-01-02T03:04:05.000Z');
    const storage = memoryStorage({ [CONSENT_STORAGE_KEY]: JSON.stringify(legacy) });
    const cookies = memoryJar();
    const store = createConsentStore({ cookies, storage, now: at });
    expect(store.getState()).toMatchObject({ choice: { statistics: false, marketing: true }, open: false });
    expect(readConsentCookie(cookies.read())).toEqual(legacy);
    // Hydration renders what the server saw (no cookie yet: banner), then the migrated choice.
    expect(store.getInitialState()).toMatchObject({ choice: null, open: true });
    // Migrated once: the next load starts decided.
    expect(createConsentStore({ cookies, storage, now: at }).getInitialState().open).toBe(false);
  });

  it('the cookie wins over a different localStorage value, and the mirror follows it', () => {
    const cookies = memoryJar(`${CONSENT_COOKIE}=${formatConsentValue(decided(false, false))}`);
    const storage = memoryStorage({ [CONSENT_STORAGE_KEY]: JSON.stringify(decided(true, true)) });
    const store = createConsentStore({ cookies, storage, now: at });
    expect(store.getInitialState()).toMatchObject({ choice: { statistics: false, marketing: false } });
    expect(JSON.parse(storage.values.get(CONSENT_STORAGE_KEY) ?? '')).toMatchObject({ marketing: false });
    expect(cookies.written).toEqual([]);
  });

  it('a cookie of an older version asks again even when localStorage has the same old version', () => {
    const cookies = memoryJar(`${CONSENT_COOKIE}=v0.s1.m1.t1`);
    const storage = memoryStorage({
      [CONSENT_STORAGE_KEY]: JSON.stringify({ ...decided(true, true), version: 0 }),
    });
    expect(createConsentStore({ cookies, storage, now: at }).getState()).toMatchObject({ open: true });
  });

  it('withdrawal rewrites the cookie; a jar that throws keeps the choice for the visit', () => {
    const cookies = memoryJar();
    const store = createConsentStore({ cookies, now: at });
    store.getState().acceptAll();
    store.getState().rejectAll();
    expect(readConsentCookie(cookies.read())).toMatchObject({ statistics: false, marketing: false });

    const blocked: CookieJar = {
      read: () => {
        throw new Error('SecurityError');
      },
      write: () => {
        throw new Error('SecurityError');
      },
    };
    const storeBlocked = createConsentStore({ cookies: blocked, storage: null, now: at });
    expect(storeBlocked.getState().open).toBe(true);
    storeBlocked.getState().acceptAll();
    expect(storeBlocked.getState()).toMatchObject({ choice: { marketing: true }, open: false });
  });
});

describe('document.cookie (jsdom) as the jar', () => {
  afterEach(() => {
    // biome-ignore lint/suspicious/noDocumentCookie: test clean-up of the real cookie
    document.cookie = `${CONSENT_COOKIE}=; Path=/; Max-Age=0`;
  });

  it('writes a cookie the page can read back, Secure when asked', () => {
    const store = createConsentStore({ cookies: documentCookieJar(document), storage: null, now: at });
    store.getState().save({ statistics: false, marketing: true });
    expect(document.cookie).toContain(`${CONSENT_COOKIE}=v1.s0.m1.t`);
    expect(createConsentStore({ cookies: documentCookieJar(document) }).getState().choice).toEqual({
      statistics: false,
      marketing: true,
    });
  });
});
