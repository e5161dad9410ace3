import { apiText, type ApiText } from '../../lib/errors';
import type { Config } from '../../config';
import { RetryableError } from '../../lib/jobs';
import {
  callProviderApi,
  PermanentDeliveryError,
  type ProviderAnswer,
} from '../channels/channels.public';

export type GraphAnswer = ProviderAnswer;

/** Graph's error object `{error: {message, type, code, error_subcode}}`. */
export interface GraphError {
  message: string;
  code: number | null;
  subcode: number | null;
  /** WhatsApp Cloud API errors say what was wrong in `error_data.details`. */
  details: string | null;
}

const graphUrl = (config: Config, path: string) =>
  `${config.meta.graphApiBase}/${config.meta.graphApiVersion}${path}`;

/** A plain-text error reads like Graph's own error object. */
const graphErrorOfText = (text: string) =>
  text ? { error: { message: text.slice(0, 300) } } : null;

/**
 * One call to the Graph API (META_GRAPH_API_BASE / META_GRAPH_API_VERSION). The token goes in
 * the Authorization header, never in the URL, so it does not end up in access logs. Network
 * failures and timeouts throw.
 */
export async function graphApi(
  config: Config,
  accessToken: string,
  method: 'GET' | 'POST',
  path: string,
  body?: Record<string, unknown>,
  timeoutMs = 15_000,
): Promise<GraphAnswer> {
  return callProviderApi(graphUrl(config, path), {
    method,
    headers: { authorization: `Bearer ${accessToken}` },
    body: body && { contentType: 'application/json', text: JSON.stringify(body) },
    timeoutMs,
    notJson: graphErrorOfText,
  });
}

/**
 * A multipart upload to the Graph API (WhatsApp Cloud API media: POST /{phone_number_id}/media),
 * with the same token handling, redirect refusal and answer shape as graphApi. Network failures
 * and timeouts throw.
 */
export async function graphUpload(
  config: Config,
  accessToken: string,
  path: string,
  form: FormData,
  timeoutMs = 60_000,
): Promise<GraphAnswer> {
  return callProviderApi(graphUrl(config, path), {
    method: 'POST',
    headers: { authorization: `Bearer ${accessToken}` },
    body: form,
    timeoutMs,
    notJson: graphErrorOfText,
  });
}

export function graphErrorOf(answer: GraphAnswer): GraphError {
  const e = answer.json?.error;
  const err = e && typeof e === 'object' ? (e as Record<string, unknown>) : {};
  const num = (v: unknown) => (typeof v === 'number' ? v : null);
  return {
    message:
      typeof err.message === 'string' && err.message
        ? err.message
        : `Meta answered HTTP ${answer.status}`,
    code: num(err.code),
    subcode: num(err.error_subcode),
    details:
      err.error_data &&
      typeof err.error_data === 'object' &&
      typeof (err.error_data as Record<string, unknown>).details === 'string'
        ? ((err.error_data as Record<string, unknown>).details as string) || null
        : null,
  };
}

export function graphErrorText(error: GraphError): string {
  const words =
    error.details && !error.message.includes(error.details)
      ? `${error.message}: ${error.details}`
      : error.message;
  if (error.code === null) return words;
  return `${words} (code ${error.code}${error.subcode ? `, subcode ${error.subcode}` : ''})`;
}

/**
 * The token no longer works: expired or revoked (190), session invalid (102), expired or
 * changed password sessions (463, 467; subcodes 458 app removed, 460 password changed).
 * Only reconnecting the page fixes these.
 */
export function needsReauthorization(error: GraphError): boolean {
  return (
    [190, 102, 463, 467].includes(error.code ?? 0) ||
    [458, 460, 463, 467].includes(error.subcode ?? 0)
  );
}

/** Transient: unknown / service errors (1, 2) and rate limits (4, 17, 32, 613). */
export function isTransient(answer: GraphAnswer, error: GraphError): boolean {
  return (
    answer.status >= 500 ||
    answer.status === 429 ||
    [1, 2, 4, 17, 32, 613].includes(error.code ?? 0)
  );
}

export class ReauthorizationRequiredError extends PermanentDeliveryError {}

