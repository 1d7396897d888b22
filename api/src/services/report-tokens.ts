/**
 * Report tokens (decision 025): with each `/remotes.json` the server hands out a short-lived, signed list of the
 * versions it served (every area's stable and canary), and a browser's area report counts only for a version its
 * token names. Nobody can vote on a version they were never served, and a token cannot be stretched past its hour.
 *
 * `<expiry in s>~<area>:<version>[:<version>],…~<HMAC>`: `~`, `:` and `,` appear in no area name or version.
 */
import { REPORT_TOKEN_TTL_MS, type AreaName, type RemotesFile } from '@studyhub/contract';
import type { Clock } from '../lib/clock';
import { createSigner } from '../lib/signatures';

export function createReportTokens(secret: string, clock: Clock) {
  const signer = createSigner(secret);

  return {
    /** A token naming every version `remotes` lists, good for REPORT_TOKEN_TTL_MS. */
    issue(remotes: RemotesFile): string {
      const expires = String(Math.floor((clock().getTime() + REPORT_TOKEN_TTL_MS) / 1000));
      const served = Object.entries(remotes)
        .map(([area, remote]) => [area, remote.version, remote.canary?.version].filter(Boolean).join(':'))
        .join(',');
      return `${expires}~${served}~${signer.sign('area-report', `${expires}:${served}`)}`;
    },

    /** Whether `token` is one of ours, unexpired, and names `version` of `area`. */
    names(token: string | undefined, area: AreaName, version: string): boolean {
      const [expires, served, sig, ...rest] = token?.split('~') ?? [];
      if (expires === undefined || served === undefined || sig === undefined || rest.length > 0) return false;
      if (!/^\d{1,12}$/.test(expires)) return false;
      if (!signer.verifies('area-report', `${expires}:${served}`, sig)) return false;
      if (Number(expires) * 1000 < clock().getTime()) return false;
      return served.split(',').some((entry) => {
        const [name, ...versions] = entry.split(':');
        return name === area && versions.includes(version);
      });
    },
  };
}

export type ReportTokens = ReturnType<typeof createReportTokens>;
