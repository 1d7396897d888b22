import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import {
  Breadcrumb,
  Button,
  ButtonLink,
  Muted,
  Notice,
  Page,
  PageTitle,
  useApiQuery,
} from '@studyhub/shared';
import { hitLink, hitPlace, resultCount, searchNotes, Snippet } from '@studyhub/shared/search-hits';
import { PATHS, searchPath } from '@studyhub/contract';
import {
  SEARCH_MAX_PAGE,
  SEARCH_PAGE_SIZE,
  SEARCH_QUERY_MAX_LENGTH,
  SEARCH_QUERY_MIN_LENGTH,
} from '@studyhub/contract/schemas';
import { ListSkeleton, LoadFailure } from '../subject/loading-states';

export const SEARCH_PAGE_TEXTS = {
  label: 'Search inside the notes',
  button: 'Search',
  hint: `Type at least ${SEARCH_QUERY_MIN_LENGTH} characters: words, a "quoted phrase" or the start of a word with *.`,
  searching: 'Searching inside the notes…',
  failed: 'Could not search inside the notes.',
  results: (total: number, more: boolean, query: string) => `${resultCount(total, more)} for “${query}”`,
  pageOf: (page: number, pages: number) => `Page ${page} of ${pages}`,
  none: (query: string) => `No page of the notes or papers holds “${query}”.`,
  noneHint: 'Check the spelling, try fewer or other words, or search for a subject instead.',
  searchSubjects: 'Search subjects',
  previous: 'Previous',
  next: 'Next',
} as const;

const TEXTS = SEARCH_PAGE_TEXTS;

const Form = styled.form`
  display: flex;
  gap: 8px;
  margin: 0 0 8px;
  input {
    flex: 1;
    min-width: 0;
    min-height: 44px;
    box-sizing: border-box;
    padding: 8px 16px;
    font: inherit;
    color: inherit;
    border-radius: 999px;
    border: 1px solid ${({ theme }) => theme.colors.border};
    background: ${({ theme }) => theme.colors.surface};
  }
`;

const Hits = styled.ol`
  list-style: none;
  margin: 0 0 20px;
  padding: 0;
  display: grid;
  gap: 12px;
`;

const HitLink = styled(Link)`
  display: grid;
  gap: 4px;
  padding: 14px 16px;
  border-radius: ${({ theme }) => theme.radius};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  color: inherit;
  text-decoration: none;
  .subject {
    color: ${({ theme }) => theme.colors.primary};
    font-weight: 600;
    text-decoration: underline;
  }
  .place {
    color: ${({ theme }) => theme.colors.muted};
    font-size: 0.9rem;
  }
`;

const Paging = styled.nav`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 8px;
  margin-bottom: 24px;
`;

const Status = styled(Muted)`
  margin: 8px 0 16px;
`;

/** `?page=`, if it is a page number; the server says what is wrong with any other. */
function pageOf(value: string | null): number {
  return value === null || value === '' ? 1 : Number(value);
}

/** /search?q=&page= (decision 040): the pages of notes and papers holding the words, each opening the reader. */
export function SearchPage() {
  // The shared router is a subset without useSearchParams (shared/src/router-exports.ts).
  const params = new URLSearchParams(useLocation().search);
  const query = (params.get('q') ?? '').trim();
  const page = pageOf(params.get('page'));
  return (
    <Page>
      <Breadcrumb items={[{ label: 'Home', to: PATHS.home }, { label: 'Search' }]} />
      <PageTitle>Search</PageTitle>
      <SearchForm key={query} query={query} />
      {query.length >= SEARCH_QUERY_MIN_LENGTH ? (
        <Results key={`${query}|${page}`} query={query} page={page} />
      ) : (
        <Status>{TEXTS.hint}</Status>
      )}
    </Page>
  );
}

function SearchForm({ query }: { query: string }) {
  const navigate = useNavigate();
  const [text, setText] = useState(query);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() !== '') navigate(searchPath(text.trim()));
  };
  return (
    <Form role="search" onSubmit={submit}>
      <input
        type="search"
        aria-label={TEXTS.label}
        value={text}
        maxLength={SEARCH_QUERY_MAX_LENGTH}
        autoComplete="off"
        onChange={(event) => setText(event.target.value)}
      />
      <Button type="submit">{TEXTS.button}</Button>
    </Form>
  );
}

function Results({ query, page }: { query: string; page: number }) {
  const results = useApiQuery(`search/${page}/${query}`, (signal) => searchNotes(query, page, signal), {
    errorText: TEXTS.failed,
  });
  if (results.status === 'loading') return <ListSkeleton label={TEXTS.searching} rows={4} rowHeight="7rem" />;
  if (results.status === 'error') {
    // A query or page the server cannot take says why (its 400 message); anything else may pass on a retry.
    if (results.error.status === 400) return <Notice role="alert">{results.error.message}</Notice>;
    return (
      <LoadFailure
        title={TEXTS.failed}
        detail={results.error.message}
        onRetry={() => void results.reload()}
      />
    );
  }
  const { total, more, hits } = results.data;
  if (total === 0) {
    return (
      <Notice>
        <p role="status">{TEXTS.none(query)}</p>
        <Muted>{TEXTS.noneHint}</Muted>
        <ButtonLink to={PATHS.notes} state={{ search: query }} $variant="secondary">
          {TEXTS.searchSubjects}
        </ButtonLink>
      </Notice>
    );
  }
  const pages = Math.min(SEARCH_MAX_PAGE, Math.ceil(total / SEARCH_PAGE_SIZE));
  return (
    <>
      <Status role="status">
        {TEXTS.results(total, more, query)}
        {pages > 1 && ` · ${TEXTS.pageOf(page, pages)}`}
      </Status>
      <Hits aria-label="Results">
        {hits.map((hit) => (
          <li key={`${hit.fileId}/${hit.page}`}>
            <HitLink to={hitLink(hit, query)}>
              <span className="subject">
                {hit.subjectCode} {hit.subject}
              </span>
              <span className="place">{hitPlace(hit)}</span>
              <Snippet hit={hit} />
            </HitLink>
          </li>
        ))}
      </Hits>
      {pages > 1 && (
        <Paging aria-label="Pages of results">
          {page > 1 ? (
            <ButtonLink to={searchPath(query, page - 1)} $variant="secondary">
              ‹ {TEXTS.previous}
            </ButtonLink>
          ) : (
            <span />
          )}
          {page < pages && <ButtonLink to={searchPath(query, page + 1)}>{TEXTS.next} ›</ButtonLink>}
        </Paging>
      )}
    </>
  );
}
