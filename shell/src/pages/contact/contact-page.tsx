import { useEffect, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import {
  apiClient,
  Button,
  Card,
  CONTACT_SENT_STATE_MS,
  Muted,
  Page,
  PageTitle,
  SUPPORT_EMAIL,
  useSession,
} from '@studyhub/shared';

type SendState = 'idle' | 'sending' | 'sent';

const LOGIN_NEEDED = 'Please login to send a message.';

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
  const [message, setMessage] = useState('');
  const [state, setState] = useState<SendState>('idle');
  const loggedIn = Boolean(token && user);

  useEffect(() => {
    if (state !== 'sent') return;
    const timer = setTimeout(() => setState('idle'), CONTACT_SENT_STATE_MS);
    return () => clearTimeout(timer);
  }, [state]);

  async function send(event: FormEvent) {
    event.preventDefault();
    if (!user || message.trim() === '') return;
    setState('sending');
    try {
      await apiClient.post('/api/contact', { name: user.name, email: user.email ?? '', message });
      setMessage('');
      setState('sent');
    } catch (error) {
      // SPEC §8: a failed contact message is only logged.
      console.error('Contact message failed', error);
      setState('idle');
    }
  }

  return (
    <Page>
      <PageTitle>Contact us</PageTitle>
      <Card>
        <Form onSubmit={send}>
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
              required
              value={message}
              onChange={(event) => setMessage(event.target.value)}
            />
          </label>
          <Button
            type="submit"
            disabled={!loggedIn || state !== 'idle'}
            aria-describedby={loggedIn ? undefined : 'contact-login-needed'}
          >
            {buttonText(loggedIn, state)}
          </Button>
          {/* SPEC §5: sending needs a logged-in user. */}
          {!loggedIn && <Muted id="contact-login-needed">{LOGIN_NEEDED}</Muted>}
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
