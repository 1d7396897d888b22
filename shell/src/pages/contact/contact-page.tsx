import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import {
  apiPost,
  Button,
  Card,
  loginStateReturningTo,
  Muted,
  Notice,
  Page,
  PageTitle,
  useSession,
} from '@studyhub/shared';
import { PATHS, SUPPORT_EMAIL } from '@studyhub/contract';
import { messageReply } from '@studyhub/contract/schemas';
import { keepContactDraft, readContactDraft } from './contact-draft';
import { CONTACT_SENT_STATE_MS } from '../../constants';

type SendState = 'idle' | 'sending' | 'sent';

const LOGIN_NEEDED = 'Please login to send a message.';

/** The login brings the visitor back to Contact, where the kept draft is waiting (decision 017). */
const LOGIN_STATE = loginStateReturningTo(PATHS.contact);

const Form = styled.form`
  display: grid;
  gap: 14px;
  max-width: 640px;
  label {
    display: grid;
    gap: 6px;
    font-weight: 600;
  }
  input,
  textarea {
    font: inherit;
    padding: 10px 12px;
    border-radius: 8px;
    border: 1px solid ${({ theme }) => theme.colors.border};
    background: ${({ theme }) => theme.colors.background};
    color: inherit;
  }
`;

const Socials = styled.ul`
  list-style: none;
  display: flex;
  flex-wrap: wrap;
  gap: 16px;
  padding: 0;
  a {
    display: inline-flex;
    align-items: center;
    min-height: 44px;
  }
`;

const SOCIAL_LINKS = [
  { label: 'GitHub', href: 'https://github.com/' },
  { label: 'LinkedIn', href: 'https://www.linkedin.com/' },
  { label: 'Email', href: `mailto:${SUPPORT_EMAIL}` },
  { label: 'Instagram', href: 'https://www.instagram.com/' },
];

function buttonText(loggedIn: boolean, state: SendState): string {
  if (!loggedIn) return 'Login to Send Message';
  if (state === 'sending') return 'Sending...';
  if (state === 'sent') return 'Sent ✅';
  return 'Send Message';
}

export function ContactPage() {
  const { user, token } = useSession();
  const navigate = useNavigate();
  const [message, setMessage] = useState(readContactDraft);
  const [state, setState] = useState<SendState>('idle');
  const loggedIn = Boolean(token && user);

  useEffect(() => {
    if (state !== 'sent') return;
    const timer = setTimeout(() => setState('idle'), CONTACT_SENT_STATE_MS);
    return () => clearTimeout(timer);
  }, [state]);

  function edit(text: string) {
    setMessage(text);
    keepContactDraft(text);
  }

  async function send(event: FormEvent) {
    event.preventDefault();
    // Logged out, the button is the way to log in (its SPEC text says so); the message waits in the draft.
    if (!loggedIn) {
      navigate(PATHS.login, { state: LOGIN_STATE });
      return;
    }
    if (!user || message.trim() === '') return;
    setState('sending');
    try {
      const body = { name: user.name, email: user.email ?? '', message };
      await apiPost('/api/contact', body, __STUDYHUB_CHECK_REPLIES__ && messageReply);
      edit('');
      setState('sent');
    } catch (error) {
      // product §8: a failed contact message is only logged.
      console.error('Contact message failed', error);
      setState('idle');
    }
  }

  return (
    <Page>
      <PageTitle>Contact us</PageTitle>
      <Card>
        <Form onSubmit={send}>
          {/* product §5: sending needs a logged-in user; say so before anything is typed. */}
          {!loggedIn && (
            <Notice>
              <span id="contact-login-needed">{LOGIN_NEEDED}</span>{' '}
              <Link to={PATHS.login} state={LOGIN_STATE}>
                Log in
              </Link>{' '}
              and you will come back here with your message kept.
            </Notice>
          )}
          <label>
            Name
            <input value={user?.name ?? ''} readOnly />
          </label>
          <label>
            Email
            <input value={user?.email ?? ''} readOnly />
          </label>
          <label>
            Message
            <textarea
              rows={6}
              // Logged out the box takes no "required" check: the button only leads to the login.
              required={loggedIn}
              value={message}
              onChange={(event) => edit(event.target.value)}
            />
          </label>
          <Button
            type="submit"
            disabled={loggedIn && state !== 'idle'}
            aria-describedby={loggedIn ? undefined : 'contact-login-needed'}
          >
            {buttonText(loggedIn, state)}
          </Button>
        </Form>
        <Muted>Find us elsewhere:</Muted>
        <Socials>
          {SOCIAL_LINKS.map((link) => (
            <li key={link.label}>
              <a href={link.href} target="_blank" rel="noopener noreferrer">
                {link.label}
              </a>
            </li>
          ))}
        </Socials>
      </Card>
    </Page>
  );
}
