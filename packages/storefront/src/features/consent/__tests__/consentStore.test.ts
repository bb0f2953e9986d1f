import { describe, expect, it } from 'vitest';
import { memoryStorage } from './memoryStorage';
import { CONSENT_STORAGE_KEY, CONSENT_VERSION, createConsentStore, readConsent } from '../consentStore';

const at = () => new Date('2026-11-21T10:00:00Z');

describe('consent store (localStorage only, no cookie jar)', () => {
  it('asks (banner open) when nothing is stored, and stores "Alle akzeptieren" with its version', () => {
    const storage = memoryStorage();
    const store = createConsentStore({ storage, now: at });
    expect(store.getState()).toMatchObject({ choice: null, open: true });
    store.getState().acceptAll();
    expect(store.getState()).toMatchObject({ choice: { statistics: true, marketing: true }, open: false });
    expect(JSON.parse(storage.values.get(CONSENT_STORAGE_KEY) ?? '')).toEqual({
      version: CONSENT_VERSION,
      necessary: true,
      statistics: true,
      marketing: true,
      decidedAt: '2026-11-21T10:00:00.000Z',
    });
  });

  it('remembers the decision across reloads and does not ask again', () => {
    const storage = memoryStorage();
    createConsentStore({ storage, now: at }).getState().save({ statistics: true, marketing: false });
    const again = createConsentStore({ storage, now: at });
    expect(again.getState()).toMatchObject({ choice: { statistics: true, marketing: false }, open: false });
  });

  it('"Nur notwendige" stores statistics and marketing off', () => {
    const store = createConsentStore({ storage: memoryStorage(), now: at });
    store.getState().rejectAll();
    expect(store.getState().choice).toEqual({ statistics: false, marketing: false });
  });

  it('asks again for another version, corrupt JSON, or hostile values', () => {
    const stored = (value: unknown) =>
      readConsent(memoryStorage({ [CONSENT_STORAGE_KEY]: JSON.stringify(value) }));
    expect(stored({ version: CONSENT_VERSION + 1, statistics: true, marketing: true })).toBeNull();
    expect(stored({ version: CONSENT_VERSION, statistics: 'true', marketing: 1 })).toBeNull();
    expect(stored(null)).toBeNull();
    expect(stored(['x'])).toBeNull();
    expect(readConsent(memoryStorage({ [CONSENT_STORAGE_KEY]: '{not json' }))).toBeNull();
    expect(readConsent(memoryStorage({ [CONSENT_STORAGE_KEY]: 'x'.repeat(1_000_000) }))).toBeNull();
    expect(readConsent(null)).toBeNull();
  });

  it('keeps working for the visit when storage is blocked or full', () => {
    const broken = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    const store = createConsentStore({ storage: broken, now: at });
    expect(store.getState().open).toBe(true);
    store.getState().acceptAll();
    expect(store.getState()).toMatchObject({ choice: { marketing: true }, open: false });
  });

  it('saves only booleans (truthy junk is not consent)', () => {
    const store = createConsentStore({ storage: memoryStorage(), now: at });
    store
      .getState()
      .save({ statistics: 'yes', marketing: 1 } as unknown as { statistics: boolean; marketing: boolean });
    expect(store.getState().choice).toEqual({ statistics: false, marketing: false });
  });

  it('reopens from the footer; dismiss closes only once a decision exists', () => {
    const store = createConsentStore({ storage: memoryStorage(), now: at });
    store.getState().dismiss();
    expect(store.getState().open).toBe(true); // undecided: the banner stays
    store.getState().rejectAll();
    store.getState().reopen();
    expect(store.getState().open).toBe(true);
    store.getState().dismiss();
    expect(store.getState()).toMatchObject({ open: false, choice: { marketing: false } });
  });
});
