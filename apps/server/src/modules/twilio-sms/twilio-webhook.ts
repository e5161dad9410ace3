import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../lib/deps';
import { AppError } from '../../lib/errors';
import type { ChannelRow } from '../channels/channels.public';
import { findChannelForCallback } from '../channels/channels.service';
import type { TwilioCredentials } from './twilio-api';
import { isValidTwilioSignature, param, parseForm, type FormParams } from './twilio-signature';

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

/** Twilio's webhook answer: empty TwiML, so Twilio sends nothing back by itself. */
export const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response/>';

/**
 * What a Twilio webhook hands its service, which checks X-Twilio-Signature over the URL and
 * every form parameter exactly as Twilio sent them.
 */
export interface TwilioWebhookRequest {
  channelId: number;
  url: string;
  form: FormParams;
  signature: string | undefined;
}

const channelParams = z.object({
  channelId: z.coerce.number().int().positive().max(2_147_483_647),
});

/** The raw form body is kept as text: the signature covers every parameter as sent. */
export function acceptTwilioForms(app: ZodApp) {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 256 * 1024 },
    (_request, body, done) => done(null, body),
  );
}

/**
 * POST `url` (with a `:channelId` param) as a Twilio webhook: no session (auth 'webhook'; the
 * service verifies the signature), answered with the TwiML `handle` returns, or an empty one.
 */
export function postTwilioWebhook<Query extends z.ZodType = z.ZodObject>(
  app: ZodApp,
  route: { url: string; tags: string[]; summary: string; querystring?: Query },
  handle: (webhook: TwilioWebhookRequest, query: z.infer<Query>) => Promise<string | void>,
) {
  const { url, tags, summary, querystring } = route;
  app.post(
    url,
    {
      config: { auth: 'webhook' },
      schema: { tags, summary, params: channelParams, ...(querystring ? { querystring } : {}) },
    },
    async (request, reply) => {
      const header = request.headers['x-twilio-signature'];
      const twiml = await handle(
        {
          channelId: request.params.channelId,
          url: request.url,
          form: parseForm(typeof request.body === 'string' ? request.body : ''),
          signature: typeof header === 'string' ? header : undefined,
        },
        // Validated by the route's querystring schema above.
        request.query as z.infer<Query>,
      );
      reply.type('text/xml');
      return typeof twiml === 'string' ? twiml : EMPTY_TWIML;
    },
  );
}

const notFromTwilio = () =>
  new AppError(
    403,
    'forbidden',
    "The request is not signed by this channel's Twilio account (X-Twilio-Signature).",
  );

/**
 * The channel of `type` a Twilio callback names, once X-Twilio-Signature proves it was signed
 * with that channel's auth token over the URL as Twilio called it (PUBLIC_URL + path + query).
 * Anything else is refused with 403 before a byte is stored. `credentialsOf` answers null for a
 * channel that has no Twilio credentials.
 */
export async function verifyTwilioCallback(
  deps: Deps,
  channelOf: { type: string; credentialsOf: (channel: ChannelRow) => TwilioCredentials | null },
  { channelId, url: requestUrl, form, signature }: TwilioWebhookRequest,
) {
  const channel = await findChannelForCallback(deps.db, channelId, channelOf.type);
  const creds = channel && channelOf.credentialsOf(channel);
  if (!channel || !creds) throw notFromTwilio();
  const url = `${deps.config.publicUrl}${requestUrl}`;
  if (!isValidTwilioSignature(creds.authToken, url, form, signature)) throw notFromTwilio();
  // Defence in depth: a callback of another Twilio account never files into this channel.
  const accountSid = param(form, 'AccountSid');
  if (accountSid && accountSid !== creds.accountSid) throw notFromTwilio();
  return { channel, creds };
}
