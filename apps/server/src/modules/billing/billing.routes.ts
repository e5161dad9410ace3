import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ATTACHMENT_UPLOAD_PATH,
  BILLING_PATHS,
  billingCheckoutBody,
  billingRedirectResponse,
  billingStateResponse,
} from '@parley/contracts';
import type { Deps } from '../../lib/deps';
import { agentOf, requireAdmin } from '../../plugins/auth';
import {
  assertWritable,
  billingState,
  handleStripeWebhook,
  openPortal,
  startCheckout,
} from './billing.service';

const tags = ['billing'];
const security = [{ token: [], account: [] }];

export const billingRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      BILLING_PATHS.state,
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          security,
          summary: 'Plans and the account’s billing state (trial, subscription, suppressed)',
          response: { 200: billingStateResponse },
        },
      },
      async (request) => billingState(deps, agentOf(request).accountId),
    );

    app.post(
      BILLING_PATHS.checkout,
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          security,
          summary: 'Start a Stripe Checkout session for a plan (owners and admins)',
          body: billingCheckoutBody,
          response: { 200: billingRedirectResponse },
        },
      },
      async (request) => startCheckout(deps, requireAdmin(request), request.body.price_id),
    );

    app.post(
      BILLING_PATHS.portal,
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          security,
          summary: 'Open the Stripe customer portal: cards and invoices (owners and admins)',
          response: { 200: billingRedirectResponse },
        },
      },
      async (request) => openPortal(deps, requireAdmin(request)),
    );

    // Its own scope: the body stays raw bytes here, for the signature (docs/security.md).
    await app.register(async (scope) => {
      scope.addContentTypeParser(
        'application/json',
        { parseAs: 'buffer', bodyLimit: 512 * 1024 },
        (_request, body, done) => done(null, body),
      );
      scope.post(
        BILLING_PATHS.stripeWebhook,
        {
          config: { auth: 'webhook' },
          schema: {
            tags,
            summary: 'Stripe events (verified by Stripe-Signature, idempotent on the event id)',
            response: { 200: z.object({ received: z.literal(true), duplicate: z.boolean() }) },
          },
        },
        async (request) => {
          const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
          const header = request.headers['stripe-signature'];
          return handleStripeWebhook(deps, raw, typeof header === 'string' ? header : undefined);
        },
      );
    });
  };

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** The inbox's write routes: conversations, replies, notes, status changes, tags, uploads. */
const INBOX_WRITES = [
  /^\/dashboardapi\/conversations(\/|$)/,
  /^\/dashboardapi\/tag\/add\//,
  new RegExp(`^${ATTACHMENT_UPLOAD_PATH}$`),
];

/**
 * The one place the read-only rule is enforced: when the trial has ended and nothing is paid,
 * agents' writes to the inbox answer 402 payment_required; reads, settings and billing still work.
 * Added on the root instance (after the auth hook), so it sees every route.
 */
export function registerBillingGuard(app: FastifyInstance, deps: Deps): void {
  app.addHook('onRequest', async (request) => {
    if (!request.agent || !UNSAFE.has(request.method)) return;
    const url = request.routeOptions.url ?? '';
    if (!INBOX_WRITES.some((re) => re.test(url))) return;
    await assertWritable(deps, request.agent.accountId);
  });
}
