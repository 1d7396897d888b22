import { useState } from 'react';
import { Button, Muted, Notice, OfflineNotice, Page, useOnline, useOnReconnect } from '@studyhub/shared';
import { MESSAGES } from '@studyhub/contract';

/**
 * What a dead or broken area shows; the frame and the other areas keep working (architecture §3). A named
 * reason, when the shell knows one, is there for whoever reports the problem, folded away. Offline, it says that
 * instead, and the area is loaded again when the connection returns (decision 037).
 */
export function AreaUnavailable({ onRetry, reason }: { onRetry(): Promise<void>; reason?: string }) {
  const [retrying, setRetrying] = useState(false);
  const online = useOnline();
  useOnReconnect(onRetry);
  if (!online) {
    return (
      <Page>
        <OfflineNotice />
      </Page>
    );
  }
  return (
    <Page>
      <Notice role="alert" data-testid="area-unavailable">
        <h2>{MESSAGES.areaUnavailable}</h2>
        <Muted>Please try again in a moment. The rest of StudyHub is working.</Muted>
        <p>
          <Button
            disabled={retrying}
            onClick={() => {
              setRetrying(true);
              void onRetry().finally(() => setRetrying(false));
            }}
          >
            {retrying ? 'Retrying…' : 'Retry'}
          </Button>
        </p>
        {reason && (
          <details data-testid="area-unavailable-reason">
            <summary>Technical detail</summary>
            <Muted>{reason}</Muted>
          </details>
        )}
      </Notice>
    </Page>
  );
}
