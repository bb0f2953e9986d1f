import type { FastifyInstance } from 'fastify';
import { createApi } from './createApi';
import type { ApiOptions } from './options';

export interface RunningApi {
  url: string;
  app: FastifyInstance;
  close(): Promise<void>;
}

/** Creates the API and listens (port 0 = random). `startApi({ port: 0, dataDir: 'memory' })` suits tests. */
export async function startApi(options: ApiOptions = {}): Promise<RunningApi> {
  const app = await createApi(options);
  const host = options.host ?? '127.0.0.1';
  try {
    await app.listen({ port: options.port ?? 4000, host });
  } catch (error) {
    // A port in use: close the database opened for nothing (PGlite's folder is left as a clean stop leaves it).
    await app.close().catch(() => undefined);
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const shownHost = host.includes(':') ? `[${host}]` : host === '0.0.0.0' ? '127.0.0.1' : host;
  return { url: `http://${shownHost}:${port}`, app, close: () => app.close() };
}
