import { and, eq, inArray } from 'drizzle-orm';
import {
  ATTACHMENT_TOTAL_LIMIT_BYTES,
  CALLBACK_MESSAGES,
  type CallbackRequestBody,
} from '@parley/contracts';
import { attachments, callbackRequests, memberships, supportChannels } from '../../db/schema';
import type { Deps } from '../../lib/deps';
import { AppError, badRequest } from '../../lib/errors';
import type { AgentContext } from '../../lib/http-types';
import { findUserByEmail } from '../auth/auth.service';
import { recordInbound } from '../conversations/inbound.service';
import { DEMO_OWNER } from '../demo/demo.public';

const CALLBACK_CHANNEL_NAME = 'Callback requests';

/** OPERATOR_ACCOUNT_ID, or — with the demo on — the demo workspace, so a person can see it work. */
export async function operatorAccountId(deps: Deps): Promise<number | null> {
  if (deps.config.operatorAccountId !== null) return deps.config.operatorAccountId;
  if (!deps.config.demo) return null;
  const owner = await findUserByEmail(deps.db, DEMO_OWNER.email);
  if (!owner) return null;
  const [m] = await deps.db
    .select({ accountId: memberships.accountId })
    .from(memberships)
    .where(and(eq(memberships.userId, owner.id), eq(memberships.permissionLevel, 'owner')))
    .limit(1);
  return m?.accountId ?? null;
}

/** The operator workspace's channel for callback requests, created on first use. */
async function callbackChannel(deps: Deps, accountId: number) {
  const [found] = await deps.db
    .select({ id: supportChannels.id, brandId: supportChannels.brandId })
    .from(supportChannels)
    .where(
      and(
        eq(supportChannels.accountId, accountId),
        eq(supportChannels.type, 'call'),
        eq(supportChannels.name, CALLBACK_CHANNEL_NAME),
      ),
    )
    .limit(1);
  if (found) return found;
  const [created] = await deps.db
    .insert(supportChannels)
    .values({ accountId, type: 'call', name: CALLBACK_CHANNEL_NAME, settings: {} })
    .returning({ id: supportChannels.id, brandId: supportChannels.brandId });
  return created!;
}

/**
 * Callback request (docs/product/data.md, docs/product/api.md): stored for the operator, and — when the operator has a support
 * workspace — filed there as a conversation with the caller as the contact, so the operator's
 * team works it like any other ticket.
 */
export async function requestCallback(deps: Deps, agent: AgentContext, body: CallbackRequestBody) {
  const ids = [...new Set(body.attachments)];
  if (ids.length > 0) {
    const files = await deps.db
      .select({ id: attachments.id, size: attachments.size })
      .from(attachments)
      .where(and(eq(attachments.accountId, agent.accountId), inArray(attachments.id, ids)));
    if (files.length !== ids.length)
      throw badRequest('One of the attachments was not found. Upload it again.', {
        attachments: 'Unknown attachment.',
      });
    if (files.reduce((sum, f) => sum + f.size, 0) > ATTACHMENT_TOTAL_LIMIT_BYTES)
      throw new AppError(413, 'payload_too_large', CALLBACK_MESSAGES.attachmentsTooLarge);
  }
  const [row] = await deps.db
    .insert(callbackRequests)
    .values({
      accountId: agent.accountId,
      userId: agent.userId,
      customerName: body.customer_name,
      contactNumber: body.contact_number,
      emailAddress: body.email_address,
      bestTimeToCall: body.best_time_to_call,
      queryType: body.query_type,
      message: body.message ?? null,
      myshopifyDomain: body.myshopify_domain ?? null,
      submissionUrl: body.submission_url ?? null,
      isCreatedFromDcApp: body.is_created_from_dc_app,
      attachmentIds: ids,
    })
    .returning({ id: callbackRequests.id });

  const operatorId = await operatorAccountId(deps);
  if (operatorId !== null) {
    const channel = await callbackChannel(deps, operatorId);
    const lines = [
      `Callback requested: ${body.query_type}`,
      `Name: ${body.customer_name}`,
      `Phone: ${body.contact_number}`,
      `Email: ${body.email_address}`,
      `Best time to call: ${body.best_time_to_call} IST`,
      body.myshopify_domain ? `Store: ${body.myshopify_domain}` : null,
      body.submission_url ? `Sent from: ${body.submission_url}` : null,
      ids.length > 0 ? `Attachments: ${ids.length} (in the customer's workspace)` : null,
      body.message ? `\n${body.message}` : null,
    ].filter((l): l is string => l !== null);
    const filed = await recordInbound(deps, {
      accountId: operatorId,
      supportChannelId: channel.id,
      brandId: channel.brandId,
      identity: {
        kind: 'phone',
        value: body.contact_number.replace(/[^\d+]/g, ''),
        name: body.customer_name,
        email: body.email_address,
        phone: body.contact_number,
      },
      subject: `Callback request — ${body.query_type}`,
      body: lines.join('\n'),
      providerMessageId: `callback-${row!.id}`,
    });
    await deps.db
      .update(callbackRequests)
      .set({ operatorConversationId: filed.conversationId })
      .where(eq(callbackRequests.id, row!.id));
  }
  return { id: row!.id, message: CALLBACK_MESSAGES.success };
}
