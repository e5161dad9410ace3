import { useEffect, useState } from 'react';
import { STALE_TAB_AFTER_MS } from '@parley/contracts';

/** Spec §4/§9: after 30 minutes (1,800,000 ms) the open tab flags that a refresh is needed. */
export function useStaleTab(): boolean {
  const [stale, setStale] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setStale(true), STALE_TAB_AFTER_MS);
    return () => clearTimeout(timer);
  }, []);
  return stale;
}
