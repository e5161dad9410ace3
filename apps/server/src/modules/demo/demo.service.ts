import { count } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  accounts,
  brands,
  contactIdentities,
  contacts,
  conversations,
  conversationTags,
  fastReplies,
  fastReplyFolders,
  messages,
  supportChannels,
  tags,
  teamMembers,
  teams,
  npsMilestones,
  widgets,
} from '../../db/schema';
import type { Deps } from '../../lib/deps';
import { insertMembership } from '../accounts/accounts.service';
import { createAccountForOwner } from '../accounts/accounts.service';
import { findUserByEmail } from '../auth/auth.service';
import { createUser } from '../auth/auth.service';
import { seedDemoHelpCenter } from '../help-center/help-center.public';
import {
  DEMO_ACCOUNT_NAME,
  DEMO_AGENTS,
  DEMO_CHANNELS,
  DEMO_CONTACTS,
  DEMO_FAST_REPLIES,
  DEMO_OWNER,
  DEMO_SCRIPTS,
  DEMO_TAGS,
  DEMO_TEAMS,
} from './demo-data';

export interface DemoSignIn {
  accountName: string;
  email: string;
  password: string;
}

const CONVERSATION_COUNT = 36;
const HOUR = 3600_000;

function identityFor(type: string, contact: readonly [string, string, string], i: number) {
  switch (type) {
    case 'email':
      return { kind: 'email', value: contact[1] };
    case 'whatsapp_gupshup_isv':
    case 'sms':
      return { kind: 'phone', value: contact[2] };
    case 'facebook':
      return { kind: 'facebook_psid', value: `${7_000_000_000_000 + i}` };
    case 'instagram_dm':
      return { kind: 'instagram_id', value: `${17_800_000_000_000 + i}` };
    default:
      return { kind: 'widget_visitor', value: `visitor-${i.toString(36)}` };
  }
}

/**
 * On an empty database, creates the demo workspace: agents, teams, a store, channels,
 * contacts and a few dozen conversations. Returns the sign-in to print (also on later starts).
 */
export async function seedDemoIfEmpty(deps: Deps): Promise<DemoSignIn | null> {
  const signIn = {
    accountName: DEMO_ACCOUNT_NAME,
    email: DEMO_OWNER.email,
    password: DEMO_OWNER.password,
  };
  if (await findUserByEmail(deps.db, DEMO_OWNER.email)) return signIn;
  const [existing] = await deps.db.select({ n: count() }).from(accounts);
  if ((existing?.n ?? 0) > 0) return null;
  await deps.db.transaction((tx) => seedDemo(tx));
  return signIn;
}

