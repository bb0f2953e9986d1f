// The cluster topology (scripts/startCluster.mjs) balances with Debian's nginx; installs it when missing, like
// Chromium for the browser tests. Answers the nginx binary's path, or null when it cannot be had.
import { execSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CANDIDATES = ['/usr/sbin/nginx', '/usr/bin/nginx', '/usr/local/sbin/nginx'];

export function findNginx() {
  if (process.env.NGINX_PATH) return existsSync(process.env.NGINX_PATH) ? process.env.NGINX_PATH : null;
  const found = CANDIDATES.find((path) => existsSync(path));
  if (found) return found;
  const which = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' });
  return which.status === 0 && which.stdout.trim() ? which.stdout.trim() : null;
}

export function ensureNginx() {
  const present = findNginx();
  if (present) return present;
  const sudo = process.getuid?.() === 0 ? '' : 'sudo -n ';
  try {
    process.stdout.write('Installing nginx from Debian packages for the cluster topology...\n');
    // nginx-light would do too; `nginx` is the package every Debian release has under this name.
    execSync(`${sudo}apt-get update -qq && ${sudo}apt-get install -y -qq --no-install-recommends nginx`, {
      stdio: 'inherit',
      // RUNLEVEL=1: the package's install script must not start a system nginx on port 80 as well.
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive', RUNLEVEL: '1' },
    });
  } catch {
    process.stdout.write('Could not install nginx; the cluster test will fail.\n');
  }
  return findNginx();
}
