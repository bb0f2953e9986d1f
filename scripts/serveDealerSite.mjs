// Serves examples/dealer-site on its own origin, under the embed guide's Content-Security-Policy (sent as a header,
// as a dealer's server would). The pages that carry the widget's tag are rewritten so the tag points at this
// machine's shop and API; every other file is served as it is.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import sirv from 'sirv';
import { widgetContentSecurityPolicy } from '../examples/dealer-site/contentSecurityPolicy.mjs';

const PAGES = {
  '/': 'index.html',
  '/index.html': 'index.html',
  '/schilderhalter.html': 'schilderhalter.html',
};

export async function serveDealerSite({ root, host, port, apiUrl, shopUrl }) {
  const folder = join(root, 'examples/dealer-site');
  const pages = new Map(
    Object.entries(PAGES).map(([path, file]) => [
      path,
      readFileSync(join(folder, file), 'utf8')
        .replaceAll('http://127.0.0.1:4000', apiUrl)
        .replaceAll('http://127.0.0.1:3000', shopUrl),
    ]),
  );
  const policy = widgetContentSecurityPolicy({ shop: shopUrl, api: apiUrl });
  const files = sirv(folder, { dev: false, etag: true });
  const server = createServer((req, res) => {
    res.setHeader('content-security-policy', policy);
    const page = pages.get(new URL(req.url ?? '/', 'http://x').pathname);
    if (page !== undefined) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
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
