import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderWithShop } from '../../../../__tests__/renderWithShop';
import { ConsentBanner } from '../ConsentBanner';
import { ConsentRoot } from '../ConsentRoot';
import { createConsentStore } from '../consentStore';
import { openConsentSettings } from '../openConsentSettings';

const memory = () => {
  const values = new Map<string, string>();
  return {
    getItem: (k: string) => values.get(k) ?? null,
    setItem: (k: string, v: string) => void values.set(k, v),
  };
};

describe('consent banner', () => {
  it('is an accessible German dialog with Notwendig always on and the three buttons', () => {
    renderWithShop(<ConsentBanner store={createConsentStore({ storage: memory() })} />);
    const dialog = screen.getByRole('dialog', { name: 'Cookie-Einstellungen' });
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    const necessary = screen.getByRole('checkbox', { name: /Notwendig/ }) as HTMLInputElement;
    expect(necessary.checked && necessary.disabled).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Statistik' }) as HTMLInputElement).checked).toBe(false);
    expect((screen.getByRole('checkbox', { name: 'Marketing' }) as HTMLInputElement).checked).toBe(false);
    for (const name of ['Alle akzeptieren', 'Nur notwendige', 'Auswahl speichern'])
      expect(screen.getByRole('button', { name })).toBeTruthy();
    expect(document.activeElement).toBe(dialog); // focus moved into the banner
  });

  it('"Auswahl speichern" stores exactly the ticked categories and closes', () => {
    const store = createConsentStore({ storage: memory() });
    renderWithShop(<ConsentBanner store={store} />);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Marketing' }));
    fireEvent.click(screen.getByRole('button', { name: 'Auswahl speichern' }));
    expect(store.getState().choice).toEqual({ statistics: false, marketing: true });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('Escape does not dismiss an undecided banner', () => {
    renderWithShop(<ConsentBanner store={createConsentStore({ storage: memory() })} />);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('reopens with the current choice; Escape closes and focus returns to the opener', () => {
    const store = createConsentStore({ storage: memory() });
    store.getState().save({ statistics: true, marketing: false });
    renderWithShop(
      <>
        <button type="button" onClick={() => store.getState().reopen()}>
          Cookie-Einstellungen öffnen
        </button>
        <ConsentBanner store={store} />
      </>,
    );
    const opener = screen.getByRole('button', { name: 'Cookie-Einstellungen öffnen' });
    opener.focus();
    fireEvent.click(opener);
    expect((screen.getByRole('checkbox', { name: 'Statistik' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
    expect(store.getState().choice).toEqual({ statistics: true, marketing: false });
  });
});

describe('consent root (banner -> SDK consent queue)', () => {
  let layer: unknown[];
  beforeEach(() => {
    layer = [];
    (window as unknown as { dataLayer: unknown[] }).dataLayer = layer;
  });
  afterEach(() => {
    delete (window as unknown as { dataLayer?: unknown[] }).dataLayer;
  });
  const events = () => layer.map((entry) => (entry as { event?: string }).event).filter(Boolean);

  it('holds events until "Alle akzeptieren", releases them ~200 ms later, drops them after withdrawal', async () => {
    const store = createConsentStore({ storage: memory() });
    const { sdk, reports } = renderWithShop(
      <>
        <ConsentBanner store={store} />
        <ConsentRoot store={store} />
      </>,
    );
    await screen.findByRole('dialog');
    const item = { item_id: 'FKZ-001', item_name: 'Funschild', price: 14.9, quantity: 1 };
    sdk.tracker.track('view_item', { items: [item] });
    expect(events()).toEqual([]);
    const granted = Date.now();
    fireEvent.click(screen.getByRole('button', { name: 'Alle akzeptieren' }));
    await waitFor(() => expect(events()).toEqual(['view_item']), { timeout: 1000 });
    expect(Date.now() - granted).toBeGreaterThanOrEqual(190);

    act(() => store.getState().rejectAll());
    sdk.tracker.track('add_to_cart', { items: [item] });
    await new Promise((done) => setTimeout(done, 300));
    expect(events()).toEqual(['view_item']);
    // jsdom has no service workers: the spec's message is reported, nothing breaks.
    expect(reports.map((report) => report.message)).toContain(
      'Service workers are disabled or not supported by this browser',
    );
  });

  it("the footer's 'Cookie-Einstellungen' reopens the decided banner", async () => {
    const store = createConsentStore({ storage: memory() });
    store.getState().rejectAll();
    renderWithShop(<ConsentBanner store={store} />);
    await waitFor(() => expect(store.getState().open).toBe(false));
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => openConsentSettings());
    expect(await screen.findByRole('dialog', { name: 'Cookie-Einstellungen' })).toBeTruthy();
  });

  it('the services render nothing themselves (the hidden template has no banner)', async () => {
    const { reports } = renderWithShop(<ConsentRoot store={createConsentStore({ storage: memory() })} />);
    await waitFor(() => expect(reports.length).toBeGreaterThan(0));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
