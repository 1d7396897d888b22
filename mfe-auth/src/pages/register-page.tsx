import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Button, carriedReturnState, PageTitle, serverMessageOr, useMutation } from '@studyhub/shared';
import { NAME_LENGTH, PATHS } from '@studyhub/contract';
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
  const registration = useMutation(register, {
    // Still busy after success: the page is about to leave, a second click must not register again.
    keepBusy: true,
    successToast: AUTH_TEXTS.registered,
    errorToast: serverMessageOr(AUTH_TEXTS.registrationFailed),
    onSuccess({ registration: id }, [body]) {
      const signUp: SignUp = { email: body.email, registration: id };
      // The page that sent the visitor to sign in rides along, for the login after the code (decision 017).
      navigate(PATHS.verifyOtp, { state: { ...signUp, ...carriedReturnState(state) } });
    },
  });
  const busy = registration.busy;

  const field = (key: keyof RegisterForm) => ({
    value: form[key],
    error: errors[key],
    onChange: (value: string) => {
      setForm((current) => ({ ...current, [key]: value }));
      setErrors((current) => ({ ...current, [key]: undefined }));
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const check = checkRegisterForm(form);
    if (!check.ok) {
      setErrors(check.errors);
      return;
    }
    void registration.run(check.body);
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
