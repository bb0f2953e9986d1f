// @vitest-environment node
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConsentCookie } from '../../src/features/consent/consentCookie';
import { choiceFrom, consentRoute, safeReturnPath } from '../consentRoute';

const app = Fastify();
let url = '';
let host = '';
beforeAll(async () => {
  await app.register(consentRoute, {
    secure: false,
    siteOrigin: 'https://shop.example',
    now: () => new Date('2026-11-21T10:00:00Z'),
  });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  host = new URL(base).host;
  url = `${base}/consent`;
});
afterAll(() => app.close());

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
    expect(safeReturnPath('/kfz-kennzeichen?farbe=rot#x')).toBe('/kfz-kennzeichen?farbe=rot');
    expect(safeReturnPath('/')).toBe('/');
    expect(safeReturnPath('/ü')).toBe('/%C3%BC');
    expect(safeReturnPath('/a/./b//c')).toBe('/a/b//c');
  });

  // The security review's finding: dot segments normalise to '//host', which a browser follows to that host.
  it.each([
    '/.//evil.example',
    '/..//x',
    '/a/..//x',
    '/././/evil.example/path?q=1',
    '/%2e//evil.example',
    '/%2e%2e//evil.example',
    '//evil.example/',
    '///evil.example',
    '/\\evil.example',
    '/\\/evil.example',
    '/.\\evil.example',
    '/%2F%2Fevil.example',
    '/%2f/evil.example',
    '/%5Cevil.example',
    '%2F%2Fevil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r\n//evil.example',
    '/.\t//evil.example',
    '/\u0000//evil.example',
    '/\u007f',
    'https://evil.example/',
    'http:/evil.example',
    'HTTPS://evil.example',
    '\\\\evil.example',
    ' /x',
    'javascript:alert(1)',
    'data:text/html,x',
    '/%E0%A4%A',
    '',
    `/${'a'.repeat(5000)}`,
    `/${'./'.repeat(500)}/evil.example`,
  ])('sends %j home', (hostile) => {
    expect(safeReturnPath(hostile)).toBe('/');
  });

  it('meets wrong types with the home page', () => {
    for (const value of [undefined, null, 42, ['/'], { toString: () => '/x' }, Symbol('x')]) {
      expect(safeReturnPath(value)).toBe('/');
    }
  });

  it('reads the choice from a parsed form, first value of repeated fields, nothing from junk', () => {
    expect(choiceFrom({ choice: 'selection', statistics: 'yes' })).toEqual({
      statistics: false,
      marketing: false,
    });
    expect(choiceFrom({ choice: ['all', 'necessary'] })).toEqual({ statistics: true, marketing: true });
    expect(choiceFrom({ choice: 'selection', statistics: ['1'], marketing: 'on' })).toEqual({
      statistics: true,
      marketing: true,
    });
    for (const junk of [null, undefined, 'choice=all', 42, {}, { choice: 1 }, { choice: { all: 1 } }]) {
      expect(choiceFrom(junk)).toBeNull();
    }
    expect(choiceFrom(Object.create({ choice: 'all' }))).toBeNull();
  });

  it('answers the hostile return paths over HTTP with Location /', async () => {
    for (const hostile of ['/.//evil.example', '/..//x', '/a/..//x', '/\\evil.example', '//evil.example']) {
      const res = await post(`choice=all&return=${encodeURIComponent(hostile)}`);
      expect(res.status, hostile).toBe(303);
      expect(res.headers.get('location'), hostile).toBe('/');
    }
  });
});
