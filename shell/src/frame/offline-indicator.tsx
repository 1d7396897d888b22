import styled from 'styled-components';
import { useOnline } from '@studyhub/shared';

/** Empty and without height while online, so an online visitor's page never moves for it. */
const Indicator = styled.p`
  margin: 0;
  text-align: center;
  font-size: 0.9rem;
  font-weight: 600;
  &:not(:empty) {
    padding: 4px 20px;
    background: ${({ theme }) => theme.colors.surfaceAlt};
    border-top: 1px solid ${({ theme }) => theme.colors.border};
    color: ${({ theme }) => theme.colors.text};
  }
  &:not(:empty)::before {
    content: '';
    display: inline-block;
    width: 8px;
    height: 8px;
    margin-right: 8px;
    border-radius: 50%;
    background: ${({ theme }) => theme.colors.warning};
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
