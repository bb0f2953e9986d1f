// Closing the API ends promptly while clients hold connections (a restart; the e2e worlds' afterAll waited 70 s),
// and a request in flight still gets its answer.
import { connect } from 'node:net';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { CLOSE_GRACE_MS, installGracefulClose } from '../src/http/gracefulClose';
import { createApi, startApi } from '../src/index';

/** How long `close()` took, or `Infinity` when it had not ended after `limitMs` (the bug: 70 s). */
async function closeTime(close: () => Promise<void>, limitMs = 15_000): Promise<number> {
  const started = performance.now();
  const timeout = new Promise<'timeout'>((resolve) => setTimeout(resolve, limitMs, 'timeout').unref());
  const outcome = await Promise.race([close().then(() => 'closed' as const), timeout]);
  return outcome === 'closed' ? performance.now() - started : Number.POSITIVE_INFINITY;
}

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('closing the API while clients hold connections', () => {
  it('does not wait for a connection that never sent a request', async () => {
    const api = await startApi({ port: 0, dataDir: 'memory' });
    const socket = connect(Number(new URL(api.url).port), '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    const closed = new Promise((resolve) => socket.once('close', resolve));
    socket.on('error', () => undefined);

    expect(await closeTime(() => api.close())).toBeLessThan(CLOSE_GRACE_MS);
    await closed;
  });

  it('does not wait for the spare connection undici keeps after an aborted fetch', async () => {
    const api = await startApi({ port: 0, dataDir: 'memory' });
    await (await fetch(`${api.url}/api/health`)).text();
    // The next fetch needs a new connection; aborted while it is made, undici keeps one that carries no request.
    api.app.server.closeIdleConnections();
    await settle(50);
    const controller = new AbortController();
    const aborted = fetch(`${api.url}/api/health`, { signal: controller.signal }).catch((error) => error);
    setTimeout(() => controller.abort(), 0);
    expect(await aborted).toMatchObject({ name: 'AbortError' });
    await settle(200);

    expect(await closeTime(() => api.close())).toBeLessThan(CLOSE_GRACE_MS);
  });

  it('answers a request in flight, then closes its connection instead of keeping it alive', async () => {
    const app = await createApi({ dataDir: 'memory' });
    let release = () => {};
    let arrived = () => {};
    const inHandler = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    app.get('/test/slow', async () => {
      arrived();
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return { done: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const answer = fetch(`http://127.0.0.1:${port}/test/slow`).then(async (r) => [r.status, await r.json()]);
    await inHandler;

    const closing = closeTime(() => app.close());
    await settle(100);
    release();
    expect(await answer).toEqual([200, { done: true }]);
    expect(await closing).toBeLessThan(CLOSE_GRACE_MS);
  });

  it('cuts a request still running after the grace time', async () => {
    const app = Fastify();
    installGracefulClose(app, 300);
    app.get('/never', () => new Promise(() => {}));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const answer = fetch(`http://127.0.0.1:${port}/never`).catch((error) => error);
    await settle(100);

    expect(await closeTime(() => app.close())).toBeLessThan(3000);
    expect(await answer).toBeInstanceOf(TypeError);
  });
});
