import { useEffect } from 'react';
import { GLOBAL_SETTINGS_CHECK_INTERVAL_MS } from '@parley/contracts';
import { useAppDispatch } from '../../../app/hooks';
import { refreshGlobalSettingsIfStale } from '../global-settings-slice';

/**
 * docs/product/states.md, docs/product/limits.md: every 60 seconds, refetch the global settings once more than 60 minutes have
 * passed since they were last fetched. Runs again from the start when the account changes.
 */
export function useGlobalSettingsRefresh(accountId: number | null) {
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (accountId === null) return;
    void dispatch(refreshGlobalSettingsIfStale());
    const timer = setInterval(
      () => void dispatch(refreshGlobalSettingsIfStale()),
      GLOBAL_SETTINGS_CHECK_INTERVAL_MS,
    );
    return () => clearInterval(timer);
  }, [dispatch, accountId]);
}
