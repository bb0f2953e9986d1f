import { loadConfig } from './config';
import { startApi } from './startApi';

/** `node dist/cli.js`: reads the environment, starts the API and prints where it listens. */
async function main(): Promise<void> {
  const config = loadConfig();
  const api = await startApi(config);
  const store = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
  console.log(`lp-de API listening on ${api.url} (${store})`);
  const stop = () => {
    api.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
