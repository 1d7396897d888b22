import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { PATHS } from '@studyhub/contract';
import { useSession } from './session-provider';

/** product §4: logout clears the session, shows the notice and goes to /login. */
export function useLogout(): () => void {
  const { logout } = useSession();
  const navigate = useNavigate();
  return useCallback(() => {
    logout();
    navigate(PATHS.login);
  }, [logout, navigate]);
}
