import styled from 'styled-components';
import { progressTone, type ProgressTone } from '../upload/progress';

const Track = styled.div`
  height: 14px;
  border-radius: 999px;
  overflow: hidden;
  background: ${({ theme }) => theme.colors.surfaceAlt};
  border: 1px solid ${({ theme }) => theme.colors.border};
`;

const Fill = styled.div<{ $tone: ProgressTone }>`
  height: 100%;
  transition: width 0.25s ease;
  background: ${({ theme, $tone }) =>
    $tone === 'red' ? theme.colors.danger : $tone === 'yellow' ? theme.colors.warning : theme.colors.success};
`;

const Label = styled.p`
  margin: 4px 0 0;
  font-size: 0.9rem;
  text-align: right;
`;

/** The upload's progress bar, coloured by product §4's thresholds. */
export function ProgressBar({ percent, label }: { percent: number; label: string }) {
  const tone = progressTone(percent);
  return (
    <div>
      <Track
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}%`}
        data-tone={tone}
      >
        <Fill $tone={tone} style={{ width: `${percent}%` }} />
      </Track>
      <Label aria-hidden="true">{percent}%</Label>
    </div>
  );
}
