// Session 12 soak audit: slow and silent clients against both servers. Fastify leaves Node's request deadline off
// and sets no idle timeout, and Node waits 60 s for headers and checks only every 30 s: a connection that sent
// nothing, or its headers a byte at a time (slowloris), was held for up to 90 s (measured 85 s), a body sent a byte
// every few seconds for good. Both servers now answer 408 and close such a connection within their 20 s header
// deadline (checked every 5 s). Raw sockets on loopback; one wait of ~25 s for all of them together.
import { connect } from 'node:net';
import { type RunningApi, startApi } from '@lp/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningStorefront, startStorefront } from '../../packages/storefront/server/index';
import { ensureStorefrontBuilt } from '../storefront/storefrontWorld';

let api: RunningApi;
let shop: RunningStorefront;
beforeAll(async () => {
  ensureStorefrontBuilt();
  api = await startApi({ port: 0, dataDir: 'memory', rateLimit: false });
  shop = await startStorefront({ port: 0, apiUrl: api.url, env: {} });
});
afterAll(async () => {
  await shop?.close();
  await api?.close();
});

/** Waits at most this long for the server to close a connection; Node's defaults took 85 s. */
const WAIT_MS = 32_000;

interface Ending {
  closedAfterMs: number | undefined;
  answer: string;
}

/**
 * A raw connection to `url` that `behave` drives; settles when the server closes it (with what it sent) or after
 * WAIT_MS (closedAfterMs undefined: still open).
 */
function client(url: string, behave: (write: (text: string) => void) => () => void): Promise<Ending> {
  const { hostname, port } = new URL(url);
  return new Promise((settle) => {
    const started = Date.now();
    const socket = connect(Number(port), hostname);
    let answer = '';
    let stop = () => {};
    const give = (closedAfterMs: number | undefined) => {
      clearTimeout(deadline);
      stop();
      socket.destroy();
      settle({ closedAfterMs, answer });
    };
    const deadline = setTimeout(() => give(undefined), WAIT_MS);
    socket.on('connect', () => {
      stop = behave((text) => {
        if (!socket.destroyed) socket.write(text);
      });
    });
    socket.on('data', (chunk) => {
      answer += chunk.toString('latin1');
    });
    socket.on('error', () => {});
    socket.on('close', () => give(Date.now() - started));
  });
}

/** Sends nothing at all. */
const silent = () => () => {};

/** Starts a request and sends its headers one byte a second, never finishing them. */
const slowloris = (write: (text: string) => void) => {
  const text = `GET /health HTTP/1.1\r\nHost: shop.example\r\nX-Pad: ${'a'.repeat(500)}`;
  let sent = 0;
  const timer = setInterval(() => write(text[sent++ % text.length]!), 1000);
  return () => clearInterval(timer);
};

describe('slow and silent clients', () => {
  it(
    'the API and the storefront answer 408 and close a silent connection and a slowloris within 30 s',
    async () => {
      const endings = await Promise.all(
        [api.url, shop.url].flatMap((url) => [client(url, silent), client(url, slowloris)]),
      );
      for (const ending of endings) {
        expect(ending.closedAfterMs, 'closed by the server').toBeDefined();
        expect(ending.closedAfterMs).toBeLessThan(30_000);
        expect(ending.answer).toMatch(/^HTTP\/1\.1 408 /);
      }
      // Real clients are unaffected: both still serve.
      expect((await fetch(`${api.url}/health`)).status).toBe(200);
      expect((await fetch(`${shop.url}/health`)).status).toBe(200);
    },
    WAIT_MS + 10_000,
  );
});
