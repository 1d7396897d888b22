import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Breadcrumb, Button, Card, Muted, Notice, Page, PageTitle, Spinner } from '@studyhub/shared';
import { PATHS, subjectPath } from '@studyhub/contract';
import { notesState } from '../progress/reader-links';
import { uploadDate } from '../recent/recent-notes';
import { ListIntro } from '../subject-groups';
import { STUDY_TEXTS } from '../study/study-texts';
import { useFollows } from '../study/use-follows';
import { useRowAction } from '../study/use-row-action';

const Items = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 10px;
`;

const ItemCard = styled(Card)`
  padding: 14px 16px;
  flex-direction: row;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 8px 12px;
  h2 {
    margin: 0;
    font-size: 1rem;
  }
`;

/** /following (decision 041): the subjects the student gets digest mails about, oldest first, each with Unfollow. */
export function FollowingPage() {
  const { query, follows, unfollow } = useFollows();
  const { busy, problem, run: stop } = useRowAction(unfollow);

  return (
    <Page>
      <Breadcrumb items={[{ label: 'Home', to: PATHS.home }, { label: STUDY_TEXTS.followingTitle }]} />
      <PageTitle>{STUDY_TEXTS.followingTitle}</PageTitle>
      <ListIntro>{STUDY_TEXTS.followingIntro}</ListIntro>
      {query.status === 'loading' && <Spinner label={STUDY_TEXTS.followingLoading} />}
      {query.status === 'error' && <Notice role="alert">{query.error.message}</Notice>}
      {problem && <Notice role="alert">{problem}</Notice>}
      {follows?.length === 0 && <Notice>{STUDY_TEXTS.followingEmpty}</Notice>}
      {follows && follows.length > 0 && (
        <Items>
          {follows.map((follow) => (
            <li key={follow.subjectCode}>
              <ItemCard data-testid="follow">
                <div>
                  <h2>
                    <Link to={subjectPath(follow.subjectCode)} state={notesState(follow.subjectCode)}>
                      {follow.subjectCode} · {follow.subject}
                    </Link>
                  </h2>
                  <Muted>{STUDY_TEXTS.since(uploadDate(follow.since))}</Muted>
                </div>
                <Button
                  $variant="secondary"
                  disabled={busy !== null}
                  aria-label={`${STUDY_TEXTS.unfollow} ${follow.subject}`}
                  onClick={() => void stop(follow.subjectCode)}
                >
                  {STUDY_TEXTS.unfollow}
                </Button>
              </ItemCard>
            </li>
          ))}
        </Items>
      )}
    </Page>
  );
}
