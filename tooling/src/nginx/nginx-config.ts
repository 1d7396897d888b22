/**
 * The nginx side of DOWNLOAD_ACCEL_PREFIX (docs/deploy-behind-nginx.md): the text of the locations nginx needs,
 * written once here so that the guide shows exactly what api/test/nginx-accel.test.ts runs in a real nginx. The
 * header values and the prefix's rule are the API's own, imported from `@studyhub/api`.
 *
 * On an upstream answer with X-Accel-Redirect, nginx keeps only Content-Type, Content-Disposition, Cache-Control,
 * Expires, Set-Cookie and Accept-Ranges of its headers (the `redirect` column of ngx_http_upstream_headers_in in
 * ngx_http_upstream.c; the test checks it against the nginx it runs) and drops everything else. So the API's
 * Content-Disposition and Cache-Control (`no-store`, for a signed-in user and a signed link alike) reach the
 * browser as they are, and the security headers of docs/security.md items 19, 42 and 45 are set again in the
 * internal location below, from the same constants the API uses.
 */
import { downloadAccelPrefix } from '@studyhub/api/config';
import { FILE_CONTENT_SECURITY_POLICY, securityHeadersFor } from '@studyhub/api/security-headers';

export interface NginxDownloadOptions {
  /** DOWNLOAD_ACCEL_PREFIX, e.g. `/_files/`. */
  prefix: string;
  /** FILES_DIR, as an absolute path. */
  filesDir: string;
  /** PUBLIC_URL: an https site gets HSTS on its files too, as on everything the API answers. */
  publicUrl: string;
}

export interface NginxSiteOptions extends NginxDownloadOptions {
  /** nginx's `listen` parameter: `80`, `127.0.0.1:8081`… */
  listen: string;
  /** Where each StudyHub replica listens, `host:port` (one for a single process). */
  replicas: string[];
  /** UPLOAD_MAX_MB in bytes: nginx must let the largest upload through (its default is 1 MB). */
  uploadMaxBytes: number;
  /** Where nginx keeps released files (/mfe/…) it has fetched once. */
  cacheDir: string;
  /** The file of this site's access log, written in the `studyhub` format, or `off`. */
  accessLog: string;
}

/** The values the guides show the configuration with (a test checks that their text matches). */
export const NGINX_EXAMPLE: NginxSiteOptions = {
  listen: '443 ssl',
  replicas: ['127.0.0.1:8080'],
  prefix: '/_files/',
  filesDir: '/srv/studyhub/data/files',
  publicUrl: 'https://studyhub.example.edu',
  uploadMaxBytes: 25 * 1024 * 1024,
  cacheDir: '/var/cache/nginx/studyhub',
  accessLog: '/var/log/nginx/studyhub.access.log',
};

/** The multi-replica recipe's: two replicas on two hosts, FILES_DIR shared at the same path on each. */
export const NGINX_REPLICAS_EXAMPLE: NginxSiteOptions = {
  ...NGINX_EXAMPLE,
  replicas: ['10.0.0.11:8080', '10.0.0.12:8080'],
  filesDir: '/srv/studyhub/files',
};

/** The headers a served file carries (what the API's own answer would have): the site's, with the sandbox. */
export function fileHeaders(publicUrl: string): Record<string, string> {
  return {
    ...securityHeadersFor({ publicUrl }),
    'Content-Security-Policy': FILE_CONTENT_SECURITY_POLICY,
  };
}

