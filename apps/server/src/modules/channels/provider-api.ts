/** A provider's HTTP answer: its status and its body when that is a JSON object. */
export interface ProviderAnswer {
  status: number;
  json: Record<string, unknown> | null;
}

/**
 * One call to a provider's REST API: JSON accepted, redirects refused, a timeout. Network
 * failures and timeouts throw; HTTP errors are answered for the caller. A body that is not JSON
 * becomes what `notJson` makes of its text (some providers answer errors in plain text).
 */
export async function callProviderApi(
  url: string,
  {
    method,
    headers,
    body,
    timeoutMs,
    notJson = () => null,
  }: {
    method: 'GET' | 'POST';
    headers: Record<string, string>;
    /** Text with its content type, or a multipart form (fetch sets its type and boundary). */
    body?: { contentType: string; text: string } | FormData | undefined;
    timeoutMs: number;
    notJson?: (text: string) => Record<string, unknown> | null;
  },
): Promise<ProviderAnswer> {
  const text = body instanceof FormData ? null : body;
  const res = await fetch(url, {
    method,
    headers: {
      ...headers,
      accept: 'application/json',
      ...(text ? { 'content-type': text.contentType } : {}),
    },
    ...(body ? { body: text ? text.text : (body as FormData) } : {}),
    redirect: 'error',
    signal: AbortSignal.timeout(timeoutMs),
  });
  const answer = await res.text();
  let json: Record<string, unknown> | null = null;
  try {
    const parsed: unknown = JSON.parse(answer);
    if (parsed && typeof parsed === 'object') json = parsed as Record<string, unknown>;
  } catch {
    json = notJson(answer);
  }
  return { status: res.status, json };
}
