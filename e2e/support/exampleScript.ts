// An example's start script run as its `pnpm start` runs it, for the examples' smoke tests.
import { type ChildProcess, spawn } from 'node:child_process';

export interface StartedExample {
  /** The script's process: kill it in `afterAll` (it runs servers until then). */
  child: ChildProcess;
  /** The match of `ready` in what the script printed (its URLs); rejects with the output if the script exits first. */
  printed: Promise<RegExpExecArray>;
}

/**
 * Starts `start.ts` in the example folder `dir` on a free port (PORT=0), with the packages' sources and tsx.
 *
 * @example
 * const example = startExampleScript(dir, /web-components example: (http:\/\/\S+?)\/? /);
 * const [, pageUrl] = await example.printed;
 */
export function startExampleScript(dir: string, ready: RegExp): StartedExample {
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'start.ts'], {
    cwd: dir,
    env: { ...process.env, PORT: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const printed = new Promise<RegExpExecArray>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const found = ready.exec(output);
      if (found) resolve(found);
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`start.ts exited with ${code}:\n${output}`)));
  });
  return { child, printed };
}
