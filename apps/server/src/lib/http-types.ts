import type { PermissionLevel } from '@parley/contracts';

/** Every route declares one (docs/ARCHITECTURE.md); the server refuses to start otherwise. */
export const AUTH_MODES = ['public', 'agent', 'widget', 'webhook', 'api-key', 'operator'] as const;
export type AuthMode = (typeof AUTH_MODES)[number];

/** Who is calling, resolved from the token and x-dc-account-id. */
export interface AgentContext {
  userId: number;
  tokenId: number;
  /** The account named by x-dc-account-id, checked against the user's memberships. */
  accountId: number;
  permissionLevel: PermissionLevel;
}

/** A live-chat widget visitor, resolved from WIDGET_TOKEN_HEADER (auth mode `widget`). */
export interface VisitorContext {
  id: number;
  accountId: number;
  brandId: number;
  publicId: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: AuthMode;
    /** Agent routes that stay open when the password is older than 90 days. */
    allowExpiredPassword?: boolean;
    /** Agent routes that work without a valid x-dc-account-id (e.g. listing one's accounts). */
    accountOptional?: boolean;
  }
  interface FastifyRequest {
    agent: AgentContext | null;
    /** The signed-in session, set on every agent route (also when no account is selected). */
    session: { userId: number; tokenId: number } | null;
    /** The account of an `api-key` route's caller (API key or agent token). */
    apiAccountId: number | null;
    /** The widget visitor on `widget` routes. */
    visitor: VisitorContext | null;
  }
}