async function seedDemo(db: Db) {
  const owner = await createUser(db, DEMO_OWNER);
  const account = await createAccountForOwner(db, { name: DEMO_ACCOUNT_NAME, ownerId: owner.id });
  const accountId = account.id;
  const people = [owner];
  for (const a of DEMO_AGENTS) {
    const user = await createUser(db, {
      name: a.name,
      email: a.email,
      password: DEMO_OWNER.password,
    });
    await insertMembership(db, { accountId, userId: user.id, permissionLevel: a.level });
    people.push(user);
  }
  const teamIds: number[] = [];
  for (const t of DEMO_TEAMS) {
    const [team] = await db
      .insert(teams)
      .values({ accountId, name: t.name, description: t.description })
      .returning();
    teamIds.push(team!.id);
    await db
      .insert(teamMembers)
      .values(t.members.map((m) => ({ teamId: team!.id, userId: people[m]!.id })));
  }
  const [brand] = await db
    .insert(brands)
    .values({
      accountId,
      name: 'Northwind Outfitters',
      myshopifyDomain: `northwind-outfitters-${accountId}.myshopify.com`,
    })
    .returning();
  // The store's chat widget is on, so /widget-demo shows it from the first start.
  await db.insert(widgets).values({ accountId, brandId: brand!.id, isEnabled: true });
  const channels = await db
    .insert(supportChannels)
    .values(
      DEMO_CHANNELS.map((c) => ({
        accountId,
        brandId: brand!.id,
        type: c.type,
        name: c.name,
        settings: { ...c.settings },
      })),
    )
    .returning();
  const tagRows = await db
    .insert(tags)
    .values(DEMO_TAGS.map((t) => ({ accountId, ...t })))
    .returning();
  const tagId = new Map(tagRows.map((t) => [t.name, t.id]));
  const contactRows = await db
    .insert(contacts)
    .values(DEMO_CONTACTS.map(([name, email, phone]) => ({ accountId, name, email, phone })))
    .returning();

  await seedDemoHelpCenter(db, accountId);

  // The README promises fast replies: a few everyday ones, in folders, using variables.
  const folders = [...new Set(DEMO_FAST_REPLIES.flatMap((r) => (r.folder ? [r.folder] : [])))];
  await db.insert(fastReplyFolders).values(folders.map((name) => ({ accountId, name })));
  const seededAt = Date.now();
  await db.insert(fastReplies).values(
    DEMO_FAST_REPLIES.map((r, i) => ({
      accountId,
      name: r.name,
      templateContent: r.content,
      folder: r.folder,
      createdByUserId: owner.id,
      // The list shows the newest change first: keep the order written above.
      updatedAt: new Date(seededAt - i * 60_000),
    })),
  );

  const now = Date.now();
  // The demo owner meets the feedback survey at once (docs/product/states.md survey; Me.nps_collection).
  await db.insert(npsMilestones).values({
    accountId,
    userId: owner.id,
    name: 'demo',
    startsAt: new Date(now - 60_000),
    expiresAt: new Date(now + 30 * 86_400_000),
  });
  const identities = new Set<string>();
  for (let i = 0; i < CONVERSATION_COUNT; i++) {
    const script = DEMO_SCRIPTS[i % DEMO_SCRIPTS.length]!;
    const contactIndex = (i * 5) % DEMO_CONTACTS.length;
    const contact = contactRows[contactIndex]!;
    const channel = channels[i % channels.length]!;
    const identity = identityFor(channel.type, DEMO_CONTACTS[contactIndex]!, contactIndex);
    const identityKey = `${identity.kind}:${identity.value}`;
    if (!identities.has(identityKey)) {
      identities.add(identityKey);
      await db
        .insert(contactIdentities)
        .values({ accountId, contactId: contact.id, supportChannelId: channel.id, ...identity });
    }
    const agent = people[i % people.length]!;
    const answered = script.lines.some(([who]) => who === 'a');
    const status = i % 7 === 0 ? 'closed' : i % 5 === 0 ? 'pending' : 'open';
    const startedAt = now - (i * 6 + 1) * HOUR - (i % 3) * 17 * 60_000;
    const stepMs = 11 * 60_000;
    const last = script.lines[script.lines.length - 1]!;
    // The customer waits from their first message after the last agent reply.
    const lastAgent = script.lines.map(([who]) => who).lastIndexOf('a');
    const firstWaiting = script.lines.findIndex(([who], n) => who === 'c' && n > lastAgent);
    const lastCustomer = script.lines.map(([who]) => who).lastIndexOf('c');
    const [conversation] = await db
      .insert(conversations)
      .values({
        accountId,
        supportChannelId: channel.id,
        brandId: brand!.id,
        contactId: contact.id,
        subject: script.subject,
        status,
        priority: i % 9 === 0 ? 'high' : i % 4 === 0 ? 'low' : 'none',
        assigneeId: i % 4 === 3 ? null : agent.id,
        teamId: teamIds[i % teamIds.length]!,
        lastMessagePreview: last[1].slice(0, 140),
        lastActivityAt: new Date(startedAt + (script.lines.length - 1) * stepMs),
        lastIncomingAt: lastCustomer >= 0 ? new Date(startedAt + lastCustomer * stepMs) : null,
        waitingSince:
          firstWaiting >= 0 && status !== 'closed'
            ? new Date(startedAt + firstWaiting * stepMs)
            : null,
        firstResponseAt: answered ? new Date(startedAt + stepMs) : null,
        resolvedAt: status === 'closed' ? new Date(startedAt + script.lines.length * stepMs) : null,
        createdAt: new Date(startedAt),
      })
      .returning();
    await db.insert(messages).values(
      script.lines.map(([who, text], n) => ({
        accountId,
        conversationId: conversation!.id,
        supportChannelId: channel.id,
        direction:
          who === 'c'
            ? ('incoming' as const)
            : who === 'a'
              ? ('outgoing' as const)
              : ('internal' as const),
        kind: who === 'n' ? ('note' as const) : ('message' as const),
        body: text,
        senderUserId: who === 'c' ? null : agent.id,
        senderContactId: who === 'c' ? contact.id : null,
        providerMessageId: who === 'n' ? null : `demo-${i}-${n}`,
        deliveryStatus: who === 'a' ? ('delivered' as const) : null,
        createdAt: new Date(startedAt + n * stepMs),
      })),
    );
    const convTags = script.tags
      .map((t) => tagId.get(t))
      .filter((id): id is number => id !== undefined);
    if (convTags.length > 0) {
      await db
        .insert(conversationTags)
        .values(convTags.map((t) => ({ conversationId: conversation!.id, tagId: t })));
    }
  }
}
