import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import {
  apiErrorMessage,
  Button,
  carriedReturnState,
  PageTitle,
  PATHS,
  useSession,
  notify,
} from '@studyhub/shared';
import { loginBody } from '@studyhub/shared/schemas';
import { login as loginCall } from '../api/login';
import { ErrorBanner } from '../components/error-banner';
import { Aside, AuthCard, AuthPage, Form } from '../components/form-parts';
import { GoogleButton } from '../components/google-button';
import { PasswordInput } from '../components/password-input';
import { TextField } from '../components/text-field';
import { useBanner } from '../hooks/use-banner';
import { useAfterSignIn } from '../hooks/use-after-sign-in';
import { useGoogleAuth } from '../hooks/use-google-auth';
import { useUnauthorizedNotice } from '../hooks/use-unauthorized-notice';
import { AUTH_TEXTS } from '../texts';

const Forgot = styled(Link)`
  justify-self: end;
  font-size: 0.9rem;
  color: ${({ theme }) => theme.colors.primary};
`;

export function LoginPage() {
  const { login } = useSession();
  const afterSignIn = useAfterSignIn();
  const { state } = useLocation();
  const banner = useBanner();
  const google = useGoogleAuth(AUTH_TEXTS.googleLoggedIn);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  useUnauthorizedNotice(banner.show);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = loginBody.safeParse({ email, password });
    if (!parsed.success) {
      banner.show(parsed.error.issues[0]?.message ?? AUTH_TEXTS.loginFailed);
      return;
    }
    setBusy(true);
    try {
      const { user, token } = await loginCall(parsed.data);
      login(user, token);
      notify.success(AUTH_TEXTS.loginSuccess);
      // Still busy: the page is about to leave, a second click must not log in again.
      afterSignIn();
    } catch (error) {
      banner.show(apiErrorMessage(error, AUTH_TEXTS.loginFailed));
      setBusy(false);
    }
  }

  return (
    <AuthPage>
      <AuthCard aria-labelledby="login-title">
        <PageTitle id="login-title">Login</PageTitle>
        {banner.message && <ErrorBanner message={banner.message} onDismiss={banner.dismiss} />}
        <Form noValidate onSubmit={submit}>
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={setEmail}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            required
            value={password}
            onChange={setPassword}
          />
          <Forgot to={PATHS.forgotPassword}>Forgot Password?</Forgot>
          <Button type="submit" disabled={busy}>
            {busy ? 'Logging in...' : 'Login'}
          </Button>
        </Form>
        <GoogleButton text="signin_with" onCredential={google.onCredential} onError={google.onError} />
        <Aside>
          Don&apos;t have an account?{' '}
          <Link to={PATHS.register} state={carriedReturnState(state)}>
            Sign Up
          </Link>
        </Aside>
      </AuthCard>
    </AuthPage>
  );
}
