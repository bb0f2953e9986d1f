// Session 22 (split from startCluster.mjs): what `pnpm start:cluster` prints once the cluster serves: its URLs, the
// processes with their pids, the database (password hidden) and nginx.conf.

/** The running cluster's table for the terminal (a `RunningCluster` of startCluster.mjs). */
export function clusterSummary(cluster) {
  const rows = [
    ['Shop (nginx -> storefronts)', cluster.shopUrl],
    ['Configurator widget', `${cluster.shopUrl}/number-banner`],
    ['Dealer example (2nd origin)', cluster.dealerUrl],
    ['Shop API (nginx -> APIs)', cluster.apiUrl],
    ['Internal API (storefronts)', cluster.internalApiUrl],
    ...cluster.processes.map((p) => [`  ${p.name} (pid ${p.pid})`, p.url]),
    ['Database', cluster.databaseUrl.replace(/:[^:@/]+@/, ':***@')],
    ['nginx.conf', cluster.nginxConf],
  ];
  return `\nlp-shop cluster is running:\n${rows.map(([name, url]) => `  ${name.padEnd(29)}${url}`).join('\n')}\n\nPress Ctrl+C to stop.\n`;
}
