import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import { headers } from '@lp/sdk/contract';
import type { Server } from 'node:http';
import Fastify, { type FastifyHttpOptions, type FastifyInstance } from 'fastify';
import { accountRoutes } from './account/accountRoutes';
import { cartRoutes } from './cart/cartRoutes';
import { catalogueRoutes } from './catalogue/catalogueRoutes';
import { clientErrorRoutes } from './clientErrors/clientErrorRoutes';
import { contentRoutes } from './content/contentRoutes';
import type { ApiContext } from './context';
import { couponRoutes } from './coupons/couponRoutes';
import type { Db } from './db/Db';
import { openDb } from './db/openDb';
import { dbFileStore } from './files/fileStore';
import { clientErrorHandler, frameworkErrors, installErrorHandlers } from './http/errorHandler';
import { HealthSchema, responses } from './http/schemas';
import { installJsonParser } from './http/jsonParser';
import { installQueryKeyNormaliser } from './http/queryKeys';
import { installValidatorCompiler } from './http/validatorCompiler';
import { installXsrf } from './http/xsrf';
import { createClientAddress } from './limits/clientAddress';
import { createHitCounter } from './limits/hitCounter';
import { BODY_LIMIT, type ApiOptions, DEFAULT_CORS_ORIGINS, DEFAULT_RATE_LIMIT } from './options';
import { orderRoutes } from './orders/orderRoutes';
import { defaultDataDir, defaultUploadDir } from './paths';
import { paymentRoutes } from './payments/paymentRoutes';
import { registerHelmet } from './plugins/helmet';
import { registerRateLimit } from './plugins/rateLimit';
import { registerUnderPressure } from './plugins/underPressure';
import { printRoutes } from './print/printRoutes';
import { seedData } from './seed/data/index';
import { seed } from './seed/seed';
import { shippingRoutes } from './shipping/shippingRoutes';
import { uploadRoutes } from './uploads/uploadRoutes';

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
    corsOrigins: options.corsOrigins ?? DEFAULT_CORS_ORIGINS,
    publicUrl: options.publicUrl,
    files: dbFileStore(db),
    hits: createHitCounter(db),
    clientAddress: createClientAddress(options.proxySecret),
    // A throwaway in-memory database has no earlier uploads to import.
    legacyUploadDir:
      options.uploadDir ?? (dataDir === 'memory' && !options.databaseUrl ? undefined : defaultUploadDir()),
  };

  const serverOptions: FastifyHttpOptions<Server> = {
    logger: options.logger ?? false,
    bodyLimit: BODY_LIMIT,
    // spec 7 callers vary in case (getCart vs getcart); trailing slashes are forgiven too.
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true, maxParamLength: 200 },
    // DESIGN 2: errors found before routing (broken URL encoding, malformed HTTP) also answer in the contract's shape.
    frameworkErrors,
    clientErrorHandler,
    // Behind a reverse proxy, client addresses and the protocol come from X-Forwarded-* headers, believed only from
    // the configured proxies (a list of addresses or a hop count); the storefront proves itself with proxySecret.
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
  await registerHelmet(app);
  // Like the rate limit, off for throwaway in-memory databases (test suites lag on a busy machine) unless asked for.
  const shedding = options.loadShedding ?? (dataDir === 'memory' && !options.databaseUrl ? false : {});
  if (shedding) await registerUnderPressure(app, shedding);
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
    const hits = db.kind === 'pg' ? ctx.hits : undefined;
    await registerRateLimit(app, { ...limit, hits, clientAddress: ctx.clientAddress });
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
  app.get('/health', { schema: { response: responses({ 200: HealthSchema }) } }, async () => ({
    status: 'ok',
    database: db.kind,
  }));
  return app;
}
