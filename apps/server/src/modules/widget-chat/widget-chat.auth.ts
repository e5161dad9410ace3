import type { FastifyRequest } from 'fastify';
import { and, eq, lt, sql } from 'drizzle-orm';
import { WIDGET_TOKEN_HEADER } from '@parley/contracts';
import type { Db } from '../../db/client';
import { widgetVisitors, widgets } from '../../db/schema';
import { hashToken } from '../../lib/crypto';
import { AppError, unauthenticated } from '../../lib/errors';
import type { VisitorContext } from '../../lib/http-types';

const TOUCH_EVERY_MS = 60_000;

export const widgetUnavailable = () =>
  new AppError(
    404,
    'widget_unavailable',
    'The chat is not available on this store right now. Please try again later.',
  );

/** A visitor token as we hand it out: 128 random bits, base64url. */
export const VISITOR_TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,200}$/;

/** The visitor behind a token (by its SHA-256), with whether their store's widget is still on. */
export async function findVisitorByToken(db: Db, token: string) {
  if (!VISITOR_TOKEN_PATTERN.test(token)) return null;
  const [row] = await db
    .select({ visitor: widgetVisitors, isEnabled: widgets.isEnabled })
    .from(widgetVisitors)
    .leftJoin(widgets, eq(widgets.brandId, widgetVisitors.brandId))
    .where(eq(widgetVisitors.tokenHash, hashToken(token)))
    .limit(1);
  return row ?? null;
}

/**
 * Auth mode `widget` (docs/ARCHITECTURE.md): the visitor's token from WIDGET_TOKEN_HEADER, scoped to one
 * account, one store and one visitor. A visitor token never opens an agent route, nor the reverse.
 */
export async function authenticateVisitor(
  db: Db,
  request: FastifyRequest,
): Promise<VisitorContext> {
  const header = request.headers[WIDGET_TOKEN_HEADER];
  const found = typeof header === 'string' ? await findVisitorByToken(db, header.trim()) : null;
  if (!found) throw unauthenticated('Your chat session has ended. Please reload the page.');
  if (!found.isEnabled) throw widgetUnavailable();
  const { visitor } = found;
  if (Date.now() - visitor.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await db
      .update(widgetVisitors)
      .set({ lastSeenAt: sql`now()` })
      .where(
        and(
          eq(widgetVisitors.id, visitor.id),
          lt(widgetVisitors.lastSeenAt, new Date(Date.now() - TOUCH_EVERY_MS)),
        ),
      );
  }
  return {
    id: visitor.id,
    accountId: visitor.accountId,
    brandId: visitor.brandId,
    publicId: visitor.publicId,
  };
}
