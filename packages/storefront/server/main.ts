// `pnpm start`: the storefront on PORT (default 3000) against API_URL (default http://127.0.0.1:4000).

// React picks its build by NODE_ENV when first loaded. Unset, the shop rendered every page with React's development
// build (its checks and warnings cost ~1.6x the server's CPU per page; decisions.md "Storefront pages under a crowd").
// Set before the server's modules load (hence the dynamic import); an operator's own NODE_ENV wins.
process.env.NODE_ENV ??= 'production';
const { startStorefront } = await import('./index');
// An ES module (the await above), though it exports nothing.
export {};

/** PORT as a port number; anything else stops the start with one line naming it (not a silent 3000). */
function port(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === '') return 3000;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 65_535) {
    process.stderr.write(`PORT must be a port number (0-65535), got '${raw}'.\n`);
    process.exit(1);
  }
  return value;
}

const host = process.env.HOST ?? '127.0.0.1';
const wanted = port(process.env.PORT);
const shop = await startStorefront({
  port: wanted,
  host,
  apiUrl: process.env.API_URL ?? 'http://127.0.0.1:4000',
}).catch((error: { code?: string; message?: string }) => {
  // One line for the operator, as the API's start says it (a setting it cannot read, such as TRUST_PROXY, names it).
  process.stderr.write(
    error.code === 'EADDRINUSE'
      ? `Port ${wanted} on ${host} is already in use (is the storefront already running?). Stop that process or set PORT to another port.\n`
      : `${error.message ?? error}\n`,
  );
  process.exit(1);
});
process.stdout.write(`Storefront listening on ${shop.url} (API ${shop.config.apiUrl})\n`);
if (!shop.config.siteUrl)
  process.stderr.write(
    `[warn] LP_SITE_URL is not set: canonical links, the sitemap and robots.txt name ${shop.url}, which search engines cannot reach behind a proxy. Set it to the shop's public origin, e.g. https://shop.example.de.\n`,
  );
// Without the secret the API counts every shopper behind this server as one client: 60 searches a minute for the
// whole shop, one mutation limit for all (docs/learn/run-in-production.md).
if (!process.env.LP_PROXY_SECRET?.trim())
  process.stderr.write(
    '[warn] LP_PROXY_SECRET is not set: the API counts every shopper behind this storefront as one client, so one busy shopper or bot reaches the search and mutation limits for all. Give the API and the storefront the same secret.\n',
  );
const stop = () => void shop.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
