// The processes the API load test measures (loadTest.mjs): the servers of benchServers.mjs, each in a process of
// its own, and nginx in front of two of them. killBenchProcesses ends whatever is left when the bench exits.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { ensureNginx } from '../../../scripts/ensureNginx.mjs';
import { freePort } from '../../../scripts/freePort.mjs';
import { nginxUpstream } from '../../../scripts/startCluster.mjs';

const children = [];

/** SIGKILLs every process started here that still runs. */
export const killBenchProcesses = () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
};

/**
 * Node's flags of the API process as its start script runs it (package.json `start`): a young generation of 32 MB
 * semi-spaces instead of 16, so the objects of requests in flight die young instead of being promoted (decisions.md).
 * Keep the two equal: the bench measures the API as it is started.
 */
const API_NODE_FLAGS = ['--max-semi-space-size=32'];

/** Starts benchServers.mjs in `mode` and answers { url, pid, stop }. */
export async function startServer(mode, env = {}) {
  // BENCH_PROF=1: a V8 CPU profile of each server process in /tmp/prof (open it in Chrome's DevTools).
  const prof = process.env.BENCH_PROF ? ['--cpu-prof', '--cpu-prof-dir=/tmp/prof'] : [];
  const flags = mode === 'api' ? API_NODE_FLAGS : [];
  const script = new URL('./benchServers.mjs', import.meta.url).pathname;
  const child = spawn(process.execPath, [...flags, ...prof, script, mode], {
    stdio: ['pipe', 'pipe', 'inherit'],
    env: { ...process.env, ...env },
  });
  children.push(child);
  const { url } = await new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the ${mode} bench server stopped (exit ${code})`)));
    createInterface({ input: child.stdout }).once('line', (line) => resolve(JSON.parse(line)));
  });
  child.removeAllListeners('exit');
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    url,
    pid: child.pid,
    stop: () => {
      child.stdin.end();
      return exited;
    },
  };
}

/** nginx on one port in front of `upstreams`, with the cluster's upstream block (scripts/startCluster.mjs). */
export async function startNginx(upstreams) {
  const bin = ensureNginx();
  if (!bin) throw new Error('nginx is not installed and could not be installed (apt-get install nginx).');
  const dir = mkdtempSync(join(tmpdir(), 'lp-bench-nginx-'));
  for (const sub of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(dir, sub));
  const port = await freePort();
  const user = process.getuid?.() === 0 ? `user ${userInfo().username};\n` : '';
  const conf = join(dir, 'nginx.conf');
  writeFileSync(
    conf,
    `${user}daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
${nginxUpstream(
  'lp_api',
  upstreams.map((url) => ({ port: Number(new URL(url).port) })),
)}
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://lp_api;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $remote_addr;
    }
  }
}
`,
  );
  const child = spawn(bin, ['-p', dir, '-e', join(dir, 'error.log'), '-c', conf], { stdio: 'inherit' });
  children.push(child);
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      await fetch(`${url}/health`);
      break;
    } catch (error) {
      if (i > 100 || child.exitCode !== null) throw new Error(`nginx did not start: ${error}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    url,
    pid: child.pid,
    stop: async () => {
      child.kill('SIGQUIT');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
