import { useCallback, useState, type FormEvent } from 'react';
import { useLocation } from 'react-router-dom';
import styled from 'styled-components';
import {
  apiErrorMessage,
  Button,
  carriedReturnState,
  Muted,
  PageTitle,
  notify,
  useMutation,
} from '@studyhub/shared';
import { OTP_BLOCK_DURATION_MS, OTP_MAX_RESENDS, OTP_RESEND_COOLDOWN_MS, PATHS } from '@studyhub/contract';
import { otpField } from '@studyhub/contract/schemas';
import { resendOtp, serverBlock } from '../api/resend-otp';
import { verifyOtp } from '../api/verify-otp';
import { AuthCard, AuthPage, Form, LinkButton } from '../components/form-parts';
import { FormStatus, type Status } from '../components/form-status';
import { emptyDigits, OtpInputs } from '../components/otp-inputs';
import { useCountdown } from '../hooks/use-countdown';
import { useDelayedNavigate } from '../hooks/use-delayed-navigate';
import { formatRemaining, useOtpBlock } from '../hooks/use-otp-block';
import type { SignUp } from '../sign-up-state';
import { AUTH_TEXTS } from '../texts';
import { REDIRECT_AFTER_OTP_MS, REDIRECT_AFTER_RESET_MS } from '../constants';

const COOLDOWN_SECONDS = OTP_RESEND_COOLDOWN_MS / 1000;
/** product §4 gives no own figure for the wait before /register after an unblock; 1.5 s like the other redirects. */
const REDIRECT_AFTER_UNBLOCK_MS = REDIRECT_AFTER_RESET_MS;

const ResendRow = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: center;
  gap: 12px;
  flex-wrap: wrap;
`;

/* Narrow phones: a lighter frame leaves the six boxes room (the card itself is shared with the other auth pages). */
const OtpCard = styled(AuthCard)`
  @media (max-width: 400px) {
    padding: 20px 14px;
  }
`;

/* A long email address wraps instead of widening the card past the screen. */
const SentTo = styled(Muted)`
  overflow-wrap: anywhere;
`;

const BlockNotice = styled.p`
  margin: 0;
  padding: 10px 14px;
  border-radius: 8px;
  background: ${({ theme }) => theme.colors.surfaceAlt};
  border: 1px solid ${({ theme }) => theme.colors.danger};
  font-weight: 600;
`;

/** The code entry, resend with its cooldown and count, and the block (product §2, §4, §5, §8). */
export function OtpForm({ signUp }: { signUp: SignUp }) {
  const { email, registration } = signUp;
  const navigateLater = useDelayedNavigate();
  const { state } = useLocation();
  const cooldown = useCountdown(COOLDOWN_SECONDS);
  const [digits, setDigits] = useState(emptyDigits);
  const [resends, setResends] = useState(0);
  const [status, setStatus] = useState<Status | null>(null);
  const [verified, setVerified] = useState(false);

  const onUnblock = useCallback(() => {
    setResends(0);
    setDigits(emptyDigits());
    setStatus(null);
    notify.info(AUTH_TEXTS.otpUnblocked);
    navigateLater(PATHS.register, REDIRECT_AFTER_UNBLOCK_MS);
  }, [navigateLater]);
  const { blocked, remainingMs, block } = useOtpBlock(email, onUnblock);

  const verification = useMutation((otp: string) => verifyOtp({ email, otp, registration }), {
    onSuccess({ message }) {
      setVerified(true);
      setStatus({ kind: 'success', text: message || AUTH_TEXTS.otpVerified });
      // The login that follows still returns where the visitor set out from (decision 017).
      navigateLater(PATHS.login, REDIRECT_AFTER_OTP_MS, { state: carriedReturnState(state) });
    },
    onError: (error) =>
      setStatus({ kind: 'error', text: apiErrorMessage(error, AUTH_TEXTS.otpVerifyFailed) }),
  });
  const verifying = verification.busy;

  const resendCode = useMutation(() => resendOtp({ email, registration }), {
    onSuccess({ message }) {
      setResends((count) => count + 1);
      setDigits(emptyDigits());
      cooldown.restart();
      setStatus({ kind: 'info', text: message || AUTH_TEXTS.otpResent });
    },
    onError(error) {
      const serverBlocked = serverBlock(error);
      if (serverBlocked) {
        setStatus({ kind: 'error', text: apiErrorMessage(error, AUTH_TEXTS.otpResendLimit) });
        block(serverBlocked.unblockAt ?? Date.now() + OTP_BLOCK_DURATION_MS);
      } else {
        setStatus({ kind: 'error', text: apiErrorMessage(error, AUTH_TEXTS.otpResendFailed) });
      }
    },
  });

  function verify(event: FormEvent) {
    event.preventDefault();
    const otp = otpField.safeParse(digits.join(''));
    if (!otp.success) {
      setStatus({ kind: 'error', text: otp.error.issues[0]?.message ?? AUTH_TEXTS.otpVerifyFailed });
      return;
    }
    void verification.run(otp.data);
  }

  function resend() {
    // The third resent code stays usable; only asking for a fourth blocks (product §4: the counter goes up to 3).
    if (resends >= OTP_MAX_RESENDS) {
      setStatus({ kind: 'error', text: AUTH_TEXTS.otpResendLimit });
      block(Date.now() + OTP_BLOCK_DURATION_MS);
      return;
    }
    void resendCode.run();
  }

  return (
    <AuthPage>
      <OtpCard aria-labelledby="otp-title">
        <PageTitle id="otp-title">Verify OTP</PageTitle>
        <SentTo>
          Enter the 6-digit code sent to <strong>{email}</strong>.
        </SentTo>
        <Form noValidate onSubmit={verify}>
          <OtpInputs digits={digits} onChange={setDigits} disabled={blocked || verified} />
          <Button type="submit" disabled={blocked || verifying || verified}>
            {verifying ? 'Verifying...' : 'Verify OTP'}
          </Button>
        </Form>
        <FormStatus status={status} />
        <ResendRow>
          <LinkButton
            onClick={resend}
            disabled={blocked || verified || resendCode.busy || cooldown.seconds > 0}
          >
            {cooldown.seconds > 0 ? `Resend OTP in ${cooldown.seconds}s` : 'Resend OTP'}
          </LinkButton>
          <Muted>{`Resent: ${resends} of ${OTP_MAX_RESENDS}`}</Muted>
        </ResendRow>
        {blocked && (
          <BlockNotice role="timer" aria-live="off">
            Blocked. Try again in {formatRemaining(remainingMs)}
          </BlockNotice>
        )}
      </OtpCard>
    </AuthPage>
  );
}
