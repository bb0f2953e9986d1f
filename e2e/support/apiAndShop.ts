import { type ApiOptions, type RunningApi, startApi } from '@lp/api';
import {
  type RunningStorefront,
  type StorefrontOptions,
  startStorefront,
} from '../../packages/storefront/server/index';
import { freePort } from '../../scripts/freePort.mjs';

/**
 * The real API (fresh in-memory database, no rate limit) and the built storefront against it, where the API knows
 * the storefront's origin up front: its CORS answers the shop's pages (the print editor draws an uploaded picture
 * from the API's `/uploads/`) and the payment sandbox sends shoppers back to it. The port is found free and then
 * taken by the storefront a moment later; on a busy machine another process may take it in between, so that case
 * starts over with a new port (only EADDRINUSE: any other start-up failure is reported as it is).
 */
export async function startApiAndShop(
  options: { api?: ApiOptions; shop?: StorefrontOptions } = {},
): Promise<{ api: RunningApi; shop: RunningStorefront }> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const shopOrigin = `http://127.0.0.1:${port}`;
    const api = await startApi({
      port: 0,
      dataDir: 'memory',
      rateLimit: false,
      corsOrigins: [shopOrigin],
      ...options.api,
    });
    try {
      const shop = await startStorefront({ port, apiUrl: api.url, env: {}, ...options.shop });
      return { api, shop };
    } catch (error) {
      await api.close();
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || attempt >= 5) throw error;
    }
  }
}
