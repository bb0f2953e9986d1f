import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import { headers } from '@lp/sdk/contract';
import type { Server } from 'node:http';
import Fastify, { type FastifyHttpOptions, type FastifyInstance } from 'fastify';
import { accountRoutes } from './account/accountRoutes';
import { CartCache } from './cart/cartCache';
import { cartRoutes } from './cart/cartRoutes';
import { catalogueRoutes } from './catalogue/catalogueRoutes';
import { clientErrorRoutes } from './clientErrors/clientErrorRoutes';
import { contentRoutes } from './content/contentRoutes';
import type { ApiContext } from './context';
import { couponRoutes } from './coupons/couponRoutes';
import type { Db } from './db/Db';
import { openDb } from './db/openDb';
import { ApiError } from './http/ApiError';
import { installErrorHandlers } from './http/errorHandler';
import { installJsonParser } from './http/jsonParser';
import { installQueryKeyNormaliser } from './http/queryKeys';
import { installValidatorCompiler } from './http/validatorCompiler';
import { installXsrf } from './http/xsrf';
import { BODY_LIMIT, type ApiOptions, DEFAULT_CORS_ORIGINS, DEFAULT_RATE_LIMIT } from './options';
import { orderRoutes } from './orders/orderRoutes';
import { defaultDataDir, defaultUploadDir } from './paths';
import { paymentRoutes } from './payments/paymentRoutes';
import { printRoutes } from './print/printRoutes';
import { seedData } from './seed/data/index';
import { seed } from './seed/seed';
import { shippingRoutes } from './shipping/shippingRoutes';
import { uploadRoutes } from './uploads/uploadRoutes';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyInstance {
    /** The API's database (tests and maintenance scripts; routes get it through their context). */
    db: Db;
  }
}

/**
 * Builds the reference shop API (DESIGN 6): opens and migrates the database, seeds the demo shop once, and
 * registers every endpoint of spec section 7. Call `listen` yourself or use `startApi`.
 */
export async function createApi(options: ApiOptions = {}): Promise<FastifyInstance> {
  const dataDir = options.dataDir ?? defaultDataDir();
  const db = await openDb({ databaseUrl: options.databaseUrl, dataDir });
  await seed(db, seedData);
  const ctx: ApiContext = {
    db,
    // One process owns an embedded database, so it may cache cart views; a shared server may not.
    cartCache: new CartCache(db.kind === 'pglite'),
    corsOrigins: options.corsOrigins ?? DEFAULT_CORS_ORIGINS,
    publicUrl: options.publicUrl,
    uploadDir:
      options.uploadDir ??
      (dataDir === 'memory' && !options.databaseUrl
        ? mkdtempSync(join(tmpdir(), 'lp-uploads-'))
        : defaultUploadDir()),
  };

  const serverOptions: FastifyHttpOptions<Server> = {
    logger: options.logger ?? false,
    bodyLimit: BODY_LIMIT,
    // spec 7 callers vary in case (getCart vs getcart); trailing slashes are forgiven too.
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true, maxParamLength: 200 },
    // Behind a reverse proxy, client addresses (rate limit) and the protocol come from X-Forwarded-* headers.
    trustProxy:
      typeof options.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (options.trustProxy as number)
        : (options.trustProxy ?? false),
  };
  const app = Fastify(serverOptions);
  app.decorate('db', db);
  app.addHook('onClose', async () => db.close());

  installValidatorCompiler(app);
  installErrorHandlers(app);
  installJsonParser(app, BODY_LIMIT);
  installQueryKeyNormaliser(app);
  await app.register(cookie);
  await app.register(cors, {
    origin: ctx.corsOrigins,
    credentials: false,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
    allowedHeaders: [headers.cartGuid, headers.xsrf, 'Content-Type'],
    exposedHeaders: [],
    maxAge: 600,
  });
  // Throwaway in-memory databases (tests of every package) are not rate-limited unless asked for.
  const limit =
    options.rateLimit ?? (dataDir === 'memory' && !options.databaseUrl ? false : DEFAULT_RATE_LIMIT);
  if (limit) {
    await app.register(rateLimit, {
      max: limit.max,
      timeWindow: limit.timeWindowMs,
      // Reads are cheap and cached by clients; only mutations are limited.
      allowList: (request) => SAFE_METHODS.has(request.method),
      errorResponseBuilder: (_request, context) =>
        new ApiError(429, `Too many requests; retry in ${Math.ceil(context.ttl / 1000)} s.`),
    });
  }
  installXsrf(app, ctx.publicUrl);

  for (const routes of [
    catalogueRoutes,
    contentRoutes,
    shippingRoutes,
    cartRoutes,
    orderRoutes,
    couponRoutes,
    paymentRoutes,
    printRoutes,
    uploadRoutes,
    accountRoutes,
    clientErrorRoutes,
  ]) {
    await app.register(async (scope) => routes(scope, ctx));
  }
  app.get('/health', async () => ({ status: 'ok', database: db.kind }));
  return app;
}
