// CPU time of the load test's processes from /proc (loadTest.mjs): the API processes, the PostgreSQL server's tree
// and nginx's, read before and after each measured line.
import { readdirSync, readFileSync } from 'node:fs';
import pg from 'pg';

const TICK_US = 10_000; // Linux clock ticks are 10 ms (CLK_TCK 100)

function statFields(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name: [0] state, [1] ppid, ... [11] utime, [12] stime, [13] cutime, [14] cstime.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/** CPU µs of a process (all its threads). */
function processUs(pid) {
  const f = statFields(pid);
  return f ? (Number(f[11]) + Number(f[12])) * TICK_US : 0;
}

/**
 * CPU µs of a process tree one level deep: the parent, its live children, and the children it has reaped
 * (cutime/cstime), so a backend that ended between two readings still counts.
 */
function treeUs(parent) {
  const f = statFields(parent);
  if (!f) return 0;
  let total = (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) * TICK_US;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const child = statFields(entry);
    if (child && Number(child[1]) === parent) total += (Number(child[11]) + Number(child[12])) * TICK_US;
  }
  return total;
}

/** CPU µs so far of `pids`: { api: [pid, ...], postmaster?, nginx? }. */
export function cpuNow(pids) {
  return {
    api: pids.api.reduce((sum, pid) => sum + processUs(pid), 0),
    pg: pids.postmaster ? treeUs(pids.postmaster) : 0,
    nginx: pids.nginx ? treeUs(pids.nginx) : 0,
  };
}

/** The postmaster's pid: the parent of a backend of ours, when that backend runs on this machine. */
export async function findPostmaster(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query('SELECT pg_backend_pid() AS pid');
    const f = statFields(rows[0].pid);
    return f ? Number(f[1]) : null;
  } finally {
    await client.end();
  }
}
