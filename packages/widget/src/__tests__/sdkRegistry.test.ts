import { createSdk } from '@lp/sdk';
import { describe, expect, it } from 'vitest';
import { getDefaults, getSdk, provideSdk, setDefaults } from '../sdkRegistry';

describe('one SDK per (api, company)', () => {
  it('hands every element of a page the same SDK and cart store', () => {
    const a = getSdk('http://127.0.0.1:4000', 'lp-de');
    const b = getSdk('http://127.0.0.1:4000/', 'lp-de');
    expect(a).toBe(b);
    expect(a.cartStore).toBe(b.cartStore);
  });

  it('keeps different APIs and companies apart', () => {
    const a = getSdk('http://127.0.0.1:4000', 'lp-de');
    expect(getSdk('http://127.0.0.1:4000', 'other')).not.toBe(a);
    expect(getSdk('http://127.0.0.1:4001', 'lp-de')).not.toBe(a);
  });

  it('uses an SDK the host application provides', () => {
    const own = createSdk({ baseUrl: 'http://shop.example', companyAlias: 'lp-de' });
    provideSdk(own, { api: 'http://shop.example/' });
    expect(getSdk('http://shop.example', 'lp-de')).toBe(own);
  });

  it('merges page defaults', () => {
    setDefaults({ api: 'http://a' });
    setDefaults({ shopUrl: 'http://b' });
    expect(getDefaults()).toMatchObject({ api: 'http://a', shopUrl: 'http://b' });
  });
});
