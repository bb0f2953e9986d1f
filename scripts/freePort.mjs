// A free TCP port on 127.0.0.1, for the scripts, benches and tests that start servers on ports chosen up front (a
// child process told its port, an origin an API must allow before the server at it runs). The port is free when
// the probe closes; something else may take it before the caller listens, which callers that care retry.
import { createServer } from 'node:net';

/** Resolves with a port nothing listened on a moment ago; the probe never keeps the process alive. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}
