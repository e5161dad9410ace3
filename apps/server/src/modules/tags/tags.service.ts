import { and, eq, inArray, sql } from 'drizzle-orm';
import type { ConversationMapping, Tag } from '@parley/contracts';
import {
  brands,
  conversationTags,
  memberships,
  tags,
  teamMembers,
  teams,
  users,
} from '../../db/schema';
import type { Deps } from '../../lib/deps';
import type { AgentContext } from '../../lib/http-types';
import { findOwnConversation } from '../conversations/conversations.service';
import { listChannels } from '../channels/channels.service';
import { initialsOf } from '../me/me.service';

const TAG_COLORS = [
  '#1677ff',
  '#13a8a8',
  '#722ed1',
  '#eb2f96',
  '#fa8c16',
  '#52c41a',
  '#2f54eb',
  '#fa541c',
];
const toTag = (t: typeof tags.$inferSelect): Tag => ({ id: t.id, name: t.name, color: t.color });

/**
 * Spec §7 tag add v2: attaches tags by name to a conversation, creating the ones the account
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
  deps.events.emit('conversation_updated', { accountId: agent.accountId, conversationId });
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
  deps.events.emit('conversation_updated', { accountId: agent.accountId, conversationId });
}

/** Spec §3 conversation mapping: what the inbox needs to render ids as names. */
export async function conversationMapping(
  deps: Deps,
  accountId: number,
): Promise<ConversationMapping> {
  const [tagRows, userRows, channels, teamRows, memberRows, brandRows] = await Promise.all([
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
    deps.db.select().from(brands).where(eq(brands.accountId, accountId)),
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
    integrations: brandRows
      .filter((b) => b.myshopifyDomain)
      .map((b) => ({ type: 'shopify', name: b.myshopifyDomain!, brand_id: b.id })),
  };
}
