import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useAppDispatch } from '../../../app/hooks';
import { resetAppState } from '../../../app/reset-app-state';
import { setAccountCookie } from '../../../lib/session';

/**
 * Switches the workspace: the account_id cookie picks the account for every call; the store
 * (except who is signed in) starts over, and the screens load the new account's data.
 */
export function useSwitchAccount() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return useCallback(
    (accountId: number) => {
      setAccountCookie(accountId);
      dispatch(resetAppState({ keepAuth: true }));
      navigate('/inboxes');
    },
    [dispatch, navigate],
  );
}
