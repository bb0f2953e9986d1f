import { createSdk } from '@lp/sdk';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { vi } from 'vitest';
import { AppProviders } from '../src/app/AppProviders';
import { readConfig, publicConfig } from '../src/config';
import { createShopData } from '../src/data/shopData';
import type { ErrorReport } from '../src/errors/errorReporter';
import { createErrorReporter } from '../src/errors/errorReporter';

/** Sets `window.matchMedia` so `(max-width: 767px)` answers `mobile`. */
export function setViewport(mobile: boolean) {
  window.matchMedia = vi.fn((query: string) => ({
    matches: mobile && query.includes('max-width'),
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
}

/**
 * Renders inside the app's providers with a real SDK (its cart store starts empty and calls nothing until
 * used; `fetch` decides what a cart call answers) and a reporter whose reports the test can read.
 */
export function renderWithShop(ui: ReactNode, options: { fetch?: typeof fetch; path?: string } = {}) {
  const reports: ErrorReport[] = [];
  const reporter = createErrorReporter([(report) => reports.push(report)]);
  const sdk = createSdk({ baseUrl: 'http://shop.test', storage: null, fetch: options.fetch, retries: 0 });
  const config = publicConfig(readConfig({}));
  const data = createShopData(sdk, { UniqueId: 1001, Alias: 'lp-de', Name: 'Kennzeichen-Profi' }, config);
  const result = render(
    <AppProviders value={{ sdk, data, config, reporter }}>
      <MemoryRouter initialEntries={[options.path ?? '/']}>{ui}</MemoryRouter>
    </AppProviders>,
  );
  return { ...result, sdk, reporter, reports };
}
