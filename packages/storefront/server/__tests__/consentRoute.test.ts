// @vitest-environment node
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConsentCookie } from '../../src/features/consent/consentCookie';
import { choiceFrom, createConsentRoute, safeReturnPath } from '../consentRoute';

let server: Server;
let url = '';
let host = '';
beforeAll(async () => {
  const route = createConsentRoute({
    secure: false,
    siteOrigin: 'https://shop.example',
    now: () => new Date('2026-11-21T10:00:00Z'),
  });
  server = createServer((req, res) => void route(req, res));
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', () => done()));
  host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  url = `http://${host}/consent`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((done) => server.close(done));
});

const FORM = 'application/x-www-form-urlencoded';
function post(body: string, headers: Record<string, string> = { 'sec-fetch-site': 'same-origin' }) {
  return fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': FORM, ...headers },
    body,
  });
}

describe('POST /consent (the banner without script)', () => {
  it('sets the cookie for each button and sends the shopper back to the page with 303', async () => {
    const cases = [
      ['choice=all', { statistics: true, marketing: true }],
      ['choice=necessary&statistics=1&marketing=1', { statistics: false, marketing: false }],
      ['choice=selection&marketing=1', { statistics: false, marketing: true }],
      ['choice=selection&statistics=on', { statistics: true, marketing: false }],
    ] as const;
    for (const [form, choice] of cases) {
      const res = await post(`${form}&return=${encodeURIComponent('/kfz-kennzeichen?farbe=rot#x')}`);
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe('/kfz-kennzeichen?farbe=rot');
      expect(res.headers.get('cache-control')).toBe('no-store');
      const cookie = res.headers.get('set-cookie') ?? '';
      expect(cookie).toMatch(/^lp_consent=v1\.s[01]\.m[01]\.t\d+; Path=\/; Max-Age=31536000; SameSite=Lax$/);
      expect(readConsentCookie(cookie.split(';')[0])).toMatchObject({
        ...choice,
        decidedAt: '2026-11-21T10:00:00.000Z',
      });
    }
  });

  it("accepts the shop's own forms by Origin or Referer when Sec-Fetch-Site is missing", async () => {
    expect((await post('choice=all', { origin: `http://${host}` })).status).toBe(303);
    expect((await post('choice=all', { origin: 'https://shop.example' })).status).toBe(303);
    expect((await post('choice=all', { referer: `http://${host}/impressum` })).status).toBe(303);
  });

  it('refuses forms from other sites: no cookie is set in the shopper’s name', async () => {
    const refused: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site', origin: `http://${host}` },
      { 'sec-fetch-site': 'same-site' },
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { referer: 'https://evil.example/x' },
      { referer: 'not a url' },
      {},
    ];
    for (const headers of refused) {
      const res = await post('choice=all', headers);
      expect(res.status).toBe(403);
      expect(res.headers.get('set-cookie')).toBeNull();
      expect(await res.text()).toBe('Anfrage von einer fremden Seite abgelehnt.');
    }
  });

  it('answers wrong methods, types, choices and huge bodies with a clear error and no cookie', async () => {
    const get = await fetch(url, { redirect: 'manual' });
    expect([get.status, get.headers.get('allow')]).toEqual([405, 'POST']);
    const json = await post('{"choice":"all"}', {
      'sec-fetch-site': 'same-origin',
      'content-type': 'application/json',
    });
    expect(json.status).toBe(415);
    for (const body of ['', 'choice=', 'choice=ALL', 'choice=all%00', 'statistics=1&marketing=1', '%%%']) {
      const res = await post(body);
      expect(res.status).toBe(400);
      expect(await res.text()).toBe('Ungültige Auswahl.');
      expect(res.headers.get('set-cookie')).toBeNull();
    }
    const huge = await post(`choice=all&return=/${'a'.repeat(100_000)}`);
    expect(huge.status).toBe(413);
    expect(huge.headers.get('set-cookie')).toBeNull();
    // The server still answers after the refused body.
    expect((await post('choice=all')).status).toBe(303);
  });

  it('goes back only to a path of this shop', () => {
    expect(safeReturnPath('/warenkorb?x=1')).toBe('/warenkorb?x=1');
    expect(safeReturnPath('/a/../b')).toBe('/b');
    for (const hostile of [
      'https://evil.example/',
      '//evil.example/',
      '/\\evil.example',
      '/\t/evil.example',
      'javascript:alert(1)',
      '',
      null,
      42,
      ['/'],
      `/${'a'.repeat(5000)}`,
    ]) {
      expect(safeReturnPath(hostile)).toBe('/');
    }
    expect(choiceFrom(new URLSearchParams('choice=selection&statistics=yes'))).toEqual({
      statistics: false,
      marketing: false,
    });
  });
});
