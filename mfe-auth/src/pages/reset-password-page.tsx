import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router-dom';
import { apiErrorMessage, Button, PageTitle, useMutation } from '@studyhub/shared';
import { PATHS } from '@studyhub/contract';
import { VALIDATION } from '@studyhub/contract/schemas';
import { resetPassword } from '../api/reset-password';
import { AuthCard, AuthPage, Form } from '../components/form-parts';
import { FormStatus, type Status } from '../components/form-status';
import { PasswordInput } from '../components/password-input';
import { useDelayedNavigate } from '../hooks/use-delayed-navigate';
import { AUTH_TEXTS } from '../texts';
import { REDIRECT_AFTER_RESET_MS } from '../constants';

/** /reset-password/{token}: sets a new password, then /login after 1.5 s (product §2, §5, §8). */
export function ResetPasswordPage() {
  const { token = '' } = useParams();
  const navigateLater = useDelayedNavigate();
  const [password, setPassword] = useState('');
  const [status, setStatus] = useState<Status | null>(null);
  const [done, setDone] = useState(false);
  const reset = useMutation((newPassword: string) => resetPassword(token, { password: newPassword }), {
    onSuccess() {
      setDone(true);
      setStatus({ kind: 'success', text: AUTH_TEXTS.resetDone });
      navigateLater(PATHS.login, REDIRECT_AFTER_RESET_MS);
    },
    onError: (error) => setStatus({ kind: 'error', text: apiErrorMessage(error, AUTH_TEXTS.resetFailed) }),
  });
  const busy = reset.busy;

  function submit(event: FormEvent) {
    event.preventDefault();
    // product §5: required; the length rule is the server's, and its message is shown as it comes.
    if (password === '') {
      setStatus({ kind: 'error', text: VALIDATION.passwordRequired });
      return;
    }
    setStatus(null);
    void reset.run(password);
  }

  return (
    <AuthPage>
      <AuthCard aria-labelledby="reset-title">
        <PageTitle id="reset-title">Reset Password</PageTitle>
        <Form noValidate onSubmit={submit}>
          <PasswordInput
            label="New Password"
            autoComplete="new-password"
            required
            value={password}
            onChange={setPassword}
          />
          <Button type="submit" disabled={busy || done}>
            {busy ? 'Resetting...' : 'Reset Password'}
          </Button>
        </Form>
        <FormStatus status={status} />
      </AuthCard>
    </AuthPage>
  );
}
