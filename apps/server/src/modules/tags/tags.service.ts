import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  TAG_PALETTE,
  type ConversationMapping,
  type Tag,
  type TagCreateBody,
  type TagDeleteResult,
  type TagMergeResult,
  type TagUpdateBody,
  type TagWithUsage,
} from '@parley/contracts';
import { conversationTags, memberships, tags, teamMembers, teams, users } from '../../db/schema';
import type { Db } from '../../db/client';
import type { Deps } from '../../lib/deps';
import { apiText, badRequest, conflict, notFound } from '../../lib/errors';
import type { AgentContext } from '../../lib/http-types';
import { findOwnConversation } from '../conversations/conversations.service';
import { listChannels } from '../channels/channels.service';
import { initialsOf } from '../me/me.service';
import { shopifyIntegrations } from '../shopify/shopify.service';
import {
  conversationIdsWithTag,
  copyConversationTags,
  countTags,
  deleteTagRow,
  findTag,
  findTagByName,
  listTagsWithUsage,
  lockTags,
} from './tags.queries';
import { recordAudit } from '../audit-log/audit-log.service';

/** Colours given to tags created from a conversation, in turn. */
const TAG_COLORS = TAG_PALETTE.slice(0, 8);
const toTag = (t: typeof tags.$inferSelect): Tag => ({ id: t.id, name: t.name, color: t.color });

/**
 * Tag add v2 (docs/product/api.md): attaches tags by name to a conversation, creating the ones the account
 * does not have yet (case-insensitive). Answers the newly created tags and all tags attached.
 */
export async function addTags(
  deps: Deps,
  agent: AgentContext,
  conversationId: number,
  names: string[],
) {
  await findOwnConversation(deps.db, agent.accountId, conversationId);
  const unique = [...new Map(names.map((n) => [n.trim().toLowerCase(), n.trim()])).values()];
  const result = await deps.db.transaction(async (tx) => {
    const existing = await tx
      .select()
      .from(tags)
      .where(
        and(
          eq(tags.accountId, agent.accountId),
          inArray(
            sql`lower(${tags.name})`,
            unique.map((n) => n.toLowerCase()),
          ),
        ),
      );
    const known = new Set(existing.map((t) => t.name.toLowerCase()));
    const missing = unique.filter((n) => !known.has(n.toLowerCase()));
    const created = missing.length
      ? await tx
          .insert(tags)
          .values(
            missing.map((name, i) => ({
              accountId: agent.accountId,
              name,
              color: TAG_COLORS[(existing.length + i) % TAG_COLORS.length]!,
            })),
          )
          .onConflictDoNothing()
          .returning()
      : [];
    const all = [...existing, ...created];
    if (all.length) {
      await tx
        .insert(conversationTags)
        .values(all.map((t) => ({ conversationId, tagId: t.id })))
        .onConflictDoNothing();
    }
    return { created_tags: created.map(toTag), tags: all.map(toTag) };
  });
  deps.events.emit('conversation_updated', {
    accountId: agent.accountId,
    conversationId,
    changes: ['tags'],
  });
  return result;
}

export async function removeTag(
  deps: Deps,
  agent: AgentContext,
  conversationId: number,
  tagId: number,
) {
  await findOwnConversation(deps.db, agent.accountId, conversationId);
  await deps.db
    .delete(conversationTags)
    .where(
      and(eq(conversationTags.conversationId, conversationId), eq(conversationTags.tagId, tagId)),
    );
  deps.events.emit('conversation_updated', {
    accountId: agent.accountId,
    conversationId,
    changes: ['tags'],
  });
}

/** Conversation mapping (docs/product/data.md): what the inbox needs to render ids as names. */
export async function conversationMapping(
  deps: Deps,
  accountId: number,
): Promise<ConversationMapping> {
  const [tagRows, userRows, channels, teamRows, memberRows, integrations] = await Promise.all([
    deps.db.select().from(tags).where(eq(tags.accountId, accountId)).orderBy(tags.name),
    deps.db
      .select({ user: users, level: memberships.permissionLevel })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(eq(memberships.accountId, accountId))
      .orderBy(users.name),
    listChannels(deps.db, accountId),
    deps.db.select().from(teams).where(eq(teams.accountId, accountId)).orderBy(teams.name),
    deps.db
      .select({ teamId: teamMembers.teamId, userId: teamMembers.userId })
      .from(teamMembers)
      .innerJoin(teams, eq(teams.id, teamMembers.teamId))
      .where(eq(teams.accountId, accountId)),
    // Integrations (docs/product/data.md): the connected Shopify stores.
    shopifyIntegrations(deps, accountId),
  ]);
  return {
    tags: tagRows.map(toTag),
    dc_users: userRows.map(({ user, level }) => ({
      id: user.id,
      name: user.name,
      email: user.email,
      avatar: user.avatar,
      profile_color: user.profileColor,
      initials: initialsOf(user.name),
      permission_level: level,
    })),
    support_channels: channels,
    teams: teamRows.map((t) => ({
      id: t.id,
      name: t.name,
      description: t.description,
      member_ids: memberRows.filter((m) => m.teamId === t.id).map((m) => m.userId),
    })),
    integrations,
  };
}

