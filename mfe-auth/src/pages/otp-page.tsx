import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { notify } from '@studyhub/shared';
import { PATHS } from '@studyhub/contract';
import { AUTH_TEXTS } from '../texts';
import { signUpFromState } from '../sign-up-state';
import { OtpForm } from './otp-form';

/** /verify-otp: needs the sign-up from the registration; without it, back to /register (product §8). */
export function OtpPage() {
  const { state } = useLocation();
  const navigate = useNavigate();
  const signUp = signUpFromState(state);

  useEffect(() => {
    if (signUp) return;
    notify.error(AUTH_TEXTS.otpEmailMissing, { toastId: 'otp-email-missing' });
    navigate(PATHS.register, { replace: true });
  }, [signUp, navigate]);

  return signUp ? <OtpForm signUp={signUp} /> : null;
}
