/**
 * The server's Prometheus metrics (decision 025), one registry per app: what each request cost, uploads, failed
 * logins and lockouts, mails, the live versions from the deploy pointers, and what browsers report of each area
 * version. Every label takes its values from a fixed list, a route pattern or a deployed version, never from
 * request text, so the number of series stays bounded whatever clients send. docs/operations.md, "Metrics", says
 * what each one means.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry, type Metric } from 'prom-client';
import { readRemotes, readShellVersion } from '@studyhub/deploy-folder';
import type { AreaName } from '@studyhub/contract';
import type { AreaReport } from '@studyhub/contract/schemas';

export type LoginFailure = 'credentials' | 'locked';
/** Which of the login throttle's counters locked (services/login-throttle.ts). */
export type LockoutScope = 'account-and-address' | 'address' | 'account';
export type MailOutcome = 'sent' | 'failed';

/** What the app counts; GET /metrics reads `registry`. */
export interface Metrics {
  registry: Registry;
  /** Every reply's duration, by method, route pattern and status (the app's onResponse hook). */
  request(request: FastifyRequest, reply: FastifyReply): void;
  /** A note PDF stored, by its size. */
  uploadStored(bytes: number): void;
  /** The upload route's onResponse hook: every refusal, whichever step made it (access, limits, checks). */
  uploadAnswered(request: FastifyRequest, reply: FastifyReply, done: () => void): void;
  loginFailed(reason: LoginFailure): void;
  lockedOut(scope: LockoutScope): void;
  mailed(kind: string, outcome: MailOutcome): void;
  /** A browser's area report the canary guard counted. */
  areaReported(report: AreaReport): void;
  canaryAborted(area: AreaName): void;
  stableAlerted(area: AreaName): void;
}

/** Requests no route matched (the not-found handler) share one label. */
export const UNMATCHED_ROUTE = '(unmatched)';

/** From 1 ms (a cached read) to 30 s (a slow upload); in seconds, as Prometheus expects. */
const REQUEST_SECONDS_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** Up to the largest upload UPLOAD_MAX_MB may allow. */
const UPLOAD_BYTES_BUCKETS = [64, 256, 1024, 4096, 16_384, 65_536].map((kib) => kib * 1024);

/** Why an upload was refused, by the status it was answered with. */
const UPLOAD_REFUSALS: Record<number, string> = {
  400: 'malformed',
  401: 'signed-out',
  403: 'not-admin',
  413: 'too-large',
  415: 'not-pdf',
  429: 'rate-limited',
};

interface RequestSeries {
  labels: { method: string; route: string; status: string };
  /** Requests per bucket (not cumulative), in REQUEST_SECONDS_BUCKETS order. */
  buckets: number[];
  sum: number;
  count: number;
}

/**
 * The request histogram, kept by hand because it is fed on every request: prom-client's `observe` checks and
 * hashes its labels each time, this is a map lookup and a few additions (decision 025 has the measurements). It
 * answers `get()` in prom-client's own shape, so the registry prints it like its histograms.
 */
class RequestDurations {
  readonly name = 'studyhub_http_request_duration_seconds';
  readonly help =
    'Time from a request arriving to its reply sent, by method, route pattern and status; _count counts requests.';
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  /** By method, then route, then status: lookups of the same strings every time, no key to build. */
  private readonly series = new Map<string, Map<string, Map<number, RequestSeries>>>();

  observe(method: string, route: string, status: number, seconds: number): void {
    let byRoute = this.series.get(method);
    if (!byRoute) this.series.set(method, (byRoute = new Map()));
    let byStatus = byRoute.get(route);
    if (!byStatus) byRoute.set(route, (byStatus = new Map()));
    let series = byStatus.get(status);
    if (!series) {
      const labels = { method, route, status: String(status) };
      byStatus.set(
        status,
        (series = { labels, buckets: REQUEST_SECONDS_BUCKETS.map(() => 0), sum: 0, count: 0 }),
      );
    }
    let bucket = 0;
    while (bucket < REQUEST_SECONDS_BUCKETS.length && seconds > REQUEST_SECONDS_BUCKETS[bucket]!) bucket += 1;
    if (bucket < REQUEST_SECONDS_BUCKETS.length) series.buckets[bucket]! += 1;
    series.sum += seconds;
    series.count += 1;
  }

