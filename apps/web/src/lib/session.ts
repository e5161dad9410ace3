import Cookies from 'js-cookie';
import { COOKIES, LOCAL_KEYS, PERSIST_KEY } from '@parley/contracts';

/** The three session cookies of docs/product/data.md, docs/product/api.md, as the server set them (readable, path /). */
export interface SessionCookies {
  authToken: string | undefined;
  accountId: string | undefined;
  csrfToken: string | undefined;
}

export function readSessionCookies(): SessionCookies {
  return {
    authToken: Cookies.get(COOKIES.authToken),
    accountId: Cookies.get(COOKIES.accountId),
    csrfToken: Cookies.get(COOKIES.csrfToken),
  };
}

export function hasSession(): boolean {
  return Boolean(Cookies.get(COOKIES.authToken));
}

export function currentAccountId(): number | null {
  const raw = Cookies.get(COOKIES.accountId);
  const id = raw ? Number(raw) : NaN;
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** Same lifetime as the server's cookies, so a switched account outlives the tab. */
const COOKIE_DAYS = 30;

export function setAccountCookie(accountId: number): void {
  Cookies.set(COOKIES.accountId, String(accountId), {
    path: '/',
    sameSite: 'lax',
    expires: COOKIE_DAYS,
    secure: window.location.protocol === 'https:',
  });
}

export function clearSessionCookies(): void {
  for (const name of Object.values(COOKIES)) Cookies.remove(name, { path: '/' });
}

/**
 * Forgets everything this browser kept about the session: the user record and the persisted
 * store. Used when a session ends, even before the store has been loaded.
 */
export function clearLocalSessionData(): void {
  try {
    localStorage.removeItem(LOCAL_KEYS.loggedInUserData);
    localStorage.removeItem(`persist:${PERSIST_KEY}`);
  } catch {
    // Storage can be unavailable (private mode); nothing to clear then.
  }
}
