/**
 * A real nginx for api/test/nginx-accel.test.ts and scripts/bench/downloads.ts: its own temp folder and config
 * (standaloneNginxConfig), one process in the foreground on a free loopback port, stopped and removed by stop().
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { standaloneNginxConfig } from '../src/nginx/nginx-config';

/** Debian's nginx; NGINX_PATH names another. */
export const NGINX_PATH = process.env.NGINX_PATH || '/usr/sbin/nginx';

export function nginxInstalled(nginxPath: string = NGINX_PATH): boolean {
  return existsSync(nginxPath);
}

export interface RunningNginx {
  /** http://127.0.0.1:<port> */
  base: string;
  port: number;
  /** The folder with nginx.conf, the logs and the temp files. */
  dir: string;
  config: string;
  errorLog(): string;
  stop(): Promise<void>;
}

/** A loopback port nothing listens on now (for a server started right after). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Whether something accepts connections on the loopback port. */
export function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** `servers` gets the address to listen on and nginx's own folder (for a cache), and returns the http block's text. */
export async function startNginx(
  servers: (listen: string, dir: string) => string,
  options: { nginxPath?: string; startTimeoutMs?: number } = {},
): Promise<RunningNginx> {
  const nginxPath = options.nginxPath ?? NGINX_PATH;
  const dir = mkdtempSync(path.join(tmpdir(), 'studyhub-nginx-'));
  const port = await freePort();
  const config = standaloneNginxConfig(dir, servers(`127.0.0.1:${port}`, dir));
  const configFile = path.join(dir, 'nginx.conf');
  writeFileSync(configFile, config);
  const errorLog = () => {
    const file = path.join(dir, 'error.log');
    return existsSync(file) ? readFileSync(file, 'utf8') : '';
  };
  // -e: the error log before the config is read (else nginx opens /var/log/nginx/error.log first).
  const child = spawn(nginxPath, ['-p', `${dir}/`, '-e', path.join(dir, 'error.log'), '-c', configFile], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const spawnFailed = new Promise<Error>((resolve) => child.once('error', resolve));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + (options.startTimeoutMs ?? 10_000);
  for (;;) {
    const failure = await Promise.race([
      spawnFailed,
      new Promise<null>((resolve) => setTimeout(() => resolve(null), 20)),
    ]);
    if (failure || child.exitCode !== null || Date.now() > deadline) {
      const why = failure
        ? String(failure)
        : child.exitCode !== null
          ? `exited ${child.exitCode}`
          : 'timed out';
      const log = `${stderr}${errorLog()}`;
      await stop();
      throw new Error(`nginx did not start (${why}):\n${log}\n${config}`);
    }
    if (await accepts(port)) break;
  }
  return { base: `http://127.0.0.1:${port}`, port, dir, config, errorLog, stop };
}
