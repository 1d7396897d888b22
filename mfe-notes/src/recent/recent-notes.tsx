import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import {
  Button,
  Card,
  Grid,
  loginStateReturningTo,
  Muted,
  Notice,
  useApiQuery,
  useSession,
  notify,
} from '@studyhub/shared';
import { FRAME_TOAST_AUTO_CLOSE_MS, MESSAGES, PATHS } from '@studyhub/contract';
import { getRecentNotes } from '../api/get-recent-notes';
import { REDIRECT_ANONYMOUS_NOTE_CARD_MS } from '../constants';

const Section = styled.section`
  margin: 0 0 48px;
  h3 {
    margin: 0;
    font-size: 1.1rem;
  }
`;

/** product §2 and §9: the upload date as en-IN with a short month ("9 May 2025"); text that is no date stays. */
export function uploadDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleDateString('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });
}

/**
 * Home's "Recently Uploaded Notes" (product §2), lent to the shell as `notes/RecentNotes`. A failed fetch is only
 * logged (product §7–§8) and the section then reads "No uploads yet.".
 */
export function RecentNotes() {
  const recent = useApiQuery('recent-notes', getRecentNotes, {
    // Offline is no fault to report: the read is asked again once the connection returns.
    onError: ({ cause, offline }) => {
      if (!offline) console.error('Recently uploaded notes could not be loaded', cause);
    },
  });
  // A failed fetch reads as an empty list.
  const notes = recent.status === 'loading' ? null : (recent.data ?? []);
  const { token } = useSession();
  const navigate = useNavigate();
  const redirect = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (redirect.current) clearTimeout(redirect.current);
    },
    [],
  );

  function open() {
    // Logged in is judged by the presence of the token (product §4).
    if (token) {
      navigate(PATHS.notes);
      return;
    }
    notify.info(MESSAGES.loginToAccessNotes, { autoClose: FRAME_TOAST_AUTO_CLOSE_MS });
    if (redirect.current) clearTimeout(redirect.current);
    // After signing in, the visitor lands where a signed-in tap goes (decision 017's return rule).
    redirect.current = setTimeout(
      () => navigate(PATHS.login, { state: loginStateReturningTo(PATHS.notes) }),
      REDIRECT_ANONYMOUS_NOTE_CARD_MS,
    );
  }

  return (
    <Section aria-labelledby="recent-notes" aria-busy={notes === null}>
      <h2 id="recent-notes">Recently Uploaded Notes</h2>
      {notes === null ? (
        <Muted role="status">Loading...</Muted>
      ) : notes.length === 0 ? (
        <Notice>{MESSAGES.noUploadsYet}</Notice>
      ) : (
        <Grid $min="230px">
          {notes.map((note) => (
            <Card key={note._id} data-testid="recent-note">
              <h3>
                {note.subject} ({note.unit})
              </h3>
              <Muted>
                {note.branch} | {note.year} | {note.semester}
              </Muted>
              <Muted>
                <time dateTime={note.createdAt}>{uploadDate(note.createdAt)}</time>
              </Muted>
              <Button onClick={open} aria-label={`View notes: ${note.subject} (${note.unit})`}>
                View Notes
              </Button>
            </Card>
          ))}
        </Grid>
      )}
    </Section>
  );
}
