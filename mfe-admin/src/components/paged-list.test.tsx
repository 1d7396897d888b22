import { screen } from '@testing-library/react';
import { describe, expect, it, jest } from '@jest/globals';
import { MESSAGES } from '@studyhub/contract';
import { renderWithProviders } from '@studyhub/shared/testing';
import type { PagedListState } from '../paging/use-paged-list';
import { PagedList } from './paged-list';

const TEXTS = { loading: 'Loading…', failed: 'Could not load the list.', empty: 'Nothing yet.' };

function listState(state: Partial<PagedListState<string>>): PagedListState<string> {
  return {
    page: 1,
    setPage: jest.fn(),
    retry: jest.fn(),
    update: jest.fn(),
    loading: false,
    offline: false,
    data: null,
    ...state,
  };
}

describe('PagedList', () => {
  it('says a failed page plainly, with Retry', () => {
    renderWithProviders(
      <PagedList list={listState({})} texts={TEXTS}>
        {() => null}
      </PagedList>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(TEXTS.failed);
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('offline, says so instead (the list reads again when the connection returns; decision 037)', () => {
    renderWithProviders(
      <PagedList list={listState({ offline: true })} texts={TEXTS}>
        {() => null}
      </PagedList>,
    );
    expect(screen.getByTestId('offline-notice')).toHaveTextContent(MESSAGES.offline);
    expect(screen.queryByText(TEXTS.failed)).not.toBeInTheDocument();
  });
});
