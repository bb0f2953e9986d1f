// The shop of the storefront's fault tests: the real API (in-memory database), a relay in front of it that records
// and injects faults (./apiRelay.ts), and the built storefront calling the API through the relay.
import { type RunningApi, startApi } from '@lp/api';
import {
  type RunningStorefront,
  type StorefrontOptions,
  startStorefront,
} from '../../packages/storefront/server/index';
import { ensureStorefrontBuilt } from '../storefront/storefrontWorld';
import { type ApiRelay, startApiRelay } from './apiRelay';

export interface RelayedShop {
  api: RunningApi;
  relay: ApiRelay;
  shop: RunningStorefront;
  close(): Promise<void>;
}

/** Starts the three; `options` are the storefront's (its `apiUrl` is the relay's). */
export async function startRelayedShop(
  options: Omit<StorefrontOptions, 'port' | 'apiUrl'>,
): Promise<RelayedShop> {
  ensureStorefrontBuilt();
  const api = await startApi({ port: 0, dataDir: 'memory', rateLimit: false });
  const relay = await startApiRelay(api.url);
  const shop = await startStorefront({ port: 0, apiUrl: relay.url, ...options });
  return {
    api,
    relay,
    shop,
    async close() {
      await shop.close();
      await relay.close();
      await api.close();
    },
  };
}
