import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import { IDEMPOTENCY_KEY_HEADER, headers } from '@lp/sdk/contract';
import type { Server } from 'node:http';
import Fastify, { type FastifyHttpOptions, type FastifyInstance } from 'fastify';
import { accountRoutes } from './account/accountRoutes';
import { recentAddressRoutes } from './account/recentAddressRoutes';
import { cartRoutes } from './cart/cartRoutes';
import { catalogueRoutes } from './catalogue/catalogueRoutes';
import { clientErrorRoutes } from './clientErrors/clientErrorRoutes';
import { contentRoutes } from './content/contentRoutes';
import type { ApiContext } from './context';
import { couponRoutes } from './coupons/couponRoutes';
import { createDealerRegistry } from './dealers/dealerRegistry';
import { dealerRoutes } from './dealers/dealerRoutes';
import type { Db } from './db/Db';
import { openDb } from './db/openDb';
import { einvoiceRoutes } from './einvoice/einvoiceRoutes';
import { dbFileStore } from './files/fileStore';
import { fulfilmentMailRoutes } from './fulfilment/fulfilmentMailRoutes';
import { ApiError } from './http/ApiError';
import { clientErrorHandler, frameworkErrors, installErrorHandlers } from './http/errorHandler';
import { installGracefulClose } from './http/gracefulClose';
import { HealthSchema, responses } from './http/schemas';
import { installJsonParser } from './http/jsonParser';
import { installQueryKeyNormaliser } from './http/queryKeys';
import { withRequestLog } from './http/requestLog';
import { SERVER_TIMEOUTS } from './http/serverTimeouts';
import { installValidatorCompiler } from './http/validatorCompiler';
import { installXsrf } from './http/xsrf';
import { createClientAddress, createStorefrontCheck } from './limits/clientAddress';
import { createHitCounter } from './limits/hitCounter';
import { BODY_LIMIT, type ApiOptions, DEFAULT_CORS_ORIGINS, DEFAULT_RATE_LIMIT } from './options';
import { orderRoutes } from './orders/orderRoutes';
import { outboxRoutes } from './outbox/outboxRoutes';
import { sandboxOutbox } from './outbox/sandboxOutbox';
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
import { withdrawalRoutes } from './withdrawals/withdrawalRoutes';

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
  const corsOrigins = options.corsOrigins ?? DEFAULT_CORS_ORIGINS;
  const configuredOrigins = new Set(corsOrigins);
  const dealers = createDealerRegistry(db, {
    onError: (error) => app.log.warn({ err: error }, 'registered dealers not reloaded'),
  });
  // Issue 13: mails go to the sandbox outbox (stored, shown at /sandbox/outbox) unless a transport is configured.
  const outbox = options.mailTransport ? undefined : sandboxOutbox(db);
  const ctx: ApiContext = {
    db,
    mail: options.mailTransport ?? outbox!,
    corsOrigins,
    dealers,
    // Issue 12: the configured origins plus the registered dealers' ones (from the database, so every process agrees).
    originAllowed: async (origin) => configuredOrigins.has(origin) || dealers.allowsOrigin(origin),
    publicUrl: options.publicUrl,
    files: dbFileStore(db),
    hits: createHitCounter(db),
    clientAddress: createClientAddress(options.proxySecret),
    // A throwaway in-memory database has no earlier uploads to import.
    legacyUploadDir:
      options.uploadDir ?? (dataDir === 'memory' && !options.databaseUrl ? undefined : defaultUploadDir()),
  };

  const serverOptions: FastifyHttpOptions<Server> = {
    logger: withRequestLog(options.logger),
    bodyLimit: BODY_LIMIT,
    // Slow or silent clients are cut (slowloris, a body a byte at a time, an answer never read).
    ...SERVER_TIMEOUTS,
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
  // Session 16: the confirmation mail is the invoice. A shop seeded before migration 025 has no seller data (the seed
  // never writes sample data into an existing shop): say so at every start until the operator has set it.
  const [seller] = await db.query<{ missing: boolean }>(
    'SELECT legal_name IS NULL OR vat_id IS NULL AS missing FROM companies WHERE id = $1',
    [seedData.company.UniqueId],
  );
  if (seller?.missing) {
    app.log.warn(
      'invoices name no seller: set companies.legal_name, street, postcode, city and vat_id (docs/learn/run-in-production.md)',
    );
  }
  app.decorate('db', db);
  app.addHook('onClose', async () => db.close());
  // Closing ends promptly also while clients hold connections (a restart, a test's afterAll).
  installGracefulClose(app);

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
    // An allowed origin is reflected; any other request gets no CORS headers (false: CORS off for it).
    origin: (origin: string | undefined, done: (error: Error | null, allow: string | false) => void) => {
      if (origin === undefined) return done(null, false);
      ctx.originAllowed(origin).then(
        (allowed) => done(null, allowed && origin),
        (error: Error) => done(error, false),
      );
    },
    credentials: false,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
    allowedHeaders: [headers.cartGuid, headers.xsrf, IDEMPOTENCY_KEY_HEADER, 'Content-Type'],
    exposedHeaders: [],
    maxAge: 600,
  });
  // Throwaway in-memory databases (tests of every package) are not rate-limited unless asked for.
  const limit =
    options.rateLimit ?? (dataDir === 'memory' && !options.databaseUrl ? false : DEFAULT_RATE_LIMIT);
  if (limit) {
    const hits = db.kind === 'pg' ? ctx.hits : undefined;
    await registerRateLimit(app, {
      searchMax: DEFAULT_RATE_LIMIT.searchMax,
      ...limit,
      hits,
      clientAddress: ctx.clientAddress,
      viaStorefront: createStorefrontCheck(options.proxySecret),
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
    recentAddressRoutes,
    clientErrorRoutes,
    dealerRoutes,
    withdrawalRoutes,
    fulfilmentMailRoutes,
    einvoiceRoutes,
  ]) {
    await app.register(async (scope) => routes(scope, ctx));
  }
  if (outbox) await app.register(async (scope) => outboxRoutes(scope, outbox));
  app.get('/health', { schema: { response: responses({ 200: HealthSchema }) } }, async () => ({
    status: 'ok',
    database: db.kind,
  }));
  // Readiness for a load balancer or orchestrator (docs/learn/run-in-production.md): /health says the process
  // lives; this says it can serve, i.e. its database answers within 2 s (else 503 `unavailable`). Before the
  // migrations have run the process does not listen at all.
  app.get('/health/ready', { schema: { response: responses({ 200: HealthSchema }) } }, async () => {
    const answered = await Promise.race([
      db.query('SELECT 1').then(
        () => true,
        () => false,
      ),
      new Promise<false>((resolve) => setTimeout(resolve, 2_000, false).unref()),
    ]);
    if (!answered) throw new ApiError(503, 'unavailable', 'The database does not answer.');
    return { status: 'ok' as const, database: db.kind };
  });
  return app;
}
