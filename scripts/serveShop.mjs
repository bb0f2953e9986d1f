// Starts the shop origin: the server-rendered storefront when it is built, otherwise a minimal page that hosts
// the widget elements (so the configurator works before the storefront exists).
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import sirv from 'sirv';

export async function serveShop({ root, host, port, apiUrl, importBuilt }) {
  const storefrontServer = 'packages/storefront/dist/server/index.js';
  if (existsSync(join(root, storefrontServer))) {
    const { startStorefront } = await importBuilt(storefrontServer);
    return startStorefront({ host, port, apiUrl });
  }
  const widget = sirv(join(root, 'packages/widget/dist'), { dev: false, etag: true });
  const page = widgetDemoPage(apiUrl, `http://${host}:${port}`);
  const server = createServer((req, res) => {
    if (req.url?.startsWith('/widget/')) {
      req.url = req.url.slice('/widget'.length);
      return widget(req, res, () => res.writeHead(404).end('Not found'));
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
  });
  await new Promise((resolve) => server.listen(port, host, resolve));
  return {
    url: `http://${host}:${port}`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

function widgetDemoPage(apiUrl, shopUrl) {
  return `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>Configurator</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head><body>
<lp-banner-configurator></lp-banner-configurator>
<lp-plate-generator></lp-plate-generator>
<script src="/widget/lp-widget.js" data-api="${apiUrl}" data-company="lp-de" data-shop-url="${shopUrl}" async></script>
</body></html>`;
}
