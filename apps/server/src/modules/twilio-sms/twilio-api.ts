import type { Config } from '../../config';
import type { Deps } from '../../lib/deps';
import { callProviderApi, type ChannelRow, type ProviderAnswer } from '../channels/channels.public';

export interface TwilioCredentials {
  accountSid: string;
  authToken: string;
}

export type TwilioAnswer = ProviderAnswer;

/** A Twilio channel's credentials: the account SID of its settings, its auth token sealed at rest. */
export function twilioCredentialsOf(
  deps: Pick<Deps, 'secrets'>,
  channel: ChannelRow,
): TwilioCredentials {
  const { auth_token } = deps.secrets.openJson<{ auth_token: string }>(channel.secretsEncrypted);
  return { accountSid: String(channel.settings.account_sid ?? ''), authToken: auth_token };
}

/** Twilio's REST error body `{code, message, more_info, status}` in words. */
export function twilioErrorText(answer: TwilioAnswer): string {
  const message = typeof answer.json?.message === 'string' ? answer.json.message : null;
  const code = answer.json?.code;
  if (!message) return `Twilio answered HTTP ${answer.status}`;
  return code ? `${message} (error ${String(code)})` : message;
}

export function basicAuth({ accountSid, authToken }: TwilioCredentials) {
  return `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
}

/**
 * One call to Twilio's REST API (TWILIO_API_BASE) with HTTP basic auth; form-encoded when
 * there is a body. Network failures and timeouts throw; HTTP errors are answered for the caller.
 */
export async function twilioApi(
  config: Config,
  creds: TwilioCredentials,
  method: 'GET' | 'POST',
  path: string,
  form?: URLSearchParams,
  timeoutMs = 15_000,
): Promise<TwilioAnswer> {
  return callProviderApi(`${config.twilio.apiBase}${path}`, {
    method,
    headers: { authorization: basicAuth(creds) },
    body: form && { contentType: 'application/x-www-form-urlencoded', text: form.toString() },
    timeoutMs,
  });
}

/** Test connection: GET /2010-04-01/Accounts/{sid}.json answers the account when the token is right. */
export async function testTwilioCredentials(config: Config, creds: TwilioCredentials) {
  let answer: TwilioAnswer;
  try {
    answer = await twilioApi(
      config,
      creds,
      'GET',
      `/2010-04-01/Accounts/${encodeURIComponent(creds.accountSid)}.json`,
      undefined,
      10_000,
    );
  } catch (err) {
    return {
      ok: false,
      message: `Twilio could not be reached: ${(err as Error).message}. Try again in a moment.`,
    };
  }
  if (answer.status === 200) {
    const name = typeof answer.json?.friendly_name === 'string' ? answer.json.friendly_name : null;
    const status = typeof answer.json?.status === 'string' ? answer.json.status : 'active';
    if (status !== 'active')
      return { ok: false, message: `The Twilio account ${name ?? ''} is ${status}.`.trim() };
    return { ok: true, message: `Connected to the Twilio account${name ? ` "${name}"` : ''}.` };
  }
  const hint =
    answer.status === 401 || answer.status === 404
      ? ' Check the Account SID and the Auth Token.'
      : '';
  return { ok: false, message: `Twilio refused: ${twilioErrorText(answer)}.${hint}` };
}