/** A value inside nginx's double quotes, where `"`, `\` and `$` (a variable) would change its meaning. */
function quoted(name: string, value: string): string {
  if (/["\\$\p{Cc}]/u.test(value)) throw new Error(`${name} cannot go into nginx's configuration: ${value}`);
  return `"${value}"`;
}

function checkedPrefix(prefix: string): string {
  const valid = downloadAccelPrefix(prefix);
  if (valid === null) throw new Error('The download location needs DOWNLOAD_ACCEL_PREFIX');
  return valid;
}

/**
 * The internal location nginx sends note files from. `^~`: no regular-expression location of the server block
 * (`location ~ \.pdf$ { … }`) takes these requests over. `internal`: a request from outside gets 404; only
 * the API's X-Accel-Redirect reaches it. `add_header` in a location replaces the server block's add_header lines
 * there, so every header a file needs is listed. Not `always`: nginx's range filter turns a 200 into a 416 by
 * sending the headers through its filters a second time, and `always` adds each header again there (measured on
 * nginx 1.22: `X-Content-Type-Options: nosniff, nosniff`, and a doubled Cross-Origin-Resource-Policy that browsers
 * ignore). Without it 200, 206, 304 and 416 carry each header once; only nginx's own error pages (a file missing
 * from FILES_DIR) carry none, and they hold nginx's fixed text, never a file.
 */
export function nginxDownloadLocation(options: NginxDownloadOptions): string {
  const prefix = checkedPrefix(options.prefix);
  if (!options.filesDir.startsWith('/')) throw new Error(`FILES_DIR must be absolute: ${options.filesDir}`);
  const alias = `${options.filesDir.replace(/\/+$/, '')}/`;
  const headers = Object.entries(fileHeaders(options.publicUrl)).map(
    ([name, value]) => `    add_header ${name} ${quoted(name, value)};`,
  );
  return [
    `# StudyHub note files (DOWNLOAD_ACCEL_PREFIX=${prefix}): the API checks each download and answers with`,
    '# X-Accel-Redirect; nginx sends the file from here, with sendfile, Range and ETag of its own.',
    `location ^~ ${prefix} {`,
    '    internal;',
    `    alias ${quoted('FILES_DIR', alias)};`,
    '    sendfile on;',
    '    tcp_nopush on;',
    '    # One range per request, as Node answers: several get the whole file.',
    '    max_ranges 1;',
    "    # The API's Content-Type (application/pdf) is kept; this is the fallback.",
    '    types { }',
    '    default_type application/pdf;',
    "    # nginx keeps the API's Content-Disposition and Cache-Control and drops these: set them here.",
    ...headers,
    '    # The id nginx gave the request and the API logged it under (decision 024).',
    '    add_header X-Request-Id $request_id;',
    '}',
  ].join('\n');
}

/** A replica's address as nginx's `server` takes it; nothing that would end or change the directive. */
function replicaAddress(address: string): string {
  if (!/^[A-Za-z0-9.-]+:\d{1,5}$|^\[[0-9A-Fa-f:.]+\]:\d{1,5}$/.test(address))
    throw new Error(`A replica is host:port, got ${address}`);
  return address;
}

/**
 * Everything nginx needs in its `http` block to serve StudyHub (decision 024): the replicas as one upstream,
 * a cache for released files, an access log without credentials, and the server block. TLS, server_name and
 * the error log are the deployment's own.
 *
 * - Health checks are passive (open-source nginx has no active ones): a replica that refuses or times out
 *   `max_fails` times within `fail_timeout` gets nothing for `fail_timeout`. /api/health/ready is for load
 *   balancers that poll.
 * - Connections to the replicas are kept open (`keepalive`, HTTP/1.1 without `Connection: close`); a stopping
 *   replica answers each request with `Connection: close`, so nginx opens a new one, to another replica once
 *   the stopping one has closed its listener.
 * - A request that could not reach a replica goes to the next (`proxy_next_upstream`): nginx resends any request
 *   that was never sent, and GET, HEAD, PUT, DELETE and OPTIONS; a POST that was sent is never resent (no
 *   `non_idempotent`: an upload or a sign-up must not run twice).
 * - `X-Forwarded-For` and `X-Request-Id` (nginx's `$request_id`) are what the API believes with TRUST_PROXY
 *   naming nginx (docs/security.md item 6).
 * - Released files under /mfe/ never change (decision 003): nginx keeps what their Cache-Control allows (a year
 *   for hashed files; the no-cache entry files are always asked for).
 * - The access log's own format (docs/security.md item 49): nginx's default writes the request line whole, so a
 *   signed link or a reset link (and, in the Referer, the reset page's address) could be replayed from it. The
 *   `studyhub` format writes the path nginx read (escapes decoded, so every spelling is one; a download sent
 *   through X-Accel-Redirect shows the file's), with a reset token cut off, neither the query nor the Referer,
 *   and the request id, which joins the line to the API's.
 */
export function nginxSiteConfig(options: NginxSiteOptions): string {
  const uploadMb = Math.ceil(options.uploadMaxBytes / 1024 / 1024) + 1;
  if (!options.cacheDir.startsWith('/'))
    throw new Error(`The cache folder must be absolute: ${options.cacheDir}`);
  const indent = (text: string) => text.replace(/^(?=.)/gm, '    ');
  return [
    '# The StudyHub replicas; checked passively: max_fails failures within fail_timeout take one out that long.',
    'upstream studyhub {',
    ...options.replicas.map(
      (address) => `    server ${replicaAddress(address)} max_fails=1 fail_timeout=10s;`,
    ),
    '    keepalive 16;',
    '}',
    '',
    '# Request lines without the credentials some URLs carry: no query (signed links), no reset tokens, no Referer.',
    'map $uri $studyhub_logged_path {',
    '    "~*^(?<kept>.*?reset-password)/" "$kept/[redacted]";',
    '    default $uri;',
    '}',
    `log_format studyhub '$remote_addr [$time_local] "$request_method $studyhub_logged_path $server_protocol" $status $body_bytes_sent $request_time $request_id';`,
    '',
    '# Released files (/mfe/<area>/<version>/…) never change: kept as long as their Cache-Control says.',
    `proxy_cache_path ${quoted('cache folder', options.cacheDir)} levels=1:2 keys_zone=studyhub_releases:10m max_size=1g inactive=30d use_temp_path=off;`,
    '',
    'server {',
    `    listen ${options.listen};`,
    '    # The largest upload (UPLOAD_MAX_MB) and the form around it.',
    `    client_max_body_size ${uploadMb}m;`,
    options.accessLog === 'off'
      ? '    access_log off;'
      : `    access_log ${quoted('access log', options.accessLog)} studyhub;`,
    '',
    '    proxy_http_version 1.1;',
    '    proxy_set_header Connection "";',
    '    proxy_set_header Host $host;',
    '    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;',
    '    proxy_set_header X-Forwarded-Proto $scheme;',
    '    proxy_set_header X-Request-Id $request_id;',
    '    proxy_connect_timeout 2s;',
    '    # Another replica when one cannot be reached; a POST once sent is never sent twice.',
    '    proxy_next_upstream error timeout;',
    '',
    '    location / {',
    '        proxy_pass http://studyhub;',
    '    }',
    '',
    '    location /mfe/ {',
    '        proxy_pass http://studyhub;',
    '        proxy_cache studyhub_releases;',
    '    }',
    '',
    indent(nginxDownloadLocation(options)),
    '}',
  ].join('\n');
}

/**
 * For tests and benchmarks: a complete nginx.conf that runs in the foreground as the current user, in one
 * process, with every file it writes (pid, logs, temp bodies) under `dir`.
 */
export function standaloneNginxConfig(dir: string, servers: string): string {
  const at = (name: string) => quoted('nginx folder', `${dir}/${name}`);
  return [
    'daemon off;',
    'master_process off;',
    `pid ${at('nginx.pid')};`,
    `error_log ${at('error.log')} warn;`,
    'events { worker_connections 256; }',
    'http {',
    '    access_log off;',
    `    client_body_temp_path ${at('client_body')};`,
    `    proxy_temp_path ${at('proxy')};`,
    `    fastcgi_temp_path ${at('fastcgi')};`,
    `    uwsgi_temp_path ${at('uwsgi')};`,
    `    scgi_temp_path ${at('scgi')};`,
    servers.replace(/^(?=.)/gm, '    '),
    '}',
    '',
  ].join('\n');
}
