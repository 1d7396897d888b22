import { describe, expect, it } from '@jest/globals';
import { ConfigError, loadConfig } from '../src/config';

/** A secret given, so that loading writes no jwt-secret file into the repository's data folder. */
const SECRET = { JWT_SECRET: 'x'.repeat(32) };

describe('loadConfig', () => {
  it('defaults to loopback on port 8080', () => {
    const config = loadConfig(SECRET);
    expect(config.host).toBe('127.0.0.1');
    expect(config.port).toBe(8080);
    expect(config.deployDir).toMatch(/deploy$/);
  });

  it.each(['abc', '-1', '70000', '80.5'])('rejects PORT=%s with a readable error', (value) => {
    expect(() => loadConfig({ PORT: value })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: value })).toThrow(/PORT must be a whole number/);
  });

  it('reads UPLOAD_TIMEOUT_S and UPLOAD_MAX_MB, with SPEC defaults', () => {
    const defaults = loadConfig({ JWT_SECRET: 'x'.repeat(32), DATA_DIR: '/tmp/studyhub-config-test' });
    expect(defaults.uploadTimeoutMs).toBe(10_000);
    expect(defaults.uploadMaxBytes).toBe(25 * 1024 * 1024);
    const raised = loadConfig({ JWT_SECRET: 'x'.repeat(32), UPLOAD_TIMEOUT_S: '90', UPLOAD_MAX_MB: '50' });
    expect(raised.uploadTimeoutMs).toBe(90_000);
    expect(raised.uploadMaxBytes).toBe(50 * 1024 * 1024);
    expect(() => loadConfig({ JWT_SECRET: 'x'.repeat(32), UPLOAD_TIMEOUT_S: 'soon' })).toThrow(
      /UPLOAD_TIMEOUT_S/,
    );
  });

  it('reads the review limits (decision 026), with their defaults', () => {
    expect(loadConfig(SECRET).reviews).toEqual({ pendingMax: 5, perDay: 10, expiryMs: 14 * 86_400_000 });
    const set = loadConfig({
      ...SECRET,
      TEACHER_PENDING_MAX: '2',
      TEACHER_UPLOADS_PER_DAY: '30',
      PENDING_EXPIRY_DAYS: '0.5',
    });
    expect(set.reviews).toEqual({ pendingMax: 2, perDay: 30, expiryMs: 43_200_000 });
  });

  it.each([
    ['TEACHER_PENDING_MAX', '0', /TEACHER_PENDING_MAX must be a positive number/],
    ['TEACHER_PENDING_MAX', '2.5', /TEACHER_PENDING_MAX must be a whole number from 1/],
    ['TEACHER_UPLOADS_PER_DAY', 'many', /TEACHER_UPLOADS_PER_DAY must be a positive number/],
    ['PENDING_EXPIRY_DAYS', '-3', /PENDING_EXPIRY_DAYS must be a positive number/],
  ])('rejects %s=%s with a readable error', (name, value, message) => {
    expect(() => loadConfig({ ...SECRET, [name]: value })).toThrow(message);
  });

  it('reads when the digest job looks and how long it gathers updates (decision 039), with their defaults', () => {
    expect(loadConfig(SECRET).digest).toEqual({ intervalMs: 60_000, gatherMs: 600_000 });
    const set = loadConfig({ ...SECRET, DIGEST_INTERVAL_SECONDS: '1', DIGEST_GATHER_SECONDS: '0' });
    expect(set.digest).toEqual({ intervalMs: 1000, gatherMs: 0 });
  });

  it.each([
    [
      'DIGEST_INTERVAL_SECONDS',
      '0',
      /DIGEST_INTERVAL_SECONDS must be a whole number of seconds from 1 to 3600/,
    ],
    [
      'DIGEST_INTERVAL_SECONDS',
      '1.5',
      /DIGEST_INTERVAL_SECONDS must be a whole number of seconds from 1 to 3600/,
    ],
    [
      'DIGEST_GATHER_SECONDS',
      '-1',
      /DIGEST_GATHER_SECONDS must be a whole number of seconds from 0 to 86400/,
    ],
    [
      'DIGEST_GATHER_SECONDS',
      'soon',
      /DIGEST_GATHER_SECONDS must be a whole number of seconds from 0 to 86400/,
    ],
  ])('rejects %s=%s with a readable error', (name, value, message) => {
    expect(() => loadConfig({ ...SECRET, [name]: value })).toThrow(message);
  });

  it("serves the shell's service worker unless RETIRE_SERVICE_WORKER is on (decision 035)", () => {
    expect(loadConfig(SECRET).retireServiceWorker).toBe(false);
    expect(loadConfig({ ...SECRET, RETIRE_SERVICE_WORKER: '1' }).retireServiceWorker).toBe(true);
    expect(() => loadConfig({ ...SECRET, RETIRE_SERVICE_WORKER: 'yes please' })).toThrow(
      /RETIRE_SERVICE_WORKER must be 1 or 0/,
    );
  });

  it('serves no source maps unless SERVE_SOURCE_MAPS is on (docs/security.md item 45)', () => {
    expect(loadConfig(SECRET).serveSourceMaps).toBe(false);
    expect(loadConfig({ ...SECRET, SERVE_SOURCE_MAPS: '1' }).serveSourceMaps).toBe(true);
    expect(() => loadConfig({ ...SECRET, SERVE_SOURCE_MAPS: 'maybe' })).toThrow(
      /SERVE_SOURCE_MAPS must be 1 or 0/,
    );
  });

  it('sets time limits a 3G phone uploading the largest file still passes (docs/security.md item 40)', () => {
    const defaults = loadConfig({ JWT_SECRET: 'x'.repeat(32) }).httpTimeouts;
    expect(defaults).toEqual({
      headersMs: 30_000,
      // 25 MB at 32 KB/s is 800 s; at 3G's 50 KB/s it takes about 512 s.
      requestMs: 830_000,
      keepAliveMs: 65_000,
      idleSocketMs: 120_000,
      checkIntervalMs: 2_000,
    });
    expect(defaults.requestMs).toBeGreaterThan(((25 * 1024 * 1024) / (50 * 1024)) * 1000);
    // A larger limit, or an upload form told to wait longer, lengthens the request limit with it.
    const larger = loadConfig({ JWT_SECRET: 'x'.repeat(32), UPLOAD_MAX_MB: '100' }).httpTimeouts;
    expect(larger.requestMs).toBe(30_000 + 3_200_000);
    const patient = loadConfig({ JWT_SECRET: 'x'.repeat(32), UPLOAD_TIMEOUT_S: '1800' }).httpTimeouts;
    expect(patient.requestMs).toBe(30_000 + 1_800_000);
  });

  it('has no metrics without METRICS_TOKEN, and refuses a token short or with spaces (decision 025)', () => {
    expect(loadConfig(SECRET).metricsToken).toBeNull();
    expect(loadConfig({ ...SECRET, METRICS_TOKEN: 'a'.repeat(16) }).metricsToken).toBe('a'.repeat(16));
    for (const token of ['a'.repeat(15), `${'a'.repeat(16)} b`, `${'a'.repeat(16)}\u00e9`]) {
      expect(() => loadConfig({ ...SECRET, METRICS_TOKEN: token })).toThrow(
        /METRICS_TOKEN must be at least 16/,
      );
    }
  });

  it.each([
    ['CANARY_ABORT_MIN_SOURCES', '2.5', 'a whole number'],
    ['CANARY_ABORT_MIN_SOURCES', '0', 'a positive number'],
    ['CANARY_ABORT_CEILING', '0', 'a positive number'],
    ['CANARY_ABORT_CEILING', '101', 'a percentage from above 0 to 100'],
    ['CANARY_ABORT_POINTS', 'ten', 'a positive number'],
    ['CANARY_ABORT_RATIO', '-2', 'a positive number'],
    ['CANARY_ABORT_WINDOW_MIN', '1e999', 'a positive number'],
    ['CANARY_ABORT', 'maybe', '1 or 0'],
  ])('refuses the canary setting %s=%s with a readable error', (name, value, what) => {
    expect(() => loadConfig({ ...SECRET, [name]: value })).toThrow(`${name} must be ${what}`);
  });

  it('names the replacement of the retired CANARY_ABORT_MIN_LOADS instead of ignoring it', () => {
    expect(() => loadConfig({ ...SECRET, CANARY_ABORT_MIN_LOADS: '20' })).toThrow(
      /CANARY_ABORT_MIN_LOADS was replaced by CANARY_ABORT_MIN_SOURCES/,
    );
  });

  it.each([
    [
      { DATABASE_URL: 'mysql://db/studyhub' },
      'DATABASE_URL must be postgres://… (PostgreSQL) or a file path (SQLite)',
    ],
    [
      { PUBLIC_URL: 'ftp://studyhub.test' },
      'PUBLIC_URL must be an http:// or https:// URL, got "ftp://studyhub.test"',
    ],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET must be at least 32 bytes long'],
    [{ SMTP_URL: 'mail.test' }, 'SMTP_URL must start with smtp:// or smtps://'],
    [
      { SMTP_URL: 'smtp://mail.test', MAIL_OUTBOX: '1' },
      'Set SMTP_URL or MAIL_OUTBOX=1, not both: mail goes one way',
    ],
    [{ NODE_ENV: 'production' }, 'SMTP_URL is required when NODE_ENV=production'],
    [
      { NODE_ENV: 'production', MAIL_OUTBOX: '1', JWT_SECRET: '' },
      'JWT_SECRET is required when NODE_ENV=production',
    ],
    [{ REDIS_URL: 'http://cache' }, 'REDIS_URL must start with redis:// or rediss://'],
    [
      { REDIS_PREFIX: 'a b' },
      'REDIS_PREFIX must be 1 to 64 letters, digits, ":", ".", "_" or "-", got "a b"',
    ],
    [{ SHUTDOWN_DRAIN_S: '7200' }, 'SHUTDOWN_DRAIN_S must be a number of seconds from 0 to 3600, got "7200"'],
    [{ SEED_DEMO: 'sometimes' }, 'SEED_DEMO must be 1 or 0 (true or false), got "sometimes"'],
    [
      { DOWNLOAD_ACCEL_PREFIX: '/api/files/' },
      "DOWNLOAD_ACCEL_PREFIX must be the path of nginx's internal location",
    ],
  ])('refuses %j naming the variable', (env, message) => {
    expect(() => loadConfig({ ...SECRET, ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ ...SECRET, ...env })).toThrow(message);
  });

  it('derives what follows from several variables: the links, the data folder, the drain in production', () => {
    const config = loadConfig({ ...SECRET, PORT: '9090', DATA_DIR: '/srv/studyhub', SEED_DEMO: '' });
    expect(config.publicUrl).toBe('http://localhost:9090');
    expect(config.databaseUrl).toBe('/srv/studyhub/studyhub.db');
    expect(config.filesDir).toBe('/srv/studyhub/files');
    expect(config.seedDemo).toBe(true);
    expect(config.shutdown).toEqual({ drainMs: 0, graceMs: 30_000 });
    const production = loadConfig({
      ...SECRET,
      NODE_ENV: 'production',
      MAIL_OUTBOX: '1',
      PUBLIC_URL: 'https://x.test/',
    });
    expect([production.publicUrl, production.seedDemo, production.shutdown.drainMs]).toEqual([
      'https://x.test',
      false,
      5000,
    ]);
  });

  it('rejects an unknown LOG_LEVEL', () => {
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL must be one of/);
  });
});
