import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversations, messages, supportChannels } from '../../db/schema';
import { as, signUp, type Session, type TestContext } from '../../test/harness';
import type { FakeMeta, FakeWhatsappNumber } from '../../test/fake-meta';
import { deliverMetaWebhook, withFakeMeta } from '../../test/provider-fixtures';

/**
 * Editing a provider channel after it was created: a WhatsApp Cloud API
 * channel's permanent access token is re-entered after Meta revoked it (190).
 */
const APP_SECRET = 'app-secret-provider-settings';
let ctx: TestContext;
let fake: FakeMeta;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ ctx, fake, close } = await withFakeMeta({
    appSecret: APP_SECRET,
    verifyToken: 'verify-token-provider-settings',
  }));
});
afterAll(() => close());

let counter = 0;
const customer = () => `4915113${String(100000 + ++counter)}`;

/** A customer's text on the Cloud API webhook (object whatsapp_business_account). */
const inboundText = (n: FakeWhatsappNumber, from: string, body: string) => ({
  object: 'whatsapp_business_account',
  entry: [
    {
      id: n.businessAccountId,
      changes: [
        {
          field: 'messages',
          value: {
            messaging_product: 'whatsapp',
            metadata: {
              display_phone_number: n.displayPhoneNumber.replace(/\D/g, ''),
              phone_number_id: n.phoneNumberId,
            },
            contacts: [{ profile: { name: 'Lena' }, wa_id: from }],
            messages: [
              {
                from,
                id: `wamid.${crypto.randomBytes(16).toString('base64url')}`,
                timestamp: String(Math.floor(Date.now() / 1000)),
                type: 'text',
                text: { body },
              },
            ],
          },
        },
      ],
    },
  ],
});

/**
 * Meta issues another permanent token for the same number (a new system-user token): the fake
 * answers a number's token with that number, so a second fake number takes the first's ids.
 */
function secondTokenOf(n: FakeWhatsappNumber) {
  const other = fake.addWhatsappNumber();
  other.phoneNumberId = n.phoneNumberId;
  other.businessAccountId = n.businessAccountId;
  other.displayPhoneNumber = n.displayPhoneNumber;
  other.verifiedName = n.verifiedName;
  return other.token;
}

const channelRow = async (id: number) =>
  (await ctx.deps.db.select().from(supportChannels).where(eq(supportChannels.id, id)))[0]!;
const messageRow = async (id: number) =>
  (await ctx.deps.db.select().from(messages).where(eq(messages.id, id)))[0]!;

async function reply(s: Session, conversationId: number, body: string) {
  const res = await as(ctx, s).post(`/dashboardapi/conversations/${conversationId}/messages`, {
    body,
  });
  expect(res.statusCode).toBe(201);
  await ctx.deps.jobs.drain();
  return (res.json() as { id: number }).id;
}

const patchToken = (s: Session, id: number, accessToken: string) =>
  as(ctx, s).patch(`/dashboardapi/supportchannel?id=${id}`, {
    provider: { type: 'whatsapp_gupshup_isv', access_token: accessToken },
  });

/** A Cloud API channel with a customer's conversation, whose token Meta then revoked (190). */
async function revokedChannel() {
  const owner = await signUp(ctx);
  const number = fake.addWhatsappNumber();
  const created = await as(ctx, owner).post('/dashboardapi/supportchannel', {
    type: 'whatsapp_gupshup_isv',
    provider: 'cloud_api',
    name: 'WhatsApp (Cloud API)',
    phone_number_id: number.phoneNumberId,
    business_account_id: number.businessAccountId,
    access_token: number.token,
  });
  expect(created.statusCode).toBe(201);
  const channelId = (created.json() as { id: number }).id;
  await deliverMetaWebhook(ctx, APP_SECRET, inboundText(number, customer(), 'Hallo?'));
  const [conversation] = await ctx.deps.db
    .select()
    .from(conversations)
    .where(eq(conversations.supportChannelId, channelId));
  fake.revoke(number.token);
  const failed = await reply(owner, conversation!.id, 'Sent after the revocation');
  expect((await messageRow(failed)).deliveryStatus).toBe('failed');
  expect((await channelRow(channelId)).needsReauthorization).toBe(true);
  return { owner, number, channelId, conversationId: conversation!.id };
}

