import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import styled, { keyframes } from 'styled-components';
import { ROUTE_PROGRESS_MS } from '@studyhub/shared';

const grow = keyframes`from { transform: scaleX(0.1); } to { transform: scaleX(1); }`;

const Bar = styled.div`
  position: fixed;
  top: 0;
  left: 0;
  right: 0;
  height: 3px;
  z-index: 2000;
  transform-origin: left;
  background: ${({ theme }) => theme.colors.accent};
  animation: ${grow} ${ROUTE_PROGRESS_MS}ms ease-out forwards;
`;

/** A thin bar that runs on every route change and finishes after ~100 ms (SPEC §2, §9). */
export function RouteProgress() {
  const { pathname } = useLocation();
  const [running, setRunning] = useState(false);

  useEffect(() => {
    setRunning(true);
    const timer = setTimeout(() => setRunning(false), ROUTE_PROGRESS_MS);
    return () => clearTimeout(timer);
  }, [pathname]);

  return running ? <Bar role="progressbar" aria-label="Loading page" data-testid="route-progress" /> : null;
}
