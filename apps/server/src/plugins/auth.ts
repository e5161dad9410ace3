import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { COOKIES, DAY_MS, HEADERS, PASSWORD_MAX_AGE_DAYS } from '@parley/contracts';
import { AUTH_MODES } from '../lib/http-types';
import { hashToken, safeEqual } from '../lib/crypto';
import { apiText, AppError, forbidden, unauthenticated } from '../lib/errors';
import { findSession, touchToken } from '../modules/auth/auth.queries';
import { sessionCache, type CachedSession } from '../modules/auth/session-cache';
import { verifyApiKey } from '../modules/api-keys/api-keys.service';
import { authenticateVisitor } from '../modules/widget-chat/widget-chat.auth';
import type { Db } from '../db/client';

/** A session's absolute lifetime; SESSION_IDLE_TIMEOUT_MINUTES ends an unused one sooner. */
export const SESSION_TTL_MS = 30 * DAY_MS;
const TOUCH_EVERY_MS = 60 * 60 * 1000;
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Refuses to start when a route has no declared auth mode, and enforces the mode of
 * each request. Plugin routes (docs, static files) are declared public where they are mounted.
 */
export function registerAuth(
  app: FastifyInstance,
  db: Db,
  {
    operatorToken = null,
    sessionIdleMs = SESSION_TTL_MS,
  }: { operatorToken?: string | null; sessionIdleMs?: number } = {},
): void {
  // Last use is recorded this often, so the idle limit is exact to within a quarter of itself.
  const touchEveryMs = Math.min(TOUCH_EVERY_MS, Math.floor(sessionIdleMs / 4));
  const routes: RouteOptions[] = [];
  app.decorateRequest('agent', null);
  app.decorateRequest('session', null);
  app.decorateRequest('apiAccountId', null);
  app.decorateRequest('visitor', null);

  app.addHook('onRoute', (route) => {
    routes.push(route);
    const security = securityOf(route);
    // The OpenAPI document then says who may call each operation (tests are generated from it).
    if (route.schema && security) route.schema = { ...route.schema, security };
  });
  app.addHook('onReady', async () => {
    const undeclared = routes.filter((r) => !AUTH_MODES.includes(r.config?.auth as never));
    if (undeclared.length > 0) {
      const list = undeclared.map((r) => `${String(r.method)} ${r.url}`).join(', ');
      throw new Error(`Routes without a declared auth mode: ${list}`);
    }
  });

  const idle = { idleMs: sessionIdleMs, touchEveryMs };
  app.addHook('onRequest', async (request) => {
    const mode = request.routeOptions.config?.auth;
    if (mode === 'agent') await authenticateAgent(db, request, idle);
    else if (mode === 'api-key') await authenticateApiCaller(db, request, idle);
    else if (mode === 'operator') authenticateOperator(request, operatorToken);
    else if (mode === 'widget') request.visitor = await authenticateVisitor(db, request);
  });
}

/** An operation's OpenAPI `security`, after the schemes app.ts declares; none for public routes. */
function securityOf(route: RouteOptions): Record<string, string[]>[] | null {
  const agent: Record<string, string[]> = route.config?.accountOptional
    ? { token: [] }
    : { token: [], account: [] };
  switch (route.config?.auth) {
    case 'agent':
      return [agent];
    case 'api-key':
      return [{ apiKey: [] }, { token: [], account: [] }];
    case 'operator':
      return [{ operator: [] }];
    case 'widget':
      return [{ widget: [] }];
    case 'webhook':
    case 'public':
      return [];
    default:
      return null;
  }
}

/**
 * The operator API (design: our own addition) answers to `Authorization: Bearer
 * {OPERATOR_TOKEN}` only; without the variable it answers no one. Compared as hashes, in
 * constant time.
 */
function authenticateOperator(request: FastifyRequest, expected: string | null) {
  const header = request.headers[HEADERS.authorization];
  const given =
    typeof header === 'string' ? /^Bearer\s+(\S{1,512})$/.exec(header.trim())?.[1] : null;
  if (!expected || !given || !safeEqual(hashToken(given), hashToken(expected)))
    throw unauthenticated('The operator token is missing or wrong.');
}

/**
 * The session behind a token hash, with its membership of the account: from the short-lived
 * session cache when it is there (only members' sessions are cached), else from the database.
 */
async function lookupSession(db: Db, tokenHash: string, accountId: number | null) {
  if (accountId !== null) {
    const cached = sessionCache.get(tokenHash, accountId);
    if (cached) return cached;
  }
  const mark = sessionCache.mark();
  const row = await findSession(db, { tokenHash, accountId });
  if (!row) return null;
  if (accountId !== null && row.permissionLevel) {
    const session: CachedSession = { ...row, permissionLevel: row.permissionLevel };
    sessionCache.set(tokenHash, accountId, session, mark);
    return session;
  }
  return row;
}

