import type { ReactNode } from 'react';
import { Button, Muted, Notice, OfflineNotice } from '@studyhub/shared';
import type { PagedListState } from '../paging/use-paged-list';
import { Pager } from './pager';

interface PagedListProps<T> {
  list: PagedListState<T>;
  texts: { loading: string; failed: string; empty: string };
  children(items: T[]): ReactNode;
}

/**
 * A newest-first list a page at a time: loading, offline, failure with Retry, nothing yet, or the page and its
 * pager.
 */
export function PagedList<T>({ list, texts, children }: PagedListProps<T>) {
  if (list.loading) return <Notice role="status">{texts.loading}</Notice>;
  if (list.offline) return <OfflineNotice />;
  if (!list.data) {
    return (
      <Notice role="alert">
        <p>{texts.failed}</p>
        <Button onClick={list.retry}>Retry</Button>
      </Notice>
    );
  }
  if (list.data.items.length === 0) {
    return (
      <Notice>
        <Muted>{texts.empty}</Muted>
      </Notice>
    );
  }
  return (
    <>
      {children(list.data.items)}
      <Pager {...list.data} onPage={list.setPage} />
    </>
  );
}
