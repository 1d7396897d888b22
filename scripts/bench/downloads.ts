/**
 * `npm run bench -- --only downloads`: note downloads (decision 015). One `fileMb` PDF, fetched 8 at a time over
 * loopback (aggregate MB/s of a round: 8 × the file over the round's wall time) from three servers:
 *   - Node: StudyHub at `base` streams it (reply.sendFile);
 *   - nginx: Debian's nginx serves the same stored file statically with sendfile, the yardstick;
 *   - behind nginx: that nginx in front of a second StudyHub process on the same DATA_DIR with
 *     DOWNLOAD_ACCEL_PREFIX (docs/deploy-behind-nginx.md): the API checks, nginx sends the bytes.
 * The downloads are signed in (the bearer header), as a student's are. After a warm-up round of each (which also
 * checks every server sends the right bytes), rounds go A B C A B C… so drift on the machine hits all three
 * alike; each figure is the median of 5 rounds. The client runs in this process (node:http, counting bytes).
 * Prints nothing; returns lines. Without nginx, only Node is measured and a line says why.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, readdirSync, statSync } from 'node:fs';
import { Agent, request } from 'node:http';
import path from 'node:path';
import { nginxSiteConfig } from '@studyhub/tooling/nginx';
import {
  NGINX_PATH,
  nginxInstalled,
  startNginx,
  type RunningNginx,
} from '@studyhub/tooling/test-support/standalone-nginx';
import { startListening } from '../lib/listening';

export interface StartedServer {
  /** Where it listens, e.g. http://localhost:41234. */
  base: string;
  stop(): Promise<void>;
}

export interface BenchDownloadsOptions {
  /** Where StudyHub listens (http://localhost:… is loaded as 127.0.0.1). */
  base: string;
  /** A session token of an admin: uploads the file if needed, then downloads it. */
  token: string;
  /** That server's FILES_DIR. */
  filesDir: string;
  /** Size of the PDF, in MB (at most the server's UPLOAD_MAX_MB). */
  fileMb: number;
  /** That server's DATA_DIR (its database and JWT secret); default: the folder holding filesDir, the default layout. */
  dataDir?: string;
  /**
   * Starts the second StudyHub server, the one behind nginx, with these variables on top of the first one's
   * environment. Default: `node --import tsx api/src/server.ts` with process.env and them, as scripts/bench.ts
   * does; pass one when the first server got its database or JWT secret from variables this process does not
   * have (DATABASE_URL, JWT_SECRET), or the token would not be valid there.
   */
  startServer?: (env: Record<string, string>) => Promise<StartedServer>;
}

const MB = 1024 * 1024;
const PARALLEL = 8;
const ROUNDS = 5;
const PREFIX = '/_files/';
const UNIT_QUERY = 'branch=CSE&year=Third%20Year&semester=5&subject=CS-501&unit=3';
const UNIT_PATH = '/api/download/CSE/Third_Year/Semester_5/CS-501/3';
const REPRODUCE = '(reproduce: npm run bench -- --only downloads)';

const loopback = (base: string) => base.replace('//localhost:', '//127.0.0.1:').replace(/\/+$/, '');
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const rate = (mbPerS: number) => Math.round(mbPerS).toLocaleString('en-US');
const ratio = (value: number, of: number) => (value / of).toFixed(2);

/** One GET over `agent`: its status, headers and byte count (and a sha256 of the bytes when asked). */
function get(
  url: string,
  headers: Record<string, string>,
  agent: Agent,
  hash = false,
): Promise<{ status: number; headers: Record<string, unknown>; bytes: number; sha256?: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers, agent }, (res) => {
      const digest = hash ? createHash('sha256') : null;
      let bytes = 0;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        digest?.update(chunk);
      });
      res.on('end', () =>
        resolve({ status: res.statusCode!, headers: res.headers, bytes, sha256: digest?.digest('hex') }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** PARALLEL downloads at once; the aggregate MB/s. Every one must be a 200 with the whole file. */
async function round(url: string, headers: Record<string, string>, size: number): Promise<number> {
  const agent = new Agent({ keepAlive: true, maxSockets: PARALLEL });
  try {
    const started = performance.now();
    const replies = await Promise.all(Array.from({ length: PARALLEL }, () => get(url, headers, agent)));
    const seconds = (performance.now() - started) / 1000;
    for (const reply of replies) {
      if (reply.status !== 200 || reply.bytes !== size) {
        throw new Error(
          `${url} answered ${reply.status} with ${reply.bytes} bytes, not the ${size} of the file`,
        );
      }
    }
    return (PARALLEL * size) / MB / seconds;
  } finally {
    agent.destroy();
  }
}

function sha256File(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .on('end', () => resolve(hash.digest('hex')))
      .on('error', reject);
  });
}

/** The unit's current file as the server sends it: uploaded first unless it already has one of this size. */
async function ensureFile(base: string, token: string, size: number): Promise<void> {
  const auth = { authorization: `Bearer ${token}` };
  const units = await fetch(`${base}/api/notes/units?subject=CS-501`, { headers: auth });
  if (!units.ok) throw new Error(`GET /api/notes/units answered ${units.status}`);
  const { units: list } = (await units.json()) as { units: { unit: number; size: number }[] };
  if (list.some((entry) => entry.unit === 3 && entry.size === size)) return;
  const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(size - 9)]);
  const form = new FormData();
  form.append('pdf', new Blob([pdf], { type: 'application/pdf' }), 'bench.pdf');
  const upload = await fetch(`${base}/api/upload/upload?${UNIT_QUERY}`, {
    method: 'POST',
    headers: auth,
    body: form,
  });
  if (upload.status !== 201) throw new Error(`The upload answered ${upload.status}: ${await upload.text()}`);
}

