import { createSdk } from '@lp/sdk';
import { act, fireEvent, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/AppProviders';
import { publicConfig, readConfig } from '../../../config';
import { createShopData } from '../../../data/shopData';
import { createErrorReporter } from '../../../errors/errorReporter';
import { ConsentBanner } from '../ConsentBanner';
import { ConsentContext } from '../ConsentContext';
import { CONSENT_COOKIE, CONSENT_VERSION, readConsentCookie } from '../consentCookie';
import {
  CONSENT_STORAGE_KEY,
  type ConsentStore,
  createConsentStore,
  documentCookieJar,
} from '../consentStore';

function app(store: ConsentStore, path: string): ReactNode {
  const sdk = createSdk({ baseUrl: 'http://shop.test', storage: null, retries: 0 });
  const config = publicConfig(readConfig({}));
  const data = createShopData(sdk, { UniqueId: 1001, Alias: 'lp-de', Name: 'Kennzeichen-Profi' }, config);
  return (
    <AppProviders value={{ sdk, data, config, reporter: createErrorReporter([]) }}>
      <ConsentContext.Provider value={store}>
        <MemoryRouter initialEntries={[path]}>
          <main>Seite</main>
          <ConsentBanner />
        </MemoryRouter>
      </ConsentContext.Provider>
    </AppProviders>
  );
}

/** What entry-server.tsx does per request: a read-only store from the request's Cookie header. */
const serverStore = (cookieHeader: string) =>
  createConsentStore({ cookies: { read: () => cookieHeader, write: () => {} } });

const memory = (initial: Record<string, string> = {}) => {
  const values = new Map(Object.entries(initial));
  return {
    values,
    getItem: (k: string) => values.get(k) ?? null,
    setItem: (k: string, v: string) => void values.set(k, v),
  };
};

/** Server HTML into a container, then React's hydrateRoot with the browser's store; recoverable errors kept. */
async function hydrate(html: string, store: ConsentStore, path: string) {
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  const serverBanner = container.querySelector('.consent');
  const mismatches: unknown[] = [];
  await act(async () => {
    hydrateRoot(container, app(store, path), { onRecoverableError: (error) => mismatches.push(error) });
  });
  return { container, serverBanner, mismatches };
}

afterEach(() => {
  document.body.innerHTML = '';
  // biome-ignore lint/suspicious/noDocumentCookie: test clean-up of the real cookie
  document.cookie = `${CONSENT_COOKIE}=; Path=/; Max-Age=0`;
});

describe('consent banner in the server-rendered HTML', () => {
  it('a first-time visitor gets the whole banner in the HTML, its buttons a form that works without script', () => {
    const html = renderToString(app(serverStore('other=1'), '/kfz-kennzeichen?farbe=schwarz'));
    const doc = new DOMParser().parseFromString(html, 'text/html');
    const dialog = doc.querySelector('section.consent[role="dialog"]');
    expect(dialog?.getAttribute('aria-labelledby')).toBe('lp-consent-title');
    expect(doc.getElementById('lp-consent-title')?.textContent).toBe('Cookie-Einstellungen');
    expect(doc.getElementById('lp-consent-text')?.textContent).toBe(
      'Statistik und Marketing nur mit Ihrer Einwilligung (Datenschutz).',
    );
    const form = doc.querySelector('form');
    expect([form?.getAttribute('method'), form?.getAttribute('action')]).toEqual(['post', '/consent']);
    expect(doc.querySelector<HTMLInputElement>('input[name="return"]')?.value).toBe(
      '/kfz-kennzeichen?farbe=schwarz',
    );
    const buttons = [...doc.querySelectorAll('button')].map((b) => [b.type, b.name, b.value, b.textContent]);
    expect(buttons).toEqual([
      ['submit', 'choice', 'necessary', 'Nur notwendige'],
      ['submit', 'choice', 'selection', 'Auswahl speichern'],
      ['submit', 'choice', 'all', 'Alle akzeptieren'],
    ]);
    expect(
      [...doc.querySelectorAll('input[type="checkbox"][name]')].map((i) => i.getAttribute('name')),
    ).toEqual(['statistics', 'marketing']);
  });

  it('a returning visitor with a stored choice gets no banner at all', () => {
    for (const value of ['v1.s0.m0.t1763719200', 'v1.s1.m1.t1763719200']) {
      const html = renderToString(app(serverStore(`${CONSENT_COOKIE}=${value}`), '/'));
      expect(html).not.toContain('consent');
      expect(html).toContain('Seite');
    }
    // A cookie of another version or a forged value is no decision: asked again.
    expect(renderToString(app(serverStore(`${CONSENT_COOKIE}=v9.s1.m1.t1`), '/'))).toContain(
      'Cookie-Einstellungen',
    );
  });

  it('hydration keeps the server banner node for the same cookie (first visit), with no mismatch', async () => {
    const html = renderToString(app(serverStore(''), '/impressum'));
    const browser = createConsentStore({ cookies: documentCookieJar(document), storage: memory() });
    const { container, serverBanner, mismatches } = await hydrate(html, browser, '/impressum');
    expect(mismatches).toEqual([]);
    expect(container.querySelector('.consent')).toBe(serverBanner);
    expect(serverBanner).not.toBeNull();
    // Script decides in place: no form post, the banner goes, the cookie is written.
    let submitted = 0;
    container.addEventListener('submit', () => submitted++, true);
    fireEvent.click(screen.getByRole('button', { name: 'Nur notwendige' }));
    expect(submitted).toBe(0);
    expect(container.querySelector('.consent')).toBeNull();
    expect(readConsentCookie(document.cookie)).toMatchObject({ statistics: false, marketing: false });
  });

  it('hydration for a returning visitor: nothing in the HTML, nothing after hydration (no flash)', async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: the browser's cookie, as the server got it
    document.cookie = `${CONSENT_COOKIE}=v1.s1.m0.t1763719200; Path=/`;
    const html = renderToString(app(serverStore(document.cookie), '/'));
    const browser = createConsentStore({ cookies: documentCookieJar(document), storage: memory() });
    const { container, mismatches } = await hydrate(html, browser, '/');
    expect(mismatches).toEqual([]);
    expect(container.querySelector('.consent')).toBeNull();
    expect(browser.getState().choice).toEqual({ statistics: true, marketing: false });
  });

  it('a choice only in localStorage: hydration matches the server (banner), then it closes and the cookie is set', async () => {
    const html = renderToString(app(serverStore(''), '/'));
    const stored = {
      version: CONSENT_VERSION,
      necessary: true,
      statistics: true,
      marketing: true,
      decidedAt: '2026-10-01T08:00:00.000Z',
    };
    const storage = memory({ [CONSENT_STORAGE_KEY]: JSON.stringify(stored) });
    const browser = createConsentStore({ cookies: documentCookieJar(document), storage });
    const { container, mismatches } = await hydrate(html, browser, '/');
    expect(mismatches).toEqual([]);
    expect(container.querySelector('.consent')).toBeNull();
    expect(readConsentCookie(document.cookie)).toEqual(stored);
  });
});
