import { and, eq, inArray, isNull } from 'drizzle-orm';
import {
  fillTemplate,
  type FastReplyCreateBody,
  type FastReplyTemplate,
  type FastReplyUpdateBody,
  type ResolvedFastReply,
} from '@parley/contracts';
import { attachments, fastReplies, fastReplyFolders } from '../../db/schema';
import type { Db } from '../../db/client';
import type { Deps } from '../../lib/deps';
import { badRequest, notFound } from '../../lib/errors';
import type { AgentContext } from '../../lib/http-types';
import { checkAttachmentsForMessage, toAttachment } from '../attachments/attachments.service';
import {
  ensureFolders,
  findFastReply,
  listFastReplies,
  listFolders,
  templateAttachments,
  variableSources,
} from './fast-replies.queries';
import { latestOrderVariables } from '../shopify/shopify.service';
import { recordAudit } from '../audit-log/audit-log.service';

type Row = typeof fastReplies.$inferSelect;

async function withAttachments(
  deps: Deps,
  accountId: number,
  rows: Row[],
): Promise<FastReplyTemplate[]> {
  const files = await templateAttachments(deps.db, { accountId, ids: rows.map((r) => r.id) });
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    template_content: r.templateContent,
    folder: r.folder,
    updated_at: r.updatedAt.toISOString(),
    attachments: files.filter((f) => f.fastReplyId === r.id).map((f) => toAttachment(deps, f)),
  }));
}

export async function allFastReplies(deps: Deps, agent: AgentContext) {
  const [rows, folders] = await Promise.all([
    listFastReplies(deps.db, agent),
    listFolders(deps.db, agent),
  ]);
  const used = rows.map((r) => r.folder).filter((f): f is string => f !== null);
  return {
    fast_replies: await withAttachments(deps, agent.accountId, rows),
    folders: [...new Set([...folders, ...used])].sort((a, b) => a.localeCompare(b)),
  };
}

async function one(deps: Deps, accountId: number, id: number) {
  const row = await findFastReply(deps.db, { accountId, id });
  if (!row) throw notFound('That template was not found.');
  return (await withAttachments(deps, accountId, [row]))[0]!;
}

/** Uploads become the template's own (checked like a message's: same account, unused, ≤18 MB). */
async function claimForTemplate(db: Db, accountId: number, fastReplyId: number, ids: number[]) {
  if (ids.length === 0) return;
  const claimed = await db
    .update(attachments)
    .set({ fastReplyId })
    .where(
      and(
        eq(attachments.accountId, accountId),
        inArray(attachments.id, ids),
        isNull(attachments.messageId),
        isNull(attachments.fastReplyId),
      ),
    )
    .returning({ id: attachments.id });
  if (claimed.length !== ids.length)
    throw badRequest('One of the attachments is already used elsewhere. Upload it again.');
}

export async function createFastReply(deps: Deps, agent: AgentContext, body: FastReplyCreateBody) {
  const ids = await checkAttachmentsForMessage(deps.db, agent.accountId, body.attachment_ids);
  const id = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(fastReplies)
      .values({
        accountId: agent.accountId,
        name: body.name,
        templateContent: body.template_content,
        folder: body.folder ?? null,
        createdByUserId: agent.userId,
      })
      .returning({ id: fastReplies.id });
    await claimForTemplate(tx, agent.accountId, row!.id, ids);
    await ensureFolders(tx, {
      accountId: agent.accountId,
      names: [...(body.folders ?? []), ...(body.folder ? [body.folder] : [])],
    });
    return row!.id;
  });
  return one(deps, agent.accountId, id);
}

/**
 * Changes the fields sent. `attachment_ids`, when sent, is the template's whole list: files left
 * out are let go, new uploads are claimed.
 */
