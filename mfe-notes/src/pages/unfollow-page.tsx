import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import styled from 'styled-components';
import {
  apiErrorMessage,
  apiErrorReply,
  Breadcrumb,
  Button,
  ButtonLink,
  Muted,
  Notice,
  Page,
  PageTitle,
} from '@studyhub/shared';
import { PATHS } from '@studyhub/contract';
import { findSubject } from '@studyhub/contract/catalog';
import { STUDY_MESSAGES, type UnfollowReply } from '@studyhub/contract/schemas';
import { postUnfollow } from '../api/post-unfollow';
import { STUDY_TEXTS } from '../study/study-texts';

const Body = styled.div`
  display: grid;
  gap: 16px;
  justify-items: start;
`;

/**
 * The subject a digest link's token names, to say which mails it stops: the token reads
 * `<expiry>~<user id>~<subject code>~<signature>` (decision 039); one naming several subjects gets the button's
 * general words. Only the server's check of the signature decides; this is for the words on the button.
 */
const subjectOfToken = (token: string) => token.split('~')[2] ?? '';

/** `final`: the server refused the link, so the button could only fail again; a failure without a reply may be retried. */
type State =
  | { kind: 'asking' }
  | { kind: 'done'; reply: UnfollowReply }
  | { kind: 'failed'; message: string; final: boolean };

/**
 * /unfollow?token=… (decision 041), open: the digest mail's link. It says which subject the mails are
 * about and stops them only on the button's tap, never on the page's load (mail scanners open links); a bad link
 * shows the server's message.
 */
export function UnfollowPage() {
  const token = new URLSearchParams(useLocation().search).get('token') ?? '';
  const subject = findSubject(subjectOfToken(token));
  const [state, setState] = useState<State>({ kind: 'asking' });
  const [busy, setBusy] = useState(false);

  async function stop() {
    setBusy(true);
    try {
      setState({ kind: 'done', reply: await postUnfollow(token) });
    } catch (error) {
      const message = apiErrorMessage(error, STUDY_MESSAGES.unfollowLink);
      setState({ kind: 'failed', message, final: apiErrorReply(error) !== null });
    }
    setBusy(false);
  }

  return (
    <Page>
      <Breadcrumb items={[{ label: 'Home', to: PATHS.home }, { label: STUDY_TEXTS.unfollowTitle }]} />
      <PageTitle>{STUDY_TEXTS.unfollowTitle}</PageTitle>
      <Body>
        {token === '' ? (
          <Notice role="alert">{STUDY_TEXTS.unfollowMissing}</Notice>
        ) : state.kind === 'done' ? (
          <Notice role="status">{state.reply.message}</Notice>
        ) : (
          <>
            <Muted>{STUDY_TEXTS.unfollowIntro}</Muted>
            {state.kind === 'failed' && <Notice role="alert">{state.message}</Notice>}
            {!(state.kind === 'failed' && state.final) && (
              <Button disabled={busy} onClick={() => void stop()}>
                {subject ? STUDY_TEXTS.stopMails(subject.name) : STUDY_TEXTS.stopMailsOfLink}
              </Button>
            )}
          </>
        )}
        <ButtonLink to={PATHS.following} $variant="secondary">
          {STUDY_TEXTS.toFollowing}
        </ButtonLink>
      </Body>
    </Page>
  );
}
