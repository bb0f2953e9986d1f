import { type ApiOptions, startApi } from '@lp/api';
import { type Sdk, type SdkOptions, createMemoryStorage, createSdk } from '@lp/sdk';

/** A running reference API with a fresh in-memory database, and SDKs pointed at it. */
export interface ApiHandle {
  /** Origin of the API, e.g. `http://127.0.0.1:41395`. */
  url: string;
  /** A new SDK for the API: own app state (a new "browser"), no tracking layer, unless options say otherwise. */
  sdk(options?: SdkOptions): Sdk;
  close(): Promise<void>;
}

/**
 * Starts the real API on 127.0.0.1 with a random port, a fresh seeded in-memory database and no rate limit.
 * Close it in afterAll.
 *
 * @example
 * let api: ApiHandle;
 * beforeAll(async () => { api = await withApi(); });
 * afterAll(() => api.close());
 * const sdk = api.sdk();
 */
export async function withApi(options: ApiOptions = {}): Promise<ApiHandle> {
  const running = await startApi({
    port: 0,
    host: '127.0.0.1',
    dataDir: 'memory',
    rateLimit: false,
    ...options,
  });
  return {
    url: running.url,
    sdk: (sdkOptions = {}) =>
      createSdk({ baseUrl: running.url, storage: createMemoryStorage(), dataLayer: [], ...sdkOptions }),
    close: () => running.close(),
  };
}
