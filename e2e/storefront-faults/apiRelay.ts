// Failure injection: a tiny HTTP relay between the storefront and the real API. It records what each request
// carried and, on demand, holds requests (a slow API), drops them (an API that went away) or answers 500 (an API
// error); `affects` narrows that to some requests (e.g. only the cart read).
import { type IncomingHttpHeaders, type Server, createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';

export type RelayMode = 'pass' | 'hold' | 'drop' | 'fail';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
}

export interface ApiRelay {
  url: string;
  mode: RelayMode;
  /** Which requests the mode breaks, by path and query; all when unset. */
  affects?: ((url: string) => boolean) | undefined;
  recorded: RecordedRequest[];
  close(): Promise<void>;
}

export async function startApiRelay(apiUrl: string): Promise<ApiRelay> {
  const target = new URL(apiUrl);
  const relay: ApiRelay = { url: '', mode: 'pass', recorded: [], close: async () => {} };
  const server: Server = createServer((req, res) => {
    relay.recorded.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
    const broken = relay.affects ? relay.affects(req.url ?? '') : true;
    if (broken && relay.mode === 'hold') return; // never answers; the storefront must give up on its own
    if (broken && relay.mode === 'drop') return void req.socket.destroy();
    if (broken && relay.mode === 'fail') {
      res.writeHead(500, { 'content-type': 'application/json' });
      return void res.end('{"status":500,"code":"internal","message":"injected failure"}');
    }
    const forward = request(
      {
        hostname: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', () => done()));
  relay.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  relay.close = () =>
    new Promise<void>((done) => {
      server.closeAllConnections();
      server.close(() => done());
    });
  return relay;
}
