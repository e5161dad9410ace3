import crypto from 'node:crypto';
import { createTestContext, type TestContext } from './harness';
import { startFakeGupshup, type FakeGupshup } from './fake-gupshup';
import { startFakeMeta, type FakeMeta } from './fake-meta';
import { startFakeTwilio, type FakeTwilio } from './fake-twilio';

/** The public URL of the server under test: callback URLs shown to admins start with it. */
export const PUBLIC_URL = 'https://parley.example.com';

/** A server under test whose provider API is a local fake; close() stops both. */
export interface ProviderFixture<Fake> {
  ctx: TestContext;
  fake: Fake;
  close(): Promise<void>;
}

async function withFake<Fake extends { url: string; close(): Promise<void> }>(
  fake: Fake,
  env: Record<string, string>,
): Promise<ProviderFixture<Fake>> {
  const ctx = await createTestContext({
    PUBLIC_URL,
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    // The fake provider (its API, CDN and media links) listens on loopback.
    OUTBOUND_ALLOW_PRIVATE: 'true',
    ...env,
  });
  return {
    ctx,
    fake,
    close: async () => {
      await ctx.close();
      await fake.close();
    },
  };
}

export async function withFakeTwilio() {
  const fake = await startFakeTwilio();
  return withFake<FakeTwilio>(fake, { TWILIO_API_BASE: fake.url });
}

export async function withFakeGupshup() {
  const fake = await startFakeGupshup();
  return withFake<FakeGupshup>(fake, { GUPSHUP_API_BASE: fake.url });
}

export async function withFakeMeta({
  appSecret,
  verifyToken,
}: {
  appSecret: string;
  verifyToken: string;
}) {
  const fake = await startFakeMeta();
  return withFake<FakeMeta>(fake, {
    META_GRAPH_API_BASE: fake.url,
    META_APP_SECRET: appSecret,
    META_VERIFY_TOKEN: verifyToken,
  });
}

/** A Twilio-style id: a two-letter prefix (SM, CA, RE...) and 32 hex digits. */
export const twilioSid = (prefix: string) => `${prefix}${crypto.randomBytes(16).toString('hex')}`;

export const META_WEBHOOK = '/dashboardapi/meta/webhook';

/** X-Hub-Signature-256 as Meta computes it: HMAC-SHA256 of the exact bytes with the app secret. */
export const signMeta = (appSecret: string, raw: string) =>
  `sha256=${crypto.createHmac('sha256', appSecret).update(raw).digest('hex')}`;

/** Meta's webhook POST, signed over the exact bytes sent (or with the given headers); jobs drained. */
export async function deliverMetaWebhook(
  ctx: TestContext,
  appSecret: string,
  payload: unknown,
  headers: Record<string, string> | null = null,
) {
  const raw = JSON.stringify(payload);
  const res = await ctx.app.inject({
    method: 'POST',
    url: META_WEBHOOK,
    headers: {
      'content-type': 'application/json',
      ...(headers ?? { 'x-hub-signature-256': signMeta(appSecret, raw) }),
    },
    payload: raw,
  });
  await ctx.deps.jobs.drain();
  return res;
}
