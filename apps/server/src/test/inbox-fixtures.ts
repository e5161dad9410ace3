import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  as,
  linkFromMail,
  sessionFrom,
  uniqueEmail,
  signUp,
  type Session,
  type TestContext,
} from './harness';

/** An owner plus a second agent who accepted an invitation to the same account. */
export async function ownerAndTeammate(ctx: TestContext) {
  const owner = await signUp(ctx, { name: 'Olga Owner' });
  const email = uniqueEmail('teammate');
  await as(ctx, owner).post('/dashboardapi/teammembers/invite', {
    email,
    permission_level: 'agent',
  });
  const link = await linkFromMail(ctx, email, '/settings/teammembers/invite/confirm/');
  const accept = await ctx.app.inject({
    method: 'POST',
    url: `/dashboardapi/teammembers/invite/${link.split('/confirm/')[1]}/accept`,
    payload: { name: 'Tariq Teammate', password: 'teammate pw 1' },
  });
  return { owner, mate: sessionFrom(accept) };
}

/** An account's API channel and API key, created over HTTP as an admin would. */
export async function apiChannelFor(
  ctx: TestContext,
  s: Session,
  webhookUrl: string | null = null,
) {
  const api = as(ctx, s);
  const channel = await api.post('/dashboardapi/supportchannel', {
    type: 'api',
    name: 'Shop backend',
    webhook_url: webhookUrl,
  });
  if (channel.statusCode !== 201) throw new Error(`channel: ${channel.statusCode} ${channel.body}`);
  const key = await api.post('/dashboardapi/apikeys', { name: 'tests' });
  if (key.statusCode !== 201) throw new Error(`key: ${key.statusCode} ${key.body}`);
  const { id, webhook_secret } = channel.json() as { id: number; webhook_secret: string };
  const apiKey = (key.json() as { key: string }).key;
  return {
    channelId: id,
    webhookSecret: webhook_secret,
    apiKey,
    /** A customer message arriving on the channel. */
    async inbound(body: {
      identifier: string;
      text: string;
      name?: string;
      email?: string;
      id?: string;
      subject?: string;
    }) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/v1/channels/${id}/messages`,
        headers: { authorization: `Bearer ${apiKey}` },
        payload: {
          contact: { identifier: body.identifier, name: body.name, email: body.email },
          message: { body: body.text, ...(body.id ? { id: body.id } : {}) },
          ...(body.subject ? { subject: body.subject } : {}),
        },
      });
      if (res.statusCode !== 201 && res.statusCode !== 200)
        throw new Error(`inbound: ${res.statusCode} ${res.body}`);
      return res.json() as {
        conversation_id: number;
        message_id: number;
        contact_id: number;
        duplicate: boolean;
      };
    },
  };
}

/** A local HTTP server standing in for a customer's webhook receiver. */
export async function webhookReceiver(statuses: number[] = []) {
  const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.statusCode = statuses.shift() ?? 200;
      res.end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/parley`,
    received,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
