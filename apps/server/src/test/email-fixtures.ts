import crypto from 'node:crypto';
import { EMAIL_SETUP_PATHS, type EmailSetupResult } from '@parley/contracts';
import { as, type Session, type TestContext } from './harness';

let domains = 0;

/**
 * An account's email channel, set up over HTTP as an admin would, on an address of its own.
 * Without `smtp` in `extra` it has no SMTP server of its own: replies go through the server's
 * mailer, into the test mailbox (harness.ts, readMailbox).
 */
export async function emailChannelFor(
  ctx: TestContext,
  s: Session,
  { address, extra = {} }: { address?: string; extra?: Record<string, unknown> } = {},
) {
  const from =
    address ?? `support@shop${++domains}-${crypto.randomBytes(3).toString('hex')}.example`;
  const res = await as(ctx, s).post(EMAIL_SETUP_PATHS.setup, {
    from_name: 'Northwind Support',
    from_address: from,
    ...extra,
  });
  if (res.statusCode !== 201) throw new Error(`setup: ${res.statusCode} ${res.body}`);
  const result = res.json() as EmailSetupResult;
  return {
    address: from,
    id: result.setup.support_channel_id,
    secret: result.setup.inbound_secret!,
    /** The whole answer: the setup and the DNS records of its domain. */
    result,
  };
}
