import { Navigate } from 'react-router-dom';
import type { AreaRoutesProps } from '@studyhub/contract';
import { ForgotPasswordPage } from './pages/forgot-password-page';
import { LoginPage } from './pages/login-page';
import { OtpPage } from './pages/otp-page';
import { RegisterPage } from './pages/register-page';
import { ResetPasswordPage } from './pages/reset-password-page';

const PAGES: Record<string, () => React.JSX.Element | null> = {
  login: LoginPage,
  register: RegisterPage,
  'verify-otp': OtpPage,
  'forgot-password': ForgotPasswordPage,
  'reset-password': ResetPasswordPage,
};

/** The auth area's pages, chosen by the shell's route table (ROUTE_TABLE in @studyhub/contract). */
export function AuthArea({ page }: AreaRoutesProps) {
  const Page = PAGES[page];
  return Page ? <Page /> : <Navigate to="/" replace />;
}
