import { eq } from 'drizzle-orm';
import type {
  WhatsappTemplate,
  WhatsappTemplateSendBody,
  WhatsappTemplatesResponse,
} from '@parley/contracts';
import type { Db } from '../../db/client';
import { supportChannels, whatsappTemplateSends } from '../../db/schema';
import type { Deps } from '../../lib/deps';
import { apiText, AppError, badRequest } from '../../lib/errors';
import type { AgentContext } from '../../lib/http-types';
import { str, type ChannelRow, type Obj } from '../channels/channels.public';
import { lastIncomingAt } from '../channels/channels.service';
import { findOwnConversation, postMessage } from '../conversations/conversations.service';
import { isCloudApiChannel, listCloudTemplates } from '../whatsapp-cloud/whatsapp-cloud.service';
import { gupshupCredentialsOfChannel, gupshupErrorText, gupshupTemplateList } from './gupshup-api';

/**
 * Approved WhatsApp templates: the only messages WhatsApp accepts outside the
 * 24-hour customer service window. Listed from the provider (cached briefly), previewed with
 * their variables {{1}}..{{n}} filled, and sent as an agent's reply through the delivery job.
 */
export const WHATSAPP_CHANNEL = 'whatsapp_gupshup_isv';
/** WhatsApp's customer service window: free-form replies only this long after the customer wrote. */
export const SESSION_WINDOW_MS = 24 * 60 * 60 * 1000;
const TEMPLATE_CACHE_MS = 60_000;

/** The highest {{n}} of a template body: the number of values it needs. */
export function templateVariableCount(body: string): number {
  let max = 0;
  for (const m of body.matchAll(/\{\{\s*(\d{1,2})\s*\}\}/g)) max = Math.max(max, Number(m[1]));
  return max;
}

/** The body with {{1}}..{{n}} replaced by the values: what the conversation shows. */
export function fillTemplate(body: string, params: string[]): string {
  return body.replace(
    /\{\{\s*(\d{1,2})\s*\}\}/g,
    (whole, n: string) => params[Number(n) - 1] ?? whole,
  );
}

/** Gupshup: GET /sm/api/v1/template/list/{appName}; the approved ones. */
async function listGupshupTemplates(deps: Deps, channel: ChannelRow): Promise<WhatsappTemplate[]> {
  let answer;
  try {
    answer = await gupshupTemplateList(deps.config, gupshupCredentialsOfChannel(deps, channel));
  } catch (err) {
    throw new AppError(
      502,
      'provider_error',
      apiText('Gupshup could not be reached: {reason}. Try again in a moment.', {
        reason: (err as Error).message,
      }),
    );
  }
  if (answer.status !== 200 || answer.json?.status !== 'success')
    throw new AppError(
      502,
      'provider_error',
      apiText('Gupshup refused to list the templates: {reason}.', {
        reason: gupshupErrorText(answer),
      }),
    );
  const templates = Array.isArray(answer.json.templates) ? (answer.json.templates as Obj[]) : [];
  return templates
    .filter((t) => str(t.status).toUpperCase() === 'APPROVED' && str(t.id))
    .map((t) => ({
      id: str(t.id),
      name: str(t.elementName) || str(t.id),
      language: str(t.languageCode) || null,
      category: str(t.category) || null,
      body: str(t.data),
      variable_count: templateVariableCount(str(t.data)),
    }));
}

/** Per channel, briefly: the picker opens often, and templates change rarely. */
const cache = new Map<number, { at: number; key: string; templates: WhatsappTemplate[] }>();

async function templatesOf(deps: Deps, channel: ChannelRow): Promise<WhatsappTemplate[]> {
  // New credentials must not be answered from the old app's list.
  const key = `${channel.secretsEncrypted}|${JSON.stringify(channel.settings)}`;
  const hit = cache.get(channel.id);
  if (hit && hit.key === key && Date.now() - hit.at < TEMPLATE_CACHE_MS) return hit.templates;
  const templates = isCloudApiChannel(channel)
    ? await listCloudTemplates(deps, channel, templateVariableCount)
    : await listGupshupTemplates(deps, channel);
  cache.set(channel.id, { at: Date.now(), key, templates });
  return templates;
}

/** The conversation (caller's account) and its channel, which must be a WhatsApp one. */
async function whatsappConversation(deps: Deps, accountId: number, conversationId: number) {
  const conv = await findOwnConversation(deps.db, accountId, conversationId);
  const channel = await channelOf(deps.db, accountId, conv.supportChannelId);
  if (!channel || channel.type !== WHATSAPP_CHANNEL)
    throw badRequest('Templates can be sent on WhatsApp conversations only.');
  return { conv, channel };
}

async function channelOf(db: Db, accountId: number, id: number) {
  const [row] = await db.select().from(supportChannels).where(eq(supportChannels.id, id)).limit(1);
  return row && row.accountId === accountId ? row : null;
}

export async function listTemplatesForConversation(
  deps: Deps,
  accountId: number,
  conversationId: number,
): Promise<WhatsappTemplatesResponse> {
  const { conv, channel } = await whatsappConversation(deps, accountId, conversationId);
  const last = await lastIncomingAt(deps.db, {
    supportChannelId: channel.id,
    contactId: conv.contactId,
  });
  const closesAt = last ? new Date(last.getTime() + SESSION_WINDOW_MS) : null;
  const windowOpen = closesAt !== null && closesAt.getTime() > Date.now();
  return {
    // While the window is open the composer offers free-form replies only: the provider is not
    // asked (opening a conversation must not wait on, or fail with, an unreachable provider).
    templates: windowOpen ? [] : await templatesOf(deps, channel),
    window_open: windowOpen,
    window_closes_at: closesAt?.toISOString() ?? null,
  };
}

/**
 * Sends an approved template as the agent's reply: stored with the filled text, delivered by the
 * durable delivery job (which sends the template itself, inside or outside the window).
 */
export async function sendTemplate(
  deps: Deps,
  agent: AgentContext,
  conversationId: number,
  body: WhatsappTemplateSendBody,
) {
  const { channel } = await whatsappConversation(deps, agent.accountId, conversationId);
  const template = (await templatesOf(deps, channel)).find((t) => t.id === body.template_id);
  if (!template)
    throw badRequest('That template is not among the approved templates of this number.', [
      { path: 'template_id', message: 'Choose one of the approved templates.' },
    ]);
  if (body.params.length !== template.variable_count)
    throw badRequest(
      apiText(
        'The template "{name}" needs {count, plural, one {# value} other {# values}}, {given} given.',
        { name: template.name, count: template.variable_count, given: body.params.length },
      ),
      [{ path: 'params', message: 'Fill in every variable of the template.' }],
    );
  return postMessage(
    deps,
    agent,
    conversationId,
    {
      kind: 'reply',
      body: fillTemplate(template.body, body.params) || template.name,
      mentions: [],
      attachment_ids: [],
    },
    async (tx, messageId) => {
      await tx.insert(whatsappTemplateSends).values({
        messageId,
        accountId: agent.accountId,
        templateId: template.id,
        params: body.params,
      });
    },
  );
}

/** The template a reply is to be sent as, if it is one (read by the delivery adapter). */
export async function templateOfMessage(db: Db, message: { id: number; accountId: number }) {
  const [row] = await db
    .select()
    .from(whatsappTemplateSends)
    .where(eq(whatsappTemplateSends.messageId, message.id))
    .limit(1);
  return row && row.accountId === message.accountId ? row : null;
}
