import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { PATHS } from '@studyhub/shared';
import { AUTH_TEXTS } from '../texts';
import { OtpForm } from './otp-form';

/** The email the registration passed in navigation state (SPEC §2), or null. */
export function emailFromState(state: unknown): string | null {
  if (typeof state !== 'object' || state === null) return null;
  const { email } = state as { email?: unknown };
  return typeof email === 'string' && email.trim() !== '' ? email : null;
}

/** /verify-otp: needs the email from the registration; without it, back to /register (SPEC §8). */
export function OtpPage() {
  const { state } = useLocation();
  const navigate = useNavigate();
  const email = emailFromState(state);

  useEffect(() => {
    if (email) return;
    toast.error(AUTH_TEXTS.otpEmailMissing, { toastId: 'otp-email-missing' });
    navigate(PATHS.register, { replace: true });
  }, [email, navigate]);

  return email ? <OtpForm email={email} /> : null;
}