/** The stored file (FILES_DIR/<uuid>.pdf) holding exactly these bytes. */
async function storedFile(filesDir: string, size: number, sha256: string): Promise<string> {
  for (const name of readdirSync(filesDir)) {
    const file = path.join(filesDir, name);
    if (!name.endsWith('.pdf') || statSync(file).size !== size) continue;
    if ((await sha256File(file)) === sha256) return name;
  }
  throw new Error(`No file in ${filesDir} holds what the server sent`);
}

/** `node --import tsx api/src/server.ts`, as scripts/bench.ts starts the first one. */
const spawnServer = (env: Record<string, string>): Promise<StartedServer> =>
  startListening('api/src/server.ts', env, 'The StudyHub server behind nginx');

export async function benchDownloads(options: BenchDownloadsOptions): Promise<string[]> {
  const base = loopback(options.base);
  const size = Math.round(options.fileMb * MB);
  const auth = { authorization: `Bearer ${options.token}` };
  const title = `download ${options.fileMb} MB ×${PARALLEL}`;
  await ensureFile(base, options.token, size);

  // Warm-up, and the bytes Node sends: which stored file nginx is to serve.
  const warmAgent = new Agent({ keepAlive: true });
  const first = await get(`${base}${UNIT_PATH}`, auth, warmAgent, true).finally(() => warmAgent.destroy());
  if (first.status !== 200 || first.bytes !== size) throw new Error(`${UNIT_PATH} answered ${first.status}`);
  const node = { name: 'Node', url: `${base}${UNIT_PATH}`, headers: auth, rounds: [] as number[] };

  if (!nginxInstalled()) {
    await round(node.url, node.headers, size);
    for (let run = 0; run < ROUNDS; run += 1) node.rounds.push(await round(node.url, node.headers, size));
    return [
      `${title}: Node ${rate(median(node.rounds))} MB/s; nginx not measured: ${NGINX_PATH} is missing ` +
        `(apt-get install -y nginx) ${REPRODUCE}`,
    ];
  }

  const name = await storedFile(options.filesDir, size, first.sha256!);
  const dataDir = options.dataDir ?? path.dirname(options.filesDir);
  const startServer = options.startServer ?? spawnServer;
  let accelServer: StartedServer | undefined;
  let nginx: RunningNginx | undefined;
  try {
    accelServer = await startServer({
      DATA_DIR: dataDir,
      FILES_DIR: options.filesDir,
      DEPLOY_DIR: process.env.DEPLOY_DIR ?? dataDir,
      DOWNLOAD_ACCEL_PREFIX: PREFIX,
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'warn',
      SEED_DEMO: '0',
    });
    const upstream = loopback(accelServer.base);
    nginx = await startNginx((listen, dir) => {
      const site = nginxSiteConfig({
        listen,
        replicas: [new URL(upstream).host],
        cacheDir: `${dir}/cache`,
        prefix: PREFIX,
        filesDir: options.filesDir,
        publicUrl: 'http://localhost',
        uploadMaxBytes: size,
        accessLog: 'off',
      });
      // The yardstick: the same file, served statically (bench only, on loopback).
      const file = path.join(options.filesDir, name);
      const stat = `    location = /static.pdf { alias "${file}"; sendfile on; tcp_nopush on; }`;
      return site.replace(/\}\s*$/, `${stat}\n}`);
    });
    const servers = [
      node,
      { name: 'nginx', url: `${nginx.base}/static.pdf`, headers: {}, rounds: [] as number[] },
      { name: 'behind nginx', url: `${nginx.base}${UNIT_PATH}`, headers: auth, rounds: [] as number[] },
    ];
    // Each sends the right bytes, nginx the redirected ones (never an empty 200 from the API).
    for (const server of servers) {
      const agent = new Agent();
      const reply = await get(server.url, server.headers, agent, true).finally(() => agent.destroy());
      if (reply.status !== 200 || reply.sha256 !== first.sha256 || reply.headers['x-accel-redirect']) {
        throw new Error(
          `${server.name} (${server.url}) did not send the file: ${reply.status}, ${reply.bytes} bytes`,
        );
      }
      await round(server.url, server.headers, size);
    }
    for (let run = 0; run < ROUNDS; run += 1) {
      for (const server of servers) server.rounds.push(await round(server.url, server.headers, size));
    }
    const [nodeRate, nginxRate, accelRate] = servers.map((server) => median(server.rounds)) as [
      number,
      number,
      number,
    ];
    const spread = servers
      .map((server) => {
        const sorted = [...server.rounds].sort((a, b) => a - b);
        return `${server.name} ${rate(sorted[0]!)}–${rate(sorted.at(-1)!)}`;
      })
      .join(', ');
    return [
      `${title}: Node ${rate(nodeRate)} MB/s = ${ratio(nodeRate, nginxRate)}× nginx ${rate(nginxRate)} MB/s; ` +
        `behind nginx (X-Accel-Redirect) ${rate(accelRate)} MB/s = ${ratio(accelRate, nginxRate)}× ${REPRODUCE}`,
      `  rounds (MB/s, ${ROUNDS} each, min–max): ${spread}`,
    ];
  } finally {
    await nginx?.stop();
    await accelServer?.stop();
  }
}
