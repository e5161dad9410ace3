import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { configureRequest } from '../lib/request';

/** Lets the request wrapper (plain TS) navigate through the router on 401/403. */
export function NavigationBridge() {
  const navigate = useNavigate();
  useEffect(() => {
    configureRequest({ navigate: (to) => void navigate(to) });
  }, [navigate]);
  return null;
}
