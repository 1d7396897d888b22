import styled from 'styled-components';
import { MESSAGES, PATHS } from '@studyhub/contract';
import { ButtonLink } from './button';
import { Muted, Notice } from './layout';

/** The message, then the way on, a thumb's distance apart. */
const OfflineBox = styled(Notice)`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 16px;
`;

/**
 * What a page that needs the network shows in its place while the visitor is offline (decision 037). It only
 * tells, and leads to what works offline: the page's own read (useApiQuery) or area load asks again when the
 * connection returns.
 */
export function OfflineNotice() {
  return (
    <OfflineBox role="status" data-testid="offline-notice">
      <Muted>{MESSAGES.offline}</Muted>
      <ButtonLink to={PATHS.saved} $variant="secondary">
        Open Saved for offline
      </ButtonLink>
    </OfflineBox>
  );
}
