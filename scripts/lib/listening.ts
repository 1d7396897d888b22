import { spawn, type ChildProcessByStdio } from 'node:child_process';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { ROOT } from './apps';

const START_TIMEOUT_MS = 60_000;

export interface ListeningProcess {
  /** The address it printed, e.g. http://localhost:41234. */
  base: string;
  child: ChildProcessByStdio<null, Readable, Readable>;
  /** SIGTERM, and wait until it has exited. */
  stop(): Promise<void>;
}

/**
 * Starts a TypeScript program of the repository in a Node process of its own (through tsx) and resolves once it
 * prints the address it listens at (`… at http://…`). Past that line its standard output is dropped and its
 * errors go to this process's.
 */
export async function startListening(
  script: string,
  env: Record<string, string>,
  label = path.basename(script),
): Promise<ListeningProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
  };
  try {
    const base = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no start within ${START_TIMEOUT_MS} ms`)),
        START_TIMEOUT_MS,
      );
      const read = (chunk: Buffer) => {
        output += chunk.toString();
        const match = / at (http:\/\/[^\s"]+)/.exec(output);
        if (match) {
          clearTimeout(timer);
          // From here on its log is not kept (a server under load writes a line per request); errors still show.
          child.stdout.off('data', read).resume();
          child.stderr.off('data', read).pipe(process.stderr);
          resolve(match[1]!);
        }
      };
      child.stdout.on('data', read);
      child.stderr.on('data', read);
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`exited with ${code}`));
      });
    });
    return { base, child, stop };
  } catch (error) {
    await stop();
    throw new Error(`${label} did not start (${String(error)}):\n${output}`);
  }
}
