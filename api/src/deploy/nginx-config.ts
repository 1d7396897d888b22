/**
 * The nginx side of DOWNLOAD_ACCEL_PREFIX (docs/deploy-behind-nginx.md): the text of the locations nginx needs,
 * written once here so that the guide shows exactly what api/test/nginx-accel.test.ts runs in a real nginx.
 *
 * On an upstream answer with X-Accel-Redirect, nginx keeps only Content-Type, Content-Disposition, Cache-Control,
 * Expires, Set-Cookie and Accept-Ranges of its headers (the `redirect` column of ngx_http_upstream_headers_in in
 * ngx_http_upstream.c; the test checks it against the nginx it runs) and drops everything else. So the API's
 * Content-Disposition and Cache-Control (`no-store` for a signed-in user, `private, no-cache` for a signed link)
 * reach the browser as they are, and the security headers of docs/security.md items 19, 42 and 45 are set again
 * in the internal location below, from the same constants the API uses.
 */
import { downloadAccelPrefix } from '../config';
import { FILE_CONTENT_SECURITY_POLICY, securityHeadersFor } from '../plugins/security-headers';

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
  /** Where StudyHub listens, e.g. `http://127.0.0.1:8080`. */
  upstream: string;
  /** UPLOAD_MAX_MB in bytes: nginx must let the largest upload through (its default is 1 MB). */
  uploadMaxBytes: number;
}

/** The values docs/deploy-behind-nginx.md shows the server block with (the test checks that the text matches). */
export const NGINX_EXAMPLE: NginxSiteOptions = {
  listen: '443 ssl',
  upstream: 'http://127.0.0.1:8080',
  prefix: '/_files/',
  filesDir: '/srv/studyhub/data/files',
  publicUrl: 'https://studyhub.example.edu',
  uploadMaxBytes: 25 * 1024 * 1024,
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
    '}',
  ].join('\n');
}

/**
 * A whole server block: everything to StudyHub, note files from FILES_DIR. TLS, server_name and logs are the
 * deployment's own. The API believes X-Forwarded-For only with TRUST_PROXY naming nginx (docs/security.md item 6).
 */
export function nginxSiteServer(options: NginxSiteOptions): string {
  const uploadMb = Math.ceil(options.uploadMaxBytes / 1024 / 1024) + 1;
  const indent = (text: string) => text.replace(/^(?=.)/gm, '    ');
  return [
    'server {',
    `    listen ${options.listen};`,
    '    # The largest upload (UPLOAD_MAX_MB) and the form around it.',
    `    client_max_body_size ${uploadMb}m;`,
    '',
    '    location / {',
    `        proxy_pass ${options.upstream};`,
    '        proxy_http_version 1.1;',
    '        proxy_set_header Host $host;',
    '        proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;',
    '        proxy_set_header X-Forwarded-Proto $scheme;',
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
export function standaloneNginxConfig(
  dir: string,
  servers: string,
  options: { accessLog?: boolean } = {},
): string {
  const at = (name: string) => quoted('nginx folder', `${dir}/${name}`);
  return [
    'daemon off;',
    'master_process off;',
    `pid ${at('nginx.pid')};`,
    `error_log ${at('error.log')} warn;`,
    'events { worker_connections 256; }',
    'http {',
    `    access_log ${options.accessLog ? at('access.log') : 'off'};`,
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
