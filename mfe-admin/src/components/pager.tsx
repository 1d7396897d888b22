import styled from 'styled-components';
import { Button, Muted } from '@studyhub/shared';

const Bar = styled.nav`
  display: flex;
  align-items: center;
  gap: 12px;
  margin-top: 16px;
`;

interface PagerProps {
  page: number;
  pageSize: number;
  total: number;
  onPage(page: number): void;
}

/** Newer and older pages of a newest-first list. */
export function Pager({ page, pageSize, total, onPage }: PagerProps) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <Bar aria-label="Pages">
      <Button $variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Newer
      </Button>
      <Muted as="span">
        Page {page} of {pages}
      </Muted>
      <Button $variant="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Older
      </Button>
    </Bar>
  );
}
