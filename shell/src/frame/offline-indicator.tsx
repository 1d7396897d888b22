import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { PATHS } from '@studyhub/contract';
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
  a {
    display: inline-flex;
    align-items: center;
    min-height: 44px;
    color: inherit;
  }
`;

/**
 * The frame's word that the phone has no network (decision 037), under the header, with the way to what works
 * offline: /saved, which a student whose session ended offline reaches from here too (the header then shows
 * Login). The live region is always in the page, so a screen reader hears it when it fills and nothing online.
 */
export function OfflineIndicator() {
  const online = useOnline();
  return (
    <Indicator role="status" data-testid="offline-indicator">
      {online ? null : (
        <>
          Offline · <Link to={PATHS.saved}>Saved for offline</Link>
        </>
      )}
    </Indicator>
  );
}