export async function updateFastReply(
  deps: Deps,
  agent: AgentContext,
  id: number,
  body: FastReplyUpdateBody,
) {
  const existing = await findFastReply(deps.db, { accountId: agent.accountId, id });
  if (!existing) throw notFound('That template was not found.');
  const current = (
    await templateAttachments(deps.db, { accountId: agent.accountId, ids: [id] })
  ).map((a) => a.id);
  const wanted = body.attachment_ids ? [...new Set(body.attachment_ids)] : current;
  const added = wanted.filter((a) => !current.includes(a));
  const removed = current.filter((a) => !wanted.includes(a));
  if (added.length > 0) await checkAttachmentsForMessage(deps.db, agent.accountId, added);
  await deps.db.transaction(async (tx) => {
    await tx
      .update(fastReplies)
      .set({
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.template_content !== undefined ? { templateContent: body.template_content } : {}),
        ...(body.folder !== undefined ? { folder: body.folder ?? null } : {}),
        updatedAt: new Date(),
      })
      .where(and(eq(fastReplies.accountId, agent.accountId), eq(fastReplies.id, id)));
    if (removed.length > 0)
      await tx
        .delete(attachments)
        .where(and(eq(attachments.fastReplyId, id), inArray(attachments.id, removed)));
    await claimForTemplate(tx, agent.accountId, id, added);
    await ensureFolders(tx, {
      accountId: agent.accountId,
      names: [...(body.folders ?? []), ...(body.folder ? [body.folder] : [])],
    });
  });
  return one(deps, agent.accountId, id);
}

export async function deleteFastReply(
  deps: Deps,
  agent: AgentContext,
  id: number,
  bodyId?: number,
) {
  if (bodyId !== undefined && bodyId !== id)
    throw badRequest('The id in the body does not match the id in the address.');
  await deps.db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(fastReplies)
      .where(and(eq(fastReplies.accountId, agent.accountId), eq(fastReplies.id, id)))
      .returning({ id: fastReplies.id, name: fastReplies.name });
    if (!deleted) throw notFound('That template was not found.');
    await recordAudit(tx, {
      accountId: agent.accountId,
      userId: agent.userId,
      action: 'fast_reply_deleted',
      details: { fast_reply_id: id, name: deleted.name },
    });
  });
  return { id };
}

/** Removes an empty folder; templates in it keep their text and move out of the folder. */
export async function deleteFolder(deps: Deps, agent: AgentContext, name: string) {
  await deps.db.transaction(async (tx) => {
    await tx
      .delete(fastReplyFolders)
      .where(and(eq(fastReplyFolders.accountId, agent.accountId), eq(fastReplyFolders.name, name)));
    await tx
      .update(fastReplies)
      .set({ folder: null, updatedAt: new Date() })
      .where(and(eq(fastReplies.accountId, agent.accountId), eq(fastReplies.folder, name)));
  });
  return { folders: (await allFastReplies(deps, agent)).folders };
}

const firstName = (name: string | null | undefined) => name?.trim().split(/\s+/)[0] ?? null;

/**
 * Resolve (docs/product/api.md): the template filled in for one conversation, with fresh copies of its files
 * (same bytes, new ids) that the reply can claim — the template keeps its own.
 */
export async function resolveFastReply(
  deps: Deps,
  agent: AgentContext,
  { id, conversation_id }: { id: number; conversation_id: number },
): Promise<ResolvedFastReply> {
  const template = await findFastReply(deps.db, { accountId: agent.accountId, id });
  if (!template) throw notFound('That template was not found.');
  const src = await variableSources(deps.db, {
    accountId: agent.accountId,
    conversationId: conversation_id,
    userId: agent.userId,
  });
  if (!src) throw notFound('That conversation was not found.');
  const { content, missing } = fillTemplate(template.templateContent, {
    customer_name: src.contactName,
    customer_first_name: firstName(src.contactName),
    customer_email: src.contactEmail,
    customer_phone: src.contactPhone,
    agent_name: src.agentName,
    agent_first_name: firstName(src.agentName),
    store_name: src.brandName,
    store_url: src.brandDomain,
    // The latest order in the conversation's Shopify store; null (fallback) without one.
    ...(await latestOrderVariables(deps, agent.accountId, conversation_id)),
    ticket_id: String(src.conversationId),
    workspace_name: src.accountName,
  });
  const files = await templateAttachments(deps.db, { accountId: agent.accountId, ids: [id] });
  const copies =
    files.length === 0
      ? []
      : await deps.db
          .insert(attachments)
          .values(
            files.map((f) => ({
              accountId: f.accountId,
              uploadedByUserId: agent.userId,
              fileName: f.fileName,
              contentType: f.contentType,
              size: f.size,
              isEmbedded: f.isEmbedded,
              storageKey: f.storageKey,
            })),
          )
          .returning();
  return {
    id: template.id,
    name: template.name,
    content,
    attachments: copies.map((c) => toAttachment(deps, c)),
    missing_variables: missing,
  };
}
