import styled from 'styled-components';
import { Button, Muted, Notice, SkeletonBlock, visuallyHidden } from '@studyhub/shared';

const Blocks = styled.div`
  display: grid;
  gap: 12px;
`;

const Hidden = styled.span`
  ${visuallyHidden}
`;

/** A list on its way: its shape in grey, and a status saying what is loading. */
export function ListSkeleton({ label, rows, rowHeight }: { label: string; rows: number; rowHeight: string }) {
  return (
    <Blocks aria-busy="true" data-testid="list-skeleton">
      <Hidden role="status">{label}</Hidden>
      {Array.from({ length: rows }, (_, index) => (
        <SkeletonBlock key={index} $height={rowHeight} />
      ))}
    </Blocks>
  );
}

const Failure = styled(Notice)`
  display: grid;
  gap: 12px;
  justify-items: center;
  p {
    margin: 0;
  }
`;

/** A read that failed: what could not be loaded, why when the server said so, and Try again. */
export function LoadFailure({ title, detail, onRetry }: { title: string; detail: string; onRetry(): void }) {
  return (
    <Failure role="alert">
      <p>{title}</p>
      <Muted>{detail}</Muted>
      <Button onClick={onRetry}>Try again</Button>
    </Failure>
  );
}
