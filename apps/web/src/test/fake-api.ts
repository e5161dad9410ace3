import { vi } from 'vitest';

/**
 * A fake of the server at the network boundary: `globalThis.fetch` answers from a table of
 * routes. Nothing of ours is mocked; the request wrapper and everything above it run for real.
 */
export interface RecordedCall {
  method: string;
  path: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

export type Reply = { status?: number; body?: unknown } | ((call: RecordedCall) => Reply);

export function json(status: number, body: unknown): Reply {
  return { status, body };
}

export function fakeApi(routes: Record<string, Reply>) {
  const calls: RecordedCall[] = [];
  const fetchImpl = vi.fn<typeof fetch>(async (input, init = {}) => {
    const url = String(input instanceof Request ? input.url : input);
    const path = new URL(url, 'http://localhost').pathname;
    const method = (init.method ?? 'GET').toUpperCase();
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, key) => {
      headers[key] = value;
    });
    let body: unknown = init.body;
    if (typeof init.body === 'string') {
      try {
        body = JSON.parse(init.body);
      } catch {
        body = init.body;
      }
    }
    const call: RecordedCall = { method, path, url, headers, body };
    calls.push(call);

    if (init.signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
    let reply = routes[`${method} ${path}`];
    if (!reply)
      return new Response(
        JSON.stringify({ code: 'not_found', message: `No route ${method} ${path}` }),
        { status: 404, headers: { 'content-type': 'application/json' } },
      );
    while (typeof reply === 'function') reply = reply(call);
    const status = reply.status ?? 200;
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchImpl);
  return {
    calls,
    fetch: fetchImpl,
    /** The calls made to one route, e.g. `callsTo('PATCH /dashboardapi/global/settings')`. */
    callsTo: (route: string) => calls.filter((c) => `${c.method} ${c.path}` === route),
  };
}
