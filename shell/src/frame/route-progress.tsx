import { useLocation } from 'react-router-dom';
import styled, { keyframes } from 'styled-components';
import { ROUTE_PROGRESS_MS } from '../constants';

const run = keyframes`
  from { transform: scaleX(0.1); opacity: 1; }
  to { transform: scaleX(1); opacity: 1; }
`;
const finish = keyframes`to { opacity: 0; visibility: hidden; }`;

const Bar = styled.div`
  position: fixed;
  top: 0;
  left: 0;
  right: 0;
  height: 3px;
  z-index: 2000;
  pointer-events: none;
  transform-origin: left;
  background: ${({ theme }) => theme.colors.accent};
  animation:
    ${run} ${ROUTE_PROGRESS_MS}ms ease-out forwards,
    ${finish} 150ms ease-in ${ROUTE_PROGRESS_MS}ms forwards;
`;

/**
 * A thin bar that runs on every route change and finishes after ~100 ms (product §2, §9). Keyed by the path, so
 * each navigation starts a fresh animation.
 */
export function RouteProgress() {
  const { pathname } = useLocation();
  return <Bar key={pathname} aria-hidden="true" data-testid="route-progress" />;
}
