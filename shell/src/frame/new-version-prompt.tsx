import { useSyncExternalStore } from 'react';
import styled from 'styled-components';
import { Button } from '@studyhub/shared';
import type { WorkerUpdates } from '../worker-client/worker-updates';

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: center;
  gap: 12px;
  padding: 6px 16px;
  font-size: 0.9rem;
  background: ${({ theme }) => theme.colors.surfaceAlt};
  border-bottom: 2px solid ${({ theme }) => theme.colors.primary};
  p {
    margin: 0;
  }
`;

/** Offers a new version of the site when one is ready, instead of swapping the code under a reading student. */
export function NewVersionPrompt({ updates }: { updates: WorkerUpdates }) {
  const ready = useSyncExternalStore(updates.subscribe, updates.ready, () => false);
  if (!ready) return null;
  return (
    <Bar role="region" aria-label="New version" data-testid="new-version-prompt">
      <p>A new version of StudyHub is ready.</p>
      <Button onClick={updates.activate}>Reload</Button>
    </Bar>
  );
}