describe('WhatsApp Cloud API token re-entry', () => {
  it('checks the new token with Meta, seals it, never returns it, and clears the reauthorization flag', async () => {
    const { owner, number, channelId, conversationId } = await revokedChannel();
    const settings = await as(ctx, owner).get(
      `/dashboardapi/supportchannel/settings?id=${channelId}`,
    );
    expect(settings.statusCode).toBe(200);
    expect(settings.json()).toMatchObject({
      needs_reauthorization: true,
      settings: {
        kind: 'cloud_api',
        phone_number_id: number.phoneNumberId,
        business_account_id: number.businessAccountId,
        display_phone_number: number.displayPhoneNumber,
        verified_name: number.verifiedName,
      },
    });
    expect(settings.body).not.toContain(number.token);

    const newToken = secondTokenOf(number);
    const saved = await patchToken(owner, channelId, newToken);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ id: channelId, needs_reauthorization: false });
    expect(saved.body).not.toContain(newToken);
    const row = await channelRow(channelId);
    expect(row.needsReauthorization).toBe(false);
    expect(row.lastError).toBeNull();
    expect(JSON.stringify(row.settings)).not.toContain(newToken);
    expect(row.secretsEncrypted).not.toContain(newToken);
    expect(ctx.deps.secrets.openJson<{ access_token: string }>(row.secretsEncrypted)).toEqual({
      access_token: newToken,
    });
    const list = await as(ctx, owner).get('/dashboardapi/supportchannel/all');
    expect(list.body).not.toContain(newToken);
    expect(
      (list.json() as { id: number; needs_reauthorization: boolean }[]).find(
        (c) => c.id === channelId,
      )?.needs_reauthorization,
    ).toBe(false);

    // Replies go out again, with the new token.
    const sent = await reply(owner, conversationId, 'Back online');
    expect((await messageRow(sent)).deliveryStatus).toBe('sent');
    expect(fake.sent.at(-1)).toMatchObject({
      path: `/${number.phoneNumberId}/messages`,
      token: newToken,
    });
  });

  it("refuses a token Meta does not accept for the number, in Meta's words, and keeps the flag", async () => {
    const { owner, number, channelId } = await revokedChannel();
    const before = (await channelRow(channelId)).secretsEncrypted;
    // The revoked token itself, and a token of another number.
    for (const token of [number.token, fake.addWhatsappNumber().token]) {
      const refused = await patchToken(owner, channelId, token);
      expect(refused.statusCode).toBe(400);
      const body = refused.json() as {
        code: string;
        message: string;
        details: { path: string; message: string }[];
      };
      expect(body.code).toBe('validation_error');
      expect(body.message).toMatch(
        /^Meta refused: .+\. Check the phone number ID and the access token\.$/,
      );
      expect(body.details).toEqual([{ path: 'provider.access_token', message: body.message }]);
    }
    const row = await channelRow(channelId);
    expect(row.needsReauthorization).toBe(true);
    expect(row.secretsEncrypted).toBe(before);
    // A token of the wrong shape never reaches Meta.
    const malformed = await patchToken(owner, channelId, 'not a token');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().details[0].path).toBe('provider.access_token');
    // Gupshup's fields do not apply to a Cloud API channel.
    const gupshup = await as(ctx, owner).patch(`/dashboardapi/supportchannel?id=${channelId}`, {
      provider: { type: 'whatsapp_gupshup_isv', api_key: 'a-gupshup-key-123' },
    });
    expect(gupshup.statusCode).toBe(400);
    expect(gupshup.json().message).toBe(
      'This WhatsApp channel uses the Cloud API: only its access token can be changed.',
    );
  });

  it("another account cannot read or replace the channel's token (404)", async () => {
    const { owner, number, channelId } = await revokedChannel();
    const stranger = await signUp(ctx);
    const newToken = secondTokenOf(number);
    expect((await patchToken(stranger, channelId, newToken)).statusCode).toBe(404);
    expect(
      (await as(ctx, stranger).get(`/dashboardapi/supportchannel/settings?id=${channelId}`))
        .statusCode,
    ).toBe(404);
    expect((await channelRow(channelId)).needsReauthorization).toBe(true);
    expect((await patchToken(owner, channelId, newToken)).statusCode).toBe(200);
  });
});
