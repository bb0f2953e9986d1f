// A real npm registry on loopback: verdaccio (a root dev dependency) on 127.0.0.1 with a random port, its storage,
// config and htpasswd in a temp folder. No uplinks: it serves only what is published to it, so a consumer points
// just its `@lp` scope here (`@lp:registry=`) and takes everything else from its usual registry.
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { runServer } from 'verdaccio';

const exec = promisify(execFile);

export interface LoopbackRegistry {
  /** `http://127.0.0.1:<port>/`, with the trailing slash npm expects. */
  url: string;
  /** `npm publish` of one tarball, authenticated as a throwaway user. */
  publish(tarball: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * Environment for a child process in the user's project: the caller's, minus what pnpm exported (`npm_config_*`
 * would configure npm) and what vitest set (`NODE_ENV=test` would make Vite bundle React's development build).
 */
export function npmEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^(npm_|VITEST|NODE_ENV$|TEST$)/i.test(name)),
  );
  return { ...env, ...extra };
}

function configYaml(dir: string): string {
  return `storage: ${JSON.stringify(join(dir, 'storage'))}
auth:
  htpasswd:
    file: ${JSON.stringify(join(dir, 'htpasswd'))}
    max_users: 1
uplinks: {}
packages:
  '@lp/*':
    access: $all
    publish: $authenticated
    unpublish: $authenticated
  '**':
    access: $all
    publish: $authenticated
web:
  enable: false
middlewares:
  audit:
    enabled: false
log:
  type: stdout
  format: pretty
  level: error
`;
}

/**
 * Starts verdaccio with its files in `dir` and signs up one throwaway user (its token is written to a userconfig in
 * `dir` that only the publishes read).
 *
 * @example
 * const registry = await startLoopbackRegistry(mkdtempSync(join(tmpdir(), 'lp-registry-')));
 * await registry.publish('.release/lp-sdk-0.1.0.tgz');
 * await registry.close();
 */
export async function startLoopbackRegistry(dir: string): Promise<LoopbackRegistry> {
  const configPath = join(dir, 'config.yaml');
  writeFileSync(configPath, configYaml(dir));
  const server = (await runServer(configPath)) as Server;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}/`;

  const password = `pw-${process.pid}-${Date.now()}`;
  const signUp = await fetch(`${url}-/user/org.couchdb.user:release`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'release', password }),
  });
  if (!signUp.ok) throw new Error(`verdaccio refused the sign-up: ${signUp.status} ${await signUp.text()}`);
  const { token } = (await signUp.json()) as { token: string };
  const userconfig = join(dir, 'publish.npmrc');
  writeFileSync(userconfig, `//127.0.0.1:${port}/:_authToken=${token}\n`);

  return {
    url,
    async publish(tarball) {
      await exec('npm', ['publish', tarball, '--registry', url, '--userconfig', userconfig], {
        cwd: dir,
        env: npmEnv(),
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
