import type { Config } from '../../config';
import { callProviderApi, type ProviderAnswer } from '../channels/channels.public';
import type { Deps } from '../../lib/deps';
import type { ChannelRow } from '../channels/channels.public';

export interface GupshupCredentials {
  appName: string;
  apiKey: string;
}

export type GupshupAnswer = ProviderAnswer;

export function gupshupCredentialsOfChannel(deps: Deps, channel: ChannelRow): GupshupCredentials {
  const { api_key } = deps.secrets.openJson<{ api_key: string }>(channel.secretsEncrypted);
  return { appName: String(channel.settings.app_name ?? ''), apiKey: api_key };
}

/** Gupshup's error body `{status:"error", message}` (or a bare string) in words. */
export function gupshupErrorText(answer: GupshupAnswer): string {
  const message = answer.json?.message;
  if (typeof message === 'string' && message) return message;
  if (message && typeof message === 'object') return JSON.stringify(message);
  return `Gupshup answered HTTP ${answer.status}`;
}

/**
 * One call to Gupshup's API (GUPSHUP_API_BASE) with the app's `apikey` header; form-encoded
 * when there is a body. Network failures and timeouts throw.
 */
export async function gupshupApi(
  config: Config,
  apiKey: string,
  method: 'GET' | 'POST',
  path: string,
  form?: URLSearchParams,
  timeoutMs = 15_000,
): Promise<GupshupAnswer> {
  return callProviderApi(`${config.gupshup.apiBase}${path}`, {
    method,
    headers: { apikey: apiKey },
    body: form && { contentType: 'application/x-www-form-urlencoded', text: form.toString() },
    timeoutMs,
    // Gupshup answers some errors in plain text.
    notJson: (text) => (text ? { message: text.slice(0, 300) } : null),
  });
}

/** The app's templates: GET /sm/api/v1/template/list/{appName}. */
export const gupshupTemplateList = (config: Config, creds: GupshupCredentials) =>
  gupshupApi(
    config,
    creds.apiKey,
    'GET',
    `/sm/api/v1/template/list/${encodeURIComponent(creds.appName)}`,
    undefined,
    10_000,
  );

/** Test connection: the app's template list, a cheap call that needs a valid key and app name. */
export async function testGupshupCredentials(config: Config, creds: GupshupCredentials) {
  let answer: GupshupAnswer;
  try {
    answer = await gupshupTemplateList(config, creds);
  } catch (err) {
    return {
      ok: false,
      message: `Gupshup could not be reached: ${(err as Error).message}. Try again in a moment.`,
    };
  }
  if (answer.status === 200 && answer.json?.status === 'success') {
    const count = Array.isArray(answer.json.templates) ? answer.json.templates.length : 0;
    return {
      ok: true,
      message: `Connected to the Gupshup app "${creds.appName}" (${count} approved or pending template${count === 1 ? '' : 's'}).`,
    };
  }
  return {
    ok: false,
    message: `Gupshup refused: ${gupshupErrorText(answer)}. Check the app name and the API key.`,
  };
}
