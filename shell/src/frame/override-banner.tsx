import { useState } from 'react';
import styled from 'styled-components';
import { Button } from '@studyhub/shared';
import { AREAS } from '@studyhub/contract';
import { clearOverrides } from '../areas/area-overrides';
import type { OverrideResolution } from '../areas/override-request';
import { reloadPage } from './reload-page';

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: center;
  gap: 12px;
  padding: 6px 16px;
  font-size: 0.9rem;
  background: ${({ theme }) => theme.colors.surfaceAlt};
  border-bottom: 2px solid ${({ theme }) => theme.colors.warning};
  p {
    margin: 0;
  }
`;

/** Says which area versions this browser alone is trying, with Reset; and why a requested one was not taken. */
export function OverrideBanner({ overrides, notice }: OverrideResolution) {
  const [dismissed, setDismissed] = useState(false);
  const trying = AREAS.flatMap((area) => (overrides[area] ? [`${area} ${overrides[area]}`] : []));
  if (trying.length === 0 && (notice === null || dismissed)) return null;
  return (
    <Bar role="region" aria-label="Area versions in this browser" data-testid="override-banner">
      {trying.length > 0 && (
        <>
          <p>Trying {trying.join(', ')} in this browser only.</p>
          <Button
            onClick={() => {
              clearOverrides();
              reloadPage();
            }}
          >
            Reset
          </Button>
        </>
      )}
      {notice !== null && !dismissed && (
        <>
          <p>{notice}</p>
          <Button $variant="ghost" onClick={() => setDismissed(true)}>
            Dismiss
          </Button>
        </>
      )}
    </Bar>
  );
}
