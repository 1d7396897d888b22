import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import {
  apiErrorMessage,
  Button,
  carriedReturnState,
  PageTitle,
  useMutation,
  useSession,
} from '@studyhub/shared';
import { PATHS } from '@studyhub/contract';
import { loginBody } from '@studyhub/contract/schemas';
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
  display: inline-flex;
  align-items: center;
  min-height: 44px;
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
  const signIn = useMutation(loginCall, {
    // Still busy: the page is about to leave, a second click must not log in again.
    keepBusy: true,
    successToast: AUTH_TEXTS.loginSuccess,
    onSuccess({ user, token }) {
      login(user, token);
      afterSignIn();
    },
    onError: (error) => banner.show(apiErrorMessage(error, AUTH_TEXTS.loginFailed)),
  });
  const busy = signIn.busy;
  useUnauthorizedNotice(banner.show);

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = loginBody.safeParse({ email, password });
    if (!parsed.success) {
      banner.show(parsed.error.issues[0]?.message ?? AUTH_TEXTS.loginFailed);
      return;
    }
    void signIn.run(parsed.data);
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
