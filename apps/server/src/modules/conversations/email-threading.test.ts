import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, conversations, messages, supportChannels } from '../../db/schema';
import { createTestContext, signUp, type TestContext } from '../../test/harness';
import { findEmailThread, normalizeSubject } from './email-threading';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
});
afterAll(() => ctx.close());

async function mailbox() {
  const s = await signUp(ctx);
  const db = ctx.deps.db;
  const [channel] = await db
    .insert(supportChannels)
    .values({ accountId: s.accountId, type: 'email', name: 'support@' })
    .returning();
  const [contact] = await db
    .insert(contacts)
    .values({ accountId: s.accountId, email: 'c@example.com' })
    .returning();
  const [conv] = await db
    .insert(conversations)
    .values({
      accountId: s.accountId,
      supportChannelId: channel!.id,
      contactId: contact!.id,
      subject: 'Broken zipper on my jacket',
    })
    .returning();
  await db.insert(messages).values({
    accountId: s.accountId,
    conversationId: conv!.id,
    supportChannelId: channel!.id,
    direction: 'incoming',
    body: 'The zipper broke',
    providerMessageId: '<abc123@mail.example.com>',
  });
  const base = { accountId: s.accountId, supportChannelId: channel!.id, contactId: contact!.id };
  return { base, conversationId: conv!.id };
}

describe('email threading (global setting treat_subject_and_sender_combination_as_single_thread)', () => {
  it('strips reply and forward prefixes, in several languages', () => {
    expect(normalizeSubject('Re: RE: Fwd:  Broken   zipper')).toBe('broken zipper');
    expect(normalizeSubject('AW: WG: Rechnung')).toBe('rechnung');
    expect(normalizeSubject('Re[2]: hello')).toBe('hello');
    expect(normalizeSubject('Regarding: my order')).toBe('regarding: my order');
  });

  it('threads by In-Reply-To / References whatever the setting', async () => {
    const { base, conversationId } = await mailbox();
    for (const setting of [true, false]) {
      const id = await findEmailThread(ctx.deps.db, {
        ...base,
        referencedMessageIds: ['<unknown@x>', '<abc123@mail.example.com>'],
        subject: 'something else entirely',
        singleThreadBySubjectAndSender: setting,
      });
      expect(id).toBe(conversationId);
    }
  });

  it('with the setting on, the same sender and subject (without Re:) join the conversation', async () => {
    const { base, conversationId } = await mailbox();
    const on = { ...base, referencedMessageIds: [], singleThreadBySubjectAndSender: true };
    expect(
      await findEmailThread(ctx.deps.db, { ...on, subject: 'RE: broken zipper on my JACKET' }),
    ).toBe(conversationId);
    expect(await findEmailThread(ctx.deps.db, { ...on, subject: 'Broken zipper' })).toBeNull();
    expect(
      await findEmailThread(ctx.deps.db, {
        ...on,
        contactId: null,
        subject: 'Broken zipper on my jacket',
      }),
    ).toBeNull();
  });

  it('with the setting off (the default), a new email without references starts a new conversation', async () => {
    const { base } = await mailbox();
    const id = await findEmailThread(ctx.deps.db, {
      ...base,
      referencedMessageIds: [],
      subject: 'Re: Broken zipper on my jacket',
      singleThreadBySubjectAndSender: false,
    });
    expect(id).toBeNull();
  });
});
