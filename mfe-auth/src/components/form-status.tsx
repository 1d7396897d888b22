import styled from 'styled-components';

export type Status = { kind: 'success' | 'info' | 'error'; text: string };

const Line = styled.p<{ $kind: Status['kind'] }>`
  margin: 0;
  font-weight: 600;
  color: ${({ theme, $kind }) =>
    $kind === 'error' ? theme.colors.danger : $kind === 'success' ? theme.colors.success : theme.colors.text};
`;

/** A page's outcome line: errors are alerts, everything else a polite status. */
export function FormStatus({ status }: { status: Status | null }) {
  if (!status) return null;
  return (
    <Line role={status.kind === 'error' ? 'alert' : 'status'} $kind={status.kind}>
      {status.text}
    </Line>
  );
}
