import styled from 'styled-components';
import { useOnline } from '@studyhub/shared';

/** Empty and without height while online, so an online visitor's page never moves for it. */
const Indicator = styled.p`
  margin: 0;
  text-align: center;
  font-size: 0.9rem;
  font-weight: 600;
  &:not(:empty) {
    padding: 4px;
    background: ${({ theme }) => theme.colors.surfaceAlt};
  }
`;

/**
 * The frame's word that the phone has no network (decision 037), under the header. The live region is always in
 * the page, so a screen reader hears "Offline" when it fills and nothing while online.
 */
export function OfflineIndicator() {
  const online = useOnline();
  return (
    <Indicator role="status" data-testid="offline-indicator">
      {online ? null : 'Offline'}
    </Indicator>
  );
}
