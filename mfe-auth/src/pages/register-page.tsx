import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import {
  apiErrorMessage,
  Button,
  carriedReturnState,
  NAME_LENGTH,
  PageTitle,
  PATHS,
  notify,
} from '@studyhub/shared';
import { register } from '../api/register';
import { Aside, AuthCard, AuthPage, Form } from '../components/form-parts';
import { GoogleButton } from '../components/google-button';
import { PasswordInput } from '../components/password-input';
import { TextField } from '../components/text-field';
import { useGoogleAuth } from '../hooks/use-google-auth';
import { passwordStrength } from '../password-strength';
import { checkRegisterForm, type RegisterErrors, type RegisterForm } from '../register-validation';
import type { SignUp } from '../sign-up-state';
import { AUTH_TEXTS } from '../texts';

const EMPTY: RegisterForm = { name: '', email: '', password: '', confirm: '' };

export function RegisterPage() {
  const navigate = useNavigate();
  const { state } = useLocation();
  const google = useGoogleAuth(AUTH_TEXTS.googleRegistered);
  const [form, setForm] = useState<RegisterForm>(EMPTY);
  const [errors, setErrors] = useState<RegisterErrors>({});
  const [busy, setBusy] = useState(false);

  const field = (key: keyof RegisterForm) => ({
    value: form[key],
    error: errors[key],
    onChange: (value: string) => {
      setForm((current) => ({ ...current, [key]: value }));
      setErrors((current) => ({ ...current, [key]: undefined }));
    },
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const check = checkRegisterForm(form);
    if (!check.ok) {
      setErrors(check.errors);
      return;
    }
    setBusy(true);
    try {
      const { registration } = await register(check.body);
      notify.success(AUTH_TEXTS.registered);
      const signUp: SignUp = { email: check.body.email, registration };
      // The page that sent the visitor to sign in rides along, for the login after the code (decision 017).
      navigate(PATHS.verifyOtp, { state: { ...signUp, ...carriedReturnState(state) } });
    } catch (error) {
      notify.error(apiErrorMessage(error, AUTH_TEXTS.registrationFailed));
      setBusy(false);
    }
  }

  return (
    <AuthPage>
      <AuthCard aria-labelledby="register-title">
        <PageTitle id="register-title">Register</PageTitle>
        <Form noValidate onSubmit={submit}>
          <TextField
            label="Full Name"
            autoComplete="name"
            required
            maxLength={NAME_LENGTH.max}
            hint={`${form.name.length}/${NAME_LENGTH.max} characters`}
            {...field('name')}
          />
          <TextField label="Email" type="email" autoComplete="email" required {...field('email')} />
          <PasswordInput
            label="Password"
            autoComplete="new-password"
            required
            hint={form.password ? `Password strength: ${passwordStrength(form.password)}` : undefined}
            {...field('password')}
          />
          <TextField
            label="Confirm Password"
            type="password"
            autoComplete="new-password"
            required
            {...field('confirm')}
          />
          <Button type="submit" disabled={busy}>
            {busy ? 'Registering...' : 'Register'}
          </Button>
        </Form>
        <GoogleButton text="signup_with" onCredential={google.onCredential} onError={google.onError} />
        <Aside>
          Already have an account?{' '}
          <Link to={PATHS.login} state={carriedReturnState(state)}>
            Log In
          </Link>
        </Aside>
      </AuthCard>
    </AuthPage>
  );
}
