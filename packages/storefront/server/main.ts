// `pnpm start`: the storefront on PORT (default 3000) against API_URL (default http://127.0.0.1:4000).
import { startStorefront } from './index';

const port = Number(process.env.PORT ?? 3000);
const shop = await startStorefront({
  port: Number.isInteger(port) && port >= 0 ? port : 3000,
  host: process.env.HOST ?? '127.0.0.1',
  apiUrl: process.env.API_URL ?? 'http://127.0.0.1:4000',
});
process.stdout.write(`Storefront listening on ${shop.url} (API ${shop.config.apiUrl})\n`);
const stop = () => void shop.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
