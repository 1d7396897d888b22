import { MESSAGES, PATHS } from '@studyhub/contract';
import { ButtonLink } from './button';
import { Muted, Notice } from './layout';

/**
 * What a page that needs the network shows in its place while the visitor is offline (decision 037). It only
 * tells, and leads to what works offline: the page's own read (useApiQuery) or area load asks again when the
 * connection returns.
 */
export function OfflineNotice() {
  return (
    <Notice role="status" data-testid="offline-notice">
      <Muted>{MESSAGES.offline}</Muted>
      <ButtonLink to={PATHS.saved} $variant="secondary">
        Open Saved for offline
      </ButtonLink>
    </Notice>
  );
}