/**
 * A failed answer as the error the caller throws: reauthorization (the channel is flagged by the
 * caller), retryable, or permanent with Meta's words.
 */
export function graphFailure(answer: GraphAnswer, what: string): Error {
  const error = graphErrorOf(answer);
  const words = graphErrorText(error);
  if (needsReauthorization(error))
    return new ReauthorizationRequiredError(
      `Meta no longer accepts this page's access token: ${words}. Reconnect the page under Settings → Support channels to send again.`,
    );
  if (isTransient(answer, error))
    return new RetryableError(
      `Meta is unavailable or throttling (HTTP ${answer.status}): ${words}`,
    );
  return new PermanentDeliveryError(`Meta refused ${what}: ${words}`);
}

export interface TokenInspection {
  pageId: string;
  pageName: string;
  instagramAccountId: string | null;
}

/**
 * Which page a Page access token belongs to (GET /me?fields=id,name), and its linked Instagram
 * business account (GET /{page-id}?fields=instagram_business_account). Throws nothing: a refusal
 * is a message in words.
 */
export async function inspectPageToken(
  config: Config,
  token: string,
): Promise<{ ok: true; page: TokenInspection } | { ok: false; message: ApiText }> {
  let me: GraphAnswer;
  let page: GraphAnswer;
  try {
    me = await graphApi(config, token, 'GET', '/me?fields=id,name', undefined, 10_000);
    if (me.status !== 200 || typeof me.json?.id !== 'string')
      return {
        ok: false,
        message: apiText('Meta refused the token: {reason}. Paste a current Page access token.', {
          reason: graphErrorText(graphErrorOf(me)),
        }),
      };
    page = await graphApi(
      config,
      token,
      'GET',
      `/${encodeURIComponent(me.json.id)}?fields=instagram_business_account`,
      undefined,
      10_000,
    );
  } catch (err) {
    return {
      ok: false,
      message: apiText('Meta could not be reached: {reason}. Try again in a moment.', {
        reason: (err as Error).message,
      }),
    };
  }
  if (page.status !== 200)
    return {
      ok: false,
      message: apiText(
        'Meta refused to show the page: {reason}. A Page access token is needed (not a user token).',
        { reason: graphErrorText(graphErrorOf(page)) },
      ),
    };
  const ig = page.json?.instagram_business_account;
  const igId =
    ig && typeof ig === 'object' && typeof (ig as Record<string, unknown>).id === 'string'
      ? ((ig as Record<string, unknown>).id as string)
      : null;
  return {
    ok: true,
    page: {
      pageId: me.json.id,
      pageName: typeof me.json.name === 'string' ? me.json.name : me.json.id,
      instagramAccountId: igId,
    },
  };
}

/** How long a sender's profile may take: a message is never held up longer for a name. */
export const PROFILE_TIMEOUT_MS = 3_000;

/**
 * The display name of a Messenger (PSID) or Instagram (IGSID) sender, with the page's token:
 * Messenger `GET /{psid}?fields=first_name,last_name,profile_pic` → "First Last"; Instagram
 * `GET /{igsid}?fields=name,username,profile_pic` → the name, else "@username". Never throws:
 * any refusal, network error or timeout (PROFILE_TIMEOUT_MS) gives null and the contact stays
 * nameless.
 */
export async function fetchSenderName(
  config: Config,
  token: string,
  channelType: 'facebook' | 'instagram_dm',
  senderId: string,
): Promise<string | null> {
  const fields =
    channelType === 'facebook' ? 'first_name,last_name,profile_pic' : 'name,username,profile_pic';
  try {
    const answer = await graphApi(
      config,
      token,
      'GET',
      `/${encodeURIComponent(senderId)}?fields=${fields}`,
      undefined,
      PROFILE_TIMEOUT_MS,
    );
    const json = answer.json;
    if (answer.status !== 200 || !json) return null;
    const field = (key: string) => (typeof json[key] === 'string' ? json[key].trim() : '');
    const username = field('username').replace(/^@/, '');
    const name =
      channelType === 'facebook'
        ? [field('first_name'), field('last_name')].filter(Boolean).join(' ')
        : field('name') || (username ? `@${username}` : '');
    return name.slice(0, 200) || null;
  } catch {
    return null;
  }
}