function readToken(request: FastifyRequest): string | null {
  const header = request.headers[HEADERS.authorization];
  if (typeof header !== 'string') return null;
  const match = /^Token\s+([A-Za-z0-9_-]{16,200})$/.exec(header.trim());
  return match?.[1] ?? null;
}

function readAccountId(request: FastifyRequest): number | null {
  const raw = request.headers[HEADERS.accountId];
  if (typeof raw !== 'string' || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

interface IdlePolicy {
  idleMs: number;
  touchEveryMs: number;
}

async function authenticateAgent(db: Db, request: FastifyRequest, idle: IdlePolicy) {
  const token = readToken(request);
  if (!token) throw unauthenticated();
  const accountId = readAccountId(request);
  const config = request.routeOptions.config;
  const session = await lookupSession(db, hashToken(token), accountId);
  const now = Date.now();
  if (
    !session ||
    session.expiresAt.getTime() <= now ||
    now - session.lastUsedAt.getTime() > idle.idleMs
  )
    throw unauthenticated('Your session has ended. Please sign in again.');

  // docs/product/api.md: X-CSRFTOKEN must match the csrftoken cookie on state-changing calls.
  if (UNSAFE.has(request.method)) {
    const header = request.headers[HEADERS.csrf];
    const cookie = request.cookies[COOKIES.csrfToken];
    if (typeof header !== 'string' || !cookie || !safeEqual(header, cookie)) {
      throw forbidden(
        'Your security token is missing or out of date. Please reload the page.',
        'csrf_failed',
      );
    }
  }

  // Use moves the idle limit only: the absolute lifetime set at sign-in stays.
  if (now - session.lastUsedAt.getTime() > idle.touchEveryMs) {
    await touchToken(db, { tokenId: session.tokenId });
    session.lastUsedAt = new Date(now);
  }

  if (
    !config.allowExpiredPassword &&
    now - session.lastPasswordUpdated.getTime() > PASSWORD_MAX_AGE_DAYS * DAY_MS
  ) {
    throw new AppError(
      403,
      'password_change_required',
      apiText('Your password is more than {days} days old. Please reset it to continue.', {
        days: PASSWORD_MAX_AGE_DAYS,
      }),
    );
  }

  request.session = { userId: session.userId, tokenId: session.tokenId };
  if (session.permissionLevel && accountId !== null) {
    request.agent = {
      userId: session.userId,
      tokenId: session.tokenId,
      accountId,
      permissionLevel: session.permissionLevel,
    };
  } else if (!config.accountOptional) {
    throw forbidden('You are not a member of this account.', 'not_a_member');
  }
}

/**
 * `api-key` routes: a per-account API key (`Authorization: Bearer pk_…` or `api_access_token`),
 * or an agent's own token with x-dc-account-id — never a token built into the web bundle.
 */
async function authenticateApiCaller(db: Db, request: FastifyRequest, idle: IdlePolicy) {
  const header = request.headers[HEADERS.authorization];
  if (typeof header === 'string' && /^Token\s/.test(header)) {
    await authenticateAgent(db, request, idle);
    request.apiAccountId = agentOf(request).accountId;
    return;
  }
  const alt = request.headers['api_access_token'];
  const key =
    typeof header === 'string' && /^Bearer\s+/.test(header)
      ? header.replace(/^Bearer\s+/, '').trim()
      : typeof alt === 'string'
        ? alt.trim()
        : null;
  const found = key ? await verifyApiKey(db, key) : null;
  if (!found) throw unauthenticated('A valid API key is required (Authorization: Bearer <key>).');
  request.apiAccountId = found.accountId;
}

/** The account of an `api-key` route's caller. */
export function apiAccountOf(request: FastifyRequest): number {
  if (request.apiAccountId === null) throw unauthenticated();
  return request.apiAccountId;
}

/** The agent context of a route declared `agent` (and not accountOptional). */
export function agentOf(request: FastifyRequest) {
  if (!request.agent) throw forbidden('You are not a member of this account.', 'not_a_member');
  return request.agent;
}

/** The live-chat visitor of a route declared `widget`. */
export function visitorOf(request: FastifyRequest) {
  if (!request.visitor)
    throw unauthenticated('Your chat session has ended. Please reload the page.');
  return request.visitor;
}

export function sessionOf(request: FastifyRequest) {
  if (!request.session) throw unauthenticated();
  return request.session;
}

export function requireAdmin(request: FastifyRequest) {
  const agent = agentOf(request);
  if (agent.permissionLevel === 'agent') throw forbidden('Only owners and admins can do that.');
  return agent;
}
