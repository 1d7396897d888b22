import styled from 'styled-components';
import { Breadcrumb, Button, ButtonLink, Card, Notice, Page, PageTitle, Spinner } from '@studyhub/shared';
import { PATHS, readerLink, subjectPath } from '@studyhub/contract';
import type { Bookmark } from '@studyhub/contract/schemas';
import { notesState } from '../progress/reader-links';
import { bySubject, ListIntro } from '../subject-groups';
import { STUDY_TEXTS } from '../study/study-texts';
import { useBookmarks } from '../study/use-bookmarks';
import { useRowAction } from '../study/use-row-action';

const Subjects = styled.div`
  display: grid;
  gap: 20px;
`;

const SubjectName = styled.h2`
  font-size: 1.1rem;
  margin: 0 0 8px;
`;

const Items = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 10px;
`;

const ItemCard = styled(Card)`
  padding: 14px 16px;
  gap: 6px;
  h3 {
    margin: 0;
    font-size: 1rem;
  }
`;

const Note = styled.p`
  margin: 0;
  font-style: italic;
  overflow-wrap: anywhere;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 10px;
`;

function whatText(bookmark: Bookmark): string {
  if (bookmark.unit === null) return STUDY_TEXTS.whatSubject;
  if (bookmark.page === null) return STUDY_TEXTS.whatUnit(bookmark.unit, bookmark.unitTitle);
  return STUDY_TEXTS.whatPage(bookmark.unit, bookmark.page);
}

/** Where a bookmark opens: the subject page, a unit's reader, or the reader at the page. */
function openLink(bookmark: Bookmark): { to: string; state: unknown } {
  if (bookmark.unit === null) {
    return { to: subjectPath(bookmark.subjectCode), state: notesState(bookmark.subjectCode) };
  }
  const unit = { kind: 'note' as const, subjectCode: bookmark.subjectCode, unit: bookmark.unit };
  return { to: readerLink(unit, bookmark.page ?? 1), state: undefined };
}

/** /bookmarks (decision 041): what the student starred, by subject, each opening what it marks, with Remove. */
export function BookmarksPage() {
  const { query, bookmarks, remove } = useBookmarks();
  const { busy: removing, problem, run: removeOne } = useRowAction(remove);

  return (
    <Page>
      <Breadcrumb items={[{ label: 'Home', to: PATHS.home }, { label: STUDY_TEXTS.bookmarksTitle }]} />
      <PageTitle>{STUDY_TEXTS.bookmarksTitle}</PageTitle>
      <ListIntro>{STUDY_TEXTS.bookmarksIntro}</ListIntro>
      {query.status === 'loading' && <Spinner label={STUDY_TEXTS.bookmarksLoading} />}
      {query.status === 'error' && <Notice role="alert">{query.error.message}</Notice>}
      {problem && <Notice role="alert">{problem}</Notice>}
      {bookmarks?.length === 0 && <Notice>{STUDY_TEXTS.bookmarksEmpty}</Notice>}
      {bookmarks && bookmarks.length > 0 && (
        <Subjects>
          {bySubject(bookmarks).map(([code, items]) => (
            <section key={code} aria-labelledby={`bookmarks-${code}`}>
              <SubjectName id={`bookmarks-${code}`}>
                {code} · {items[0]!.subject}
              </SubjectName>
              <Items>
                {items.map((bookmark) => {
                  const link = openLink(bookmark);
                  const what = whatText(bookmark);
                  return (
                    <li key={bookmark._id}>
                      <ItemCard data-testid="bookmark">
                        <h3>{what}</h3>
                        {bookmark.note && <Note>{bookmark.note}</Note>}
                        <Actions>
                          <ButtonLink
                            to={link.to}
                            state={link.state}
                            aria-label={`${STUDY_TEXTS.open}: ${what}`}
                          >
                            {STUDY_TEXTS.open}
                          </ButtonLink>
                          <Button
                            $variant="secondary"
                            disabled={removing !== null}
                            aria-label={`${STUDY_TEXTS.remove}: ${what}`}
                            onClick={() => void removeOne(bookmark._id)}
                          >
                            {STUDY_TEXTS.remove}
                          </Button>
                        </Actions>
                      </ItemCard>
                    </li>
                  );
                })}
              </Items>
            </section>
          ))}
        </Subjects>
      )}
    </Page>
  );
}
