// Types of scripts/startCluster.mjs for the TypeScript tests that start the cluster (e2e/cluster).

export interface ClusterProcess {
  /** api-1, api-2, shop-1, shop-2: the value of nginx's X-Lp-Api-Instance / X-Lp-Shop-Instance header. */
  name: string;
  url: string;
  pid: number | undefined;
}

export interface RunningCluster {
  /** nginx in front of the storefront processes (the shop's public origin). */
  shopUrl: string;
  /** nginx in front of the API processes (public: dealer pages, payment returns). */
  apiUrl: string;
  /** nginx in front of the API processes for the storefronts only. */
  internalApiUrl: string;
  /** The dealer example page (examples/dealer-site) on an origin of its own. */
  dealerUrl: string;
  databaseUrl: string;
  dir: string;
  nginxConf: string;
  processes: ClusterProcess[];
  close(): Promise<void>;
}

export interface ClusterOptions {
  apis?: number;
  shops?: number;
  databaseUrl?: string;
  env?: Record<string, string>;
  echo?: boolean;
  /**
   * Told when a process exits while the cluster runs: `[cluster] api-2 (pid 123) exited (SIGKILL); nginx sends its
   * requests to the others.` @default a line on stderr
   */
  report?: (line: string) => void;
  /**
   * false: the caller stops the cluster on Ctrl+C/SIGTERM/SIGHUP (close() stops the database last). @default true:
   * the throwaway database removes itself on those signals.
   */
  signals?: boolean;
}

export function startCluster(options?: ClusterOptions): Promise<RunningCluster>;
export function freePort(): Promise<number>;
export function nginxConf(options: {
  dir: string;
  user: string | null;
  shopPort: number;
  apiPort: number;
  internalApiPort: number;
  apis: { name: string; port: number }[];
  shops: { name: string; port: number }[];
  proxySecret: string;
}): string;
/** An upstream block of the topology (least_conn, keep-alive), also used by `pnpm bench:api`. */
export function nginxUpstream(name: string, list: { port: number }[]): string;
