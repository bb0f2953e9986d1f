// Session 22, health (split from dealers.test.ts): which origins the API lets in, from the dealer registrations in
// the database (CORS), and what it tells a page about its own origin.
import type { EmbedOrigin } from '@lp/sdk/contract';
import { dealerPaths, paths } from '@lp/sdk/contract';
import { describe, expect, it } from 'vitest';
import { addDealer, addDealerOrigin, removeDealerOrigin } from '../src/dealers/dealerRepo';
import { MEYER, STRANGER, dealerWorld } from './support/dealerWorld';
import { call } from './support/testApi';

const { api } = await dealerWorld();

describe('CORS allow-list from the database (issue 12)', () => {
  it('reflects a registered dealer origin and a configured one; a stranger gets no CORS header', async () => {
    for (const origin of [MEYER, 'http://127.0.0.1:3000']) {
      const res = await call(api, 'GET', '/health', { headers: { origin } });
      expect(res.headers['access-control-allow-origin']).toBe(origin);
    }
    const refused = await call(api, 'GET', '/health', { headers: { origin: STRANGER } });
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers the preflight of a dealer origin, not of a stranger', async () => {
    const preflight = (origin: string) =>
      call(api, 'OPTIONS', paths.cart.addItem, {
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type, cartguid',
        },
      });
    const ok = await preflight(MEYER);
    expect(ok.status).toBe(204);
    expect(ok.headers['access-control-allow-origin']).toBe(MEYER);
    expect(String(ok.headers['access-control-allow-headers'])).toContain('CartGuid');
    const refused = await preflight(STRANGER);
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('a removed origin stops working and an added one starts, within the cache time', async () => {
    const dealer = await addDealer(api.db, { id: 'wechsel-haus', name: 'Wechsel', origins: [] });
    expect(dealer.origins).toEqual([]);
    const origin = 'https://wechsel.example:8443';
    await addDealerOrigin(api.db, 'wechsel-haus', origin);
    await expect
      .poll(
        async () =>
          (await call(api, 'GET', '/health', { headers: { origin } })).headers['access-control-allow-origin'],
        { timeout: 10_000, interval: 250 },
      )
      .toBe(origin);
    await removeDealerOrigin(api.db, 'wechsel-haus', origin);
    await expect
      .poll(
        async () =>
          (await call(api, 'GET', '/health', { headers: { origin } })).headers['access-control-allow-origin'],
        { timeout: 10_000, interval: 250 },
      )
      .toBeUndefined();
  });
});

describe('GET /api/embed/origin', () => {
  const check = (origin?: string) =>
    call(api, 'GET', dealerPaths.embedOrigin, { headers: origin === undefined ? {} : { origin } });

  it('tells any origin whether it is allowed, readable by every origin', async () => {
    for (const [origin, allowed] of [
      [MEYER, true],
      [STRANGER, false],
      ['http://localhost:3000', true],
      ['null', false],
    ] as const) {
      const res = await check(origin);
      expect(res.status).toBe(200);
      expect(res.body as EmbedOrigin).toEqual({ allowed, origin });
      expect(res.headers['access-control-allow-origin']).toBe('*');
      expect(res.headers['access-control-allow-credentials']).toBeUndefined();
      expect(String(res.headers.vary)).toMatch(/Origin/i);
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('without an Origin (no browser, no CORS) answers allowed with origin null', async () => {
    expect((await check()).body).toEqual({ allowed: true, origin: null });
  });

  it('does not match near misses: case, trailing slash, port, scheme, unicode look-alikes', async () => {
    for (const origin of [
      'https://AUTOHAUS-MEYER.example',
      `${MEYER}/`,
      `${MEYER}:443`,
      'http://autohaus-meyer.example',
      'https://autohaus-meуer.example', // Cyrillic у
      `${MEYER}.evil.example`,
      ` ${MEYER}`,
    ]) {
      expect((await check(origin)).body, origin).toMatchObject({ allowed: false });
    }
  });

  it('echoes a huge Origin bounded', async () => {
    const res = await check(`https://${'a'.repeat(5000)}.example`);
    expect(res.status).toBe(200);
    expect((res.body as EmbedOrigin).origin!.length).toBeLessThanOrEqual(300);
    expect((res.body as EmbedOrigin).allowed).toBe(false);
  });
});
