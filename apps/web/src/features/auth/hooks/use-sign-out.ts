import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useAppDispatch } from '../../../app/hooks';
import { resetAppState } from '../../../app/reset-app-state';
import { clearLocalSessionData, clearSessionCookies } from '../../../lib/session';
import { authApi } from '../api/auth-api';

/** Sign out: end the session on the server, then forget it here and go to /login. */
export function useSignOut() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await authApi.logout();
    } catch {
      // An already-ended session is signed out all the same.
    }
    clearSessionCookies();
    clearLocalSessionData();
    dispatch(resetAppState());
    navigate('/login', { replace: true });
  }, [dispatch, navigate]);
}
