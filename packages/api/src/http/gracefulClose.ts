import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** How long requests still running when the API closes may take before their connections are cut. */
export const CLOSE_GRACE_MS = 5000;

/** How often, while closing, connections whose request has just been answered are looked for. */
const SWEEP_MS = 50;

/**
 * Makes `app.close()` end promptly whoever holds a connection, while requests in flight still get their answer.
 *
 * Node's `server.close()` (Fastify's default `forceCloseConnections: 'idle'`) ends only connections whose last request
 * is answered, and then waits for every other one:
 * - a connection that never carried a request: undici opens a spare one after an aborted fetch and keeps it for the
 *   server's keep-alive time (72 s), browsers open some ahead of need;
 * - a connection whose request is answered after closing began: it stays open for keep-alive (72 s).
 *
 * So a restart (or a test's `afterAll`) waited over a minute. Here the first kind is closed at once, the second once
 * its answer is out, and whatever is left after {@link CLOSE_GRACE_MS} (a request still running, half-sent headers)
 * is cut. (`forceCloseConnections: true` would cut requests in flight as well.)
 */
export function installGracefulClose(app: FastifyInstance, graceMs = CLOSE_GRACE_MS): void {
  const { server } = app;
  const connections = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    connections.add(socket);
    socket.once('close', () => connections.delete(socket));
  });
  app.addHook('preClose', (done) => {
    if (!server.listening) return done();
    // Not one byte received: no request has started on it.
    for (const socket of connections) if (socket.bytesRead === 0) socket.destroy();
    const sweep = setInterval(() => server.closeIdleConnections(), SWEEP_MS);
    const deadline = setTimeout(() => server.closeAllConnections(), graceMs);
    sweep.unref();
    deadline.unref();
    server.once('close', () => {
      clearInterval(sweep);
      clearTimeout(deadline);
    });
    done();
  });
}
