// Serves examples/dealer-site on its own origin. Only index.html is rewritten, so its one script tag points at
// this machine's shop and API; every other file is served as it is.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import sirv from 'sirv';

export async function serveDealerSite({ root, host, port, apiUrl, shopUrl }) {
  const folder = join(root, 'examples/dealer-site');
  const html = readFileSync(join(folder, 'index.html'), 'utf8')
    .replaceAll('http://127.0.0.1:4000', apiUrl)
    .replaceAll('http://127.0.0.1:3000', shopUrl);
  const files = sirv(folder, { dev: false, etag: true });
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path === '/' || path === '/index.html') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
      return;
    }
    files(req, res, () => res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found'));
  });
  await new Promise((resolve) => server.listen(port, host, resolve));
  return {
    url: `http://${host}:${port}`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