// ---- Settings → Tags (/settings/tags) ----

/**
 * Conversations whose tags change in one go (merge, delete) are announced one by one, most
 * recently active first, up to this many: those are the ones open in agents' lists. Older ones
 * show their new tags when they are next loaded.
 */
const ANNOUNCE_AT_MOST = 500;

function announce(deps: Deps, accountId: number, conversationIds: number[]) {
  for (const conversationId of conversationIds.slice(0, ANNOUNCE_AT_MOST))
    deps.events.emit('conversation_updated', { accountId, conversationId });
}

const duplicateName = (name: string) =>
  conflict(
    apiText('A tag named “{name}” already exists. Pick another name, or merge the two tags.', {
      name,
    }),
  );

/** The unique index on lower(name) refused a write a concurrent request made first. */
function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

async function withUsage(db: Db, accountId: number, id: number): Promise<TagWithUsage> {
  const [row] = await listTagsWithUsage(db, { accountId }, id);
  if (!row) throw notFound('That tag was not found.');
  return row;
}

export async function listTags(deps: Deps, accountId: number): Promise<TagWithUsage[]> {
  return listTagsWithUsage(deps.db, { accountId });
}

export async function createTag(
  deps: Deps,
  agent: AgentContext,
  body: TagCreateBody,
): Promise<TagWithUsage> {
  const { accountId } = agent;
  if (await findTagByName(deps.db, { accountId, name: body.name })) throw duplicateName(body.name);
  const color =
    body.color?.toLowerCase() ??
    TAG_PALETTE[(await countTags(deps.db, { accountId })) % TAG_PALETTE.length]!;
  try {
    const [row] = await deps.db
      .insert(tags)
      .values({ accountId, name: body.name, color })
      .returning();
    return { ...toTag(row!), usage_count: 0 };
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicateName(body.name);
    throw err;
  }
}

/** Rename and/or recolour; the inbox shows the change on its next mapping load. */
export async function updateTag(
  deps: Deps,
  agent: AgentContext,
  id: number,
  body: TagUpdateBody,
): Promise<TagWithUsage> {
  const { accountId } = agent;
  if (!(await findTag(deps.db, { accountId, id }))) throw notFound('That tag was not found.');
  if (body.name !== undefined) {
    const clash = await findTagByName(deps.db, { accountId, name: body.name, exceptId: id });
    if (clash) throw duplicateName(body.name);
  }
  try {
    await deps.db
      .update(tags)
      .set({
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.color !== undefined ? { color: body.color.toLowerCase() } : {}),
      })
      .where(and(eq(tags.accountId, accountId), eq(tags.id, id)));
  } catch (err) {
    if (isUniqueViolation(err) && body.name !== undefined) throw duplicateName(body.name);
    throw err;
  }
  return withUsage(deps.db, accountId, id);
}

/** Removes the tag from every conversation carrying it, then the tag itself. */
export async function deleteTag(
  deps: Deps,
  agent: AgentContext,
  id: number,
): Promise<TagDeleteResult> {
  const { accountId } = agent;
  const affected = await deps.db.transaction(async (tx) => {
    if ((await lockTags(tx, { accountId, ids: [id] })).length === 0)
      throw notFound('That tag was not found.');
    const ids = await conversationIdsWithTag(tx, { accountId, tagId: id });
    // conversation_tags rows go with the tag (on delete cascade).
    const deleted = await deleteTagRow(tx, { accountId, id });
    await recordAudit(tx, {
      accountId,
      userId: agent.userId,
      action: 'tag_deleted',
      details: { tag_id: id, name: deleted?.name ?? null, conversations: ids.length },
    });
    return ids;
  });
  announce(deps, accountId, affected);
  return { ok: true, removed_from_conversations: affected.length };
}

/**
 * Every conversation of the tag gets `intoTagId` instead (once, even when it had both), and the
 * tag is deleted — all in one transaction.
 */
export async function mergeTag(
  deps: Deps,
  agent: AgentContext,
  id: number,
  intoTagId: number,
): Promise<TagMergeResult> {
  const { accountId } = agent;
  if (id === intoTagId) throw badRequest('Pick a different tag to merge into.');
  const affected = await deps.db.transaction(async (tx) => {
    // Neither tag may be renamed or deleted by someone else halfway through.
    const found = await lockTags(tx, { accountId, ids: [id, intoTagId] });
    if (!found.includes(id)) throw notFound('That tag was not found.');
    if (!found.includes(intoTagId)) throw notFound('The tag to merge into was not found.');
    const ids = await conversationIdsWithTag(tx, { accountId, tagId: id });
    await copyConversationTags(tx, { accountId, fromTagId: id, intoTagId });
    await deleteTagRow(tx, { accountId, id });
    return ids;
  });
  announce(deps, accountId, affected);
  return {
    tag: await withUsage(deps.db, accountId, intoTagId),
    moved_conversations: affected.length,
  };
}
