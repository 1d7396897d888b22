import styled from 'styled-components';
import { AREAS } from '@studyhub/contract';
import { useLoadedVersions } from '../areas/area-registry-context';

const SHELL_VERSION = __STUDYHUB_BUILD_VERSION__;

const Line = styled.p`
  text-align: center;
  color: ${({ theme }) => theme.colors.muted};
  font-size: 0.75rem;
  margin: 8px 0 0;
`;

/**
 * Which build of the shell and of each loaded area this page runs, as the modules report themselves — for
 * on-call engineers after a release or rollback, and for the browser tests.
 */
export function ReleaseLine() {
  const loaded = useLoadedVersions();
  return (
    <Line data-testid="release-line">
      <span data-app="shell">shell {SHELL_VERSION}</span>
      {AREAS.flatMap((area) => {
        const version = loaded[area];
        if (!version) return [];
        const channel = version.channel === 'live' ? '' : ` (${version.channel})`;
        return [
          <span key={area} data-app={area} data-version={version.version}>
            {` · ${area} ${version.version}${channel}`}
          </span>,
        ];
      })}
    </Line>
  );
}