  async get() {
    const all = [...this.series.values()].flatMap((byRoute) =>
      [...byRoute.values()].flatMap((byStatus) => [...byStatus.values()]),
    );
    const values = all.flatMap(({ labels, buckets, sum, count }) => {
      let below = 0;
      return [
        ...REQUEST_SECONDS_BUCKETS.map((le, index) => {
          below += buckets[index]!;
          return { metricName: `${this.name}_bucket`, labels: { ...labels, le }, value: below };
        }),
        { metricName: `${this.name}_bucket`, labels: { ...labels, le: '+Inf' }, value: count },
        { metricName: `${this.name}_sum`, labels, value: sum },
        { metricName: `${this.name}_count`, labels, value: count },
      ];
    });
    return { name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values };
  }

  reset(): void {
    this.series.clear();
  }
}

export function createMetrics(deployDir: string): Metrics {
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry });

  const requestDurations = new RequestDurations();
  // The registry takes any metric that answers get() as prom-client's do; its type lists only its own classes.
  registry.registerMetric(requestDurations as unknown as Metric);
  const uploadBytes = new Histogram({
    name: 'studyhub_upload_bytes',
    help: 'Sizes of the PDFs stored (notes and question papers); _sum is the bytes stored, _count the uploads.',
    buckets: UPLOAD_BYTES_BUCKETS,
    registers,
  });
  const uploadRefusals = new Counter({
    name: 'studyhub_upload_refusals_total',
    help: 'Uploads refused, by reason.',
    labelNames: ['reason'],
    registers,
  });
  const loginFailures = new Counter({
    name: 'studyhub_login_failures_total',
    help: 'Failed password logins: wrong email or password, or refused while locked.',
    labelNames: ['reason'],
    registers,
  });
  const lockouts = new Counter({
    name: 'studyhub_login_lockouts_total',
    help: 'Lockouts started by failed logins, by the counter that locked.',
    labelNames: ['scope'],
    registers,
  });
  const mails = new Counter({
    name: 'studyhub_mails_total',
    help: 'Mails handed to SMTP or the outbox, by kind and outcome.',
    labelNames: ['kind', 'outcome'],
    registers,
  });
  const areaOpens = new Counter({
    name: 'studyhub_area_opens_total',
    help: "Browsers' counted reports (with a valid report token) that a version of an area opened (once per page load).",
    labelNames: ['area', 'version'],
    registers,
  });
  const areaFailures = new Counter({
    name: 'studyhub_area_failures_total',
    help: "Browsers' counted reports that a version of an area failed to load or crashed while rendering.",
    labelNames: ['area', 'version', 'kind'],
    registers,
  });
  const canaryAborts = new Counter({
    name: 'studyhub_canary_aborts_total',
    help: 'Canaries this process aborted for their failure rate.',
    labelNames: ['area'],
    registers,
  });
  const stableAlerts = new Counter({
    name: 'studyhub_stable_version_alerts_total',
    help: "Alerts that an area's stable version failed for too many of its sources (at most one per version per window and process).",
    labelNames: ['area'],
    registers,
  });
  new Gauge({
    name: 'studyhub_live_version',
    help: 'The versions the deploy pointers make live: 1 per app, version and channel (stable or canary).',
    labelNames: ['app', 'version', 'channel'],
    registers,
    collect() {
      this.reset();
      const shell = readShellVersion(deployDir);
      if (shell) this.set({ app: 'shell', version: shell, channel: 'stable' }, 1);
      for (const [area, remote] of Object.entries(readRemotes(deployDir))) {
        this.set({ app: area, version: remote.version, channel: 'stable' }, 1);
        if (remote.canary) this.set({ app: area, version: remote.canary.version, channel: 'canary' }, 1);
      }
    },
  });

  return {
    registry,

    request(request: FastifyRequest, reply: FastifyReply): void {
      const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
      requestDurations.observe(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    },

    uploadStored(bytes: number): void {
      uploadBytes.observe(bytes);
    },

    uploadAnswered(_request: FastifyRequest, reply: FastifyReply, done: () => void): void {
      const status = reply.statusCode;
      if (status >= 400) {
        uploadRefusals.inc({ reason: UPLOAD_REFUSALS[status] ?? (status >= 500 ? 'server-error' : 'other') });
      }
      done();
    },

    loginFailed(reason: LoginFailure): void {
      loginFailures.inc({ reason });
    },

    lockedOut(scope: LockoutScope): void {
      lockouts.inc({ scope });
    },

    mailed(kind: string, outcome: MailOutcome): void {
      mails.inc({ kind, outcome });
    },

    areaReported({ area, version, kind }: AreaReport): void {
      if (kind === 'ok') areaOpens.inc({ area, version });
      else areaFailures.inc({ area, version, kind });
    },

    canaryAborted(area: AreaName): void {
      canaryAborts.inc({ area });
    },

    stableAlerted(area: AreaName): void {
      stableAlerts.inc({ area });
    },
  };
}
