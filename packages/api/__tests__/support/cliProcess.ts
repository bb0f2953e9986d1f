import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const API_DIR = fileURLToPath(new URL('../..', import.meta.url));
const CLI = fileURLToPath(new URL('../../src/cli.ts', import.meta.url));

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface RunningCli {
  /** The API's URL once it printed "listening on" (undefined for a command that exits). */
  url: string | undefined;
  output(): CliRun;
  exited: Promise<CliRun>;
  stop(): Promise<CliRun>;
}

/** Processes started and not yet exited: `killAll` in a test's afterAll, so a failed test leaves none behind. */
const children = new Set<ChildProcess>();
export const killAll = () => {
  for (const child of children) child.kill('SIGKILL');
};

/**
 * `lp-api <args>` as a real process from the sources (as `pnpm lp-api` runs it), with `env` plus PATH. Resolves
 * when it exits, or, for a start of the API, once it listens.
 */
export function lpApi(args: string[], env: Record<string, string>): Promise<RunningCli> {
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', CLI, ...args], {
    cwd: API_DIR,
    env: { PATH: process.env.PATH ?? '', ...env },
  });
  children.add(child);
  let stdout = '';
  let stderr = '';
  const output = () => ({ code: child.exitCode, stdout, stderr });
  const exited = new Promise<CliRun>((resolve) =>
    child.once('exit', (code) => {
      children.delete(child);
      resolve({ code, stdout, stderr });
    }),
  );
  return new Promise((resolve) => {
    const running = (url: string | undefined): RunningCli => ({
      url,
      output,
      exited,
      stop: () => {
        child.kill('SIGTERM');
        return exited;
      },
    });
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
      const url = /listening on (http:\S+)/.exec(stdout)?.[1];
      if (url) resolve(running(url));
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    void exited.then(() => resolve(running(undefined)));
  });
}
