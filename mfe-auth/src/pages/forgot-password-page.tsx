import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { apiErrorMessage, Button, Muted, PageTitle, useMutation } from '@studyhub/shared';
import { PATHS } from '@studyhub/contract';
import { emailField } from '@studyhub/contract/schemas';
import { forgotPassword } from '../api/forgot-password';
import { Aside, AuthCard, AuthPage, Form } from '../components/form-parts';
import { FormStatus, type Status } from '../components/form-status';
import { TextField } from '../components/text-field';
import { AUTH_TEXTS } from '../texts';

/** /forgot-password: asks the server to mail a reset link (product §2, §8). */
export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [status, setStatus] = useState<Status | null>(null);
  const sending = useMutation(forgotPassword, {
    onSuccess: ({ message }) => setStatus({ kind: 'success', text: message || AUTH_TEXTS.resetLinkSent }),
    onError: (error) => setStatus({ kind: 'error', text: apiErrorMessage(error, AUTH_TEXTS.forgotFailed) }),
  });
  const busy = sending.busy;

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = emailField.safeParse(email);
    if (!parsed.success) {
      setStatus({ kind: 'error', text: parsed.error.issues[0]?.message ?? AUTH_TEXTS.forgotFailed });
      return;
    }
    setStatus(null);
    void sending.run({ email: parsed.data });
  }

  return (
    <AuthPage>
      <AuthCard aria-labelledby="forgot-title">
        <PageTitle id="forgot-title">Forgot Password</PageTitle>
        <Muted>Enter your account&apos;s email and we will send you a link to set a new password.</Muted>
        <Form noValidate onSubmit={submit}>
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={setEmail}
          />
          <Button type="submit" disabled={busy}>
            {busy ? 'Sending...' : 'Send Reset Link'}
          </Button>
        </Form>
        <FormStatus status={status} />
        <Aside>
          Remembered it? <Link to={PATHS.login}>Log In</Link>
        </Aside>
      </AuthCard>
    </AuthPage>
  );
}
