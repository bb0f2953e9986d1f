import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** Files other sites load: the widget on dealer pages, product placeholder images, the SDK's browser build. */
const EMBEDDED_ELSEWHERE = ['/widget/', '/images/', '/sdk/'];
/** Pages other sites may frame (spec 2: the embeddable configurator); routes of their own (pageRoutes.ts). */
export const FRAMEABLE_PAGES = ['/number-banner'];

export interface SecurityHeadersOptions {
  /** The public API origin the browser calls directly (config.publicApiUrl), if any. */
  apiOrigin: string;
  /** The shop is served over https (config.siteUrl): then browsers are told to stay on https. */
  https: boolean;
}

/**
 * Security headers with @fastify/helmet on every answer of the storefront itself (the /api proxy passes the API's
 * own). No inline script or style anywhere (the boot data is a JSON block, not script); images may come from the
 * API's upload host, so img-src stays open. Call it on the root instance before any route is added.
 */
export async function securityHeaders(app: FastifyInstance, options: SecurityHeadersOptions): Promise<void> {
  const directives = {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'"],
    imgSrc: ['*', 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", ...(options.apiOrigin ? [options.apiOrigin] : [])],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
  };
  // The plugin's own per-route options (they replace the global ones of the same name), set before the plugin's
  // onRoute hook reads them.
  app.addHook('onRoute', (route) => {
    if (EMBEDDED_ELSEWHERE.some((prefix) => route.url.startsWith(prefix))) {
      route.helmet = { crossOriginResourcePolicy: { policy: 'cross-origin' } };
    } else if (FRAMEABLE_PAGES.includes(route.url)) {
      // spec 2: the configurator is framed by other sites.
      route.helmet = { contentSecurityPolicy: { useDefaults: false, directives }, xFrameOptions: false };
    }
  });
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      // Clickjacking: no other site may lay the cart, checkout or account under its own bait; the shop itself may.
      directives: { ...directives, frameAncestors: ["'self'"] },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    // The same for browsers without frame-ancestors.
    xFrameOptions: { action: 'sameorigin' },
    // Payment providers' popups (PayPal, wallets) talk back to the page that opened them.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    strictTransportSecurity: options.https,
  });
}
