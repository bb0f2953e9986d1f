import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** Routes whose answers other sites embed: uploaded design images appear on dealer pages on other origins. */
const EMBEDDED_ELSEWHERE = ['/uploads/'];

/**
 * Security headers (@fastify/helmet) on every answer. The API answers JSON and images, so its default policy lets
 * a document load nothing and be framed by nobody; the sandbox payment page sends its own, wider policy (inline
 * style, forms that redirect to the shop), which wins over this one. Answers are same-origin resources, except the
 * uploaded images, which dealer sites show in `<img>` across origins.
 */
export async function registerHelmet(app: FastifyInstance): Promise<void> {
  // The plugin's own per-route option, set before the plugin's onRoute hook reads it.
  app.addHook('onRoute', (route) => {
    if (EMBEDDED_ELSEWHERE.some((prefix) => route.url.startsWith(prefix))) {
      route.helmet = { crossOriginResourcePolicy: { policy: 'cross-origin' } };
    }
  });
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"], baseUri: ["'none'"] },
    },
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
}
