import type { FastifyReply } from 'fastify';
import { COOKIES, type AuthResponse } from '@parley/contracts';
import type { Config } from '../config';

/** What the cookies carry of a session just issued (the auth module's IssuedSession fits it). */
interface SessionForCookies {
  response: Pick<AuthResponse, 'token' | 'account_id'>;
  csrfToken: string;
}

// The web app reads these cookies to build its headers (docs/product/api.md), so they are not HttpOnly;
// the token still only authenticates when sent in the Authorization header, never as a cookie.
function options(config: Config, maxAgeSeconds: number) {
  return {
    path: '/',
    sameSite: 'lax' as const,
    secure: config.publicUrl.startsWith('https://'),
    httpOnly: false,
    maxAge: maxAgeSeconds,
  };
}

export function setSessionCookies(reply: FastifyReply, config: Config, session: SessionForCookies) {
  const maxAge = 30 * 24 * 3600;
  reply
    .setCookie(COOKIES.authToken, session.response.token, options(config, maxAge))
    .setCookie(COOKIES.accountId, String(session.response.account_id), options(config, maxAge))
    .setCookie(COOKIES.csrfToken, session.csrfToken, options(config, maxAge));
}

export function clearSessionCookies(reply: FastifyReply, config: Config) {
  for (const name of Object.values(COOKIES)) reply.clearCookie(name, options(config, 0));
}
