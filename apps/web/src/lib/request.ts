import { i18n } from '@lingui/core';
import { HEADERS, type ApiErrorBody, type ErrorCode, ERROR_CODES } from '@parley/contracts';
import {
  ApiError,
  genericErrorMessage,
  networkErrorMessage,
  type ApiErrorPayload,
} from './api-error';
import { clearLocalSessionData, clearSessionCookies, readSessionCookies } from './session';

/**
 * The request wrapper of docs/product/api.md, docs/product/errors.md: every call to the API goes through here, so the three
 * session headers, session end (401/403) and cancellation behave the same everywhere.
 */

export const CANCELED_MESSAGE = 'Request canceled';

/** What a canceled request resolves to (docs/product/errors.md: it resolves, it does not reject). */
export interface CanceledRequest {
  canceled: true;
  message: string;
}

export function isCanceledRequest(value: unknown): value is CanceledRequest {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { canceled?: unknown }).canceled === true &&
    typeof (value as { message?: unknown }).message === 'string'
  );
}

export type RequestResult<T> = T | CanceledRequest;

/** A pending call that can be canceled; cancel() makes it resolve to the canceled marker. */
export interface CancelablePromise<T> extends Promise<RequestResult<T>> {
  cancel: (message?: string) => void;
}

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  /** A caller-owned signal (e.g. an effect's cleanup or RTK Query's). */
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /**
   * false for the public pages (login, signup, password reset, invitation): no session headers,
   * and a 401/403 there is a wrong password, not a session ending.
   */
  auth?: boolean;
  /**
   * false for the public pages' calls (help center, /feedback, /transcript, /widget-demo): the
   * browser sends no cookies either: public pages are sent without credentials. Sign-in
   * calls keep them, since their answer sets the session cookies.
   */
  cookies?: boolean;
}

/** The options of a public page's call: no session headers, no cookies. */
export const ANONYMOUS = { auth: false, cookies: false } as const satisfies RequestOptions;

export interface RequestEnvironment {
  /** Client-side navigation; the router's navigate once the app is up. */
  navigate: (to: string) => void;
  /** Dispatches reset-app-state (and purges the persisted store). */
  resetAppState: () => void;
  /** The path of the page the user is on now. */
  currentPath: () => string;
}

const defaultEnvironment: RequestEnvironment = {
  navigate: (to) => window.location.assign(to),
  // Until the store is loaded (public pages) there is no app state beyond local storage.
  resetAppState: () => {},
  currentPath: () => window.location.pathname,
};

let environment: RequestEnvironment = { ...defaultEnvironment };

/** Injects navigation and state reset, so the wrapper works outside React and in tests. */
export function configureRequest(overrides: Partial<RequestEnvironment>): void {
  environment = { ...environment, ...overrides };
}

export function resetRequestConfiguration(): void {
  environment = { ...defaultEnvironment };
}

export const LOGIN_PATH = '/login';
export const EXPIRED_PASSWORD_PATH = '/login/forgotpassword?alert=expiry_surpassed';
/** Pages where a 403 must not log the user out (docs/product/errors.md). */
const NO_LOGOUT_ON_403_PATHS = ['/login', '/login/resetpassword'];
const NO_LOGOUT_ON_403_CODES: readonly string[] = [
  'password_change_required',
  'cant_change_password',
];

/** Ends the session on this browser: cookies, local data, app state, then /login. */
export function endSession(): void {
  clearSessionCookies();
  clearLocalSessionData();
  environment.resetAppState();
  environment.navigate(LOGIN_PATH);
}

/** Clears client state for a fresh session (after sign-in), without navigating. */
export function resetClientState(): void {
  clearLocalSessionData();
  environment.resetAppState();
}

function normalisePath(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

function handleSessionErrors(error: ApiError, authenticated: boolean): void {
  if (error.status === 403 && error.code === 'password_change_required') {
    environment.navigate(EXPIRED_PASSWORD_PATH);
    return;
  }
  // Public calls carry no session: their 401 is a wrong password, not a session ending.
  if (!authenticated) return;
  if (error.status === 401) {
    endSession();
    return;
  }
  if (error.status === 403) {
    const onExemptPage = NO_LOGOUT_ON_403_PATHS.includes(normalisePath(environment.currentPath()));
    if (onExemptPage || NO_LOGOUT_ON_403_CODES.includes(error.code)) return;
    endSession();
  }
}

/** `path` with `query`'s set values as its search, in their order (the URL a request asks for). */
export function withQuery(path: string, query: RequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const qs = params.toString();
  if (!qs) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${qs}`;
}

function sessionHeaders(): Record<string, string> {
  const { authToken, accountId, csrfToken } = readSessionCookies();
  const headers: Record<string, string> = {};
  if (authToken) headers[HEADERS.authorization] = `Token ${authToken}`;
  if (accountId) headers[HEADERS.accountId] = accountId;
  if (csrfToken) headers[HEADERS.csrf] = csrfToken;
  return headers;
}

// ---- Early GETs: a first visit asks for what the shell needs while its code still loads ----

/** How long an early answer waits to be taken; older, the caller asks again. */
const EARLY_GET_TTL_MS = 30_000;

interface EarlyGet {
  /** The session headers it went out with: a changed session (sign-out, account switch) asks again. */
  session: string;
  startedAt: number;
  response: Promise<Response>;
}

const earlyGets = new Map<string, EarlyGet>();

/**
 * Starts an authenticated GET of `path` now, before the code that will ask for it has loaded
 * (app/route-preload.ts: Me, on a first visit to a signed-in page). The next request() of that
 * GET, with the same session, takes this response instead of asking again, and handles it like
 * its own: 401/403, errors, parsing. Nothing else ever reads it.
 */
export function startEarlyGet(path: string): void {
  const headers = { accept: 'application/json', ...sessionHeaders() };
  const response = globalThis.fetch(path, { headers, credentials: 'same-origin' });
  // A failure surfaces (or not) where the response is taken, like any request's.
  response.catch(() => {});
  earlyGets.set(path, { session: JSON.stringify(headers), startedAt: Date.now(), response });
}

function takeEarlyGet(path: string, headers: Record<string, string>): Promise<Response> | null {
  const early = earlyGets.get(path);
  if (!early) return null;
  earlyGets.delete(path);
  const fresh = Date.now() - early.startedAt < EARLY_GET_TTL_MS;
  return fresh && early.session === JSON.stringify(headers) ? early.response : null;
}

const KNOWN_CODES: ReadonlySet<string> = new Set(ERROR_CODES);

async function errorFromResponse(response: Response): Promise<ApiError> {
  let body: Partial<ApiErrorBody> | null = null;
  try {
    body = (await response.json()) as Partial<ApiErrorBody>;
  } catch {
    body = null;
  }
  const code =
    body && typeof body.code === 'string' && KNOWN_CODES.has(body.code)
      ? (body.code as ErrorCode)
      : response.status >= 500
        ? 'internal_error'
        : 'bad_response';
  const payload: ApiErrorPayload = {
    status: response.status,
    code,
    message:
      body && typeof body.message === 'string' && body.message
        ? body.message
        : genericErrorMessage(),
  };
  if (body?.details !== undefined) payload.details = body.details;
  return new ApiError(payload);
}

async function parseBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('json')) return text;
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError({
      status: response.status,
      code: 'bad_response',
      message: genericErrorMessage(),
    });
  }
}

function abortMessage(signal: AbortSignal): string {
  return typeof signal.reason === 'string' && signal.reason ? signal.reason : CANCELED_MESSAGE;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The core call; prefer the `http.*` variants. */
export function request<T>(
  method: Method,
  path: string,
  body: unknown,
  options: RequestOptions = {},
): CancelablePromise<T> {
  const controller = new AbortController();
  const { signal: outer } = options;
  const forwardAbort = () => controller.abort(outer?.reason);
  if (outer) {
    if (outer.aborted) forwardAbort();
    else outer.addEventListener('abort', forwardAbort, { once: true });
  }
  const authenticated = options.auth !== false;
  const credentials: RequestCredentials = options.cookies === false ? 'omit' : 'same-origin';

  const run = async (): Promise<RequestResult<T>> => {
    const headers: Record<string, string> = {
      accept: 'application/json',
      ...(authenticated ? sessionHeaders() : {}),
      ...options.headers,
    };
    let payload: BodyInit | undefined;
    if (body instanceof FormData) {
      // The browser writes the multipart boundary itself.
      payload = body;
    } else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }

    const url = withQuery(path, options.query);
    const early = method === 'GET' && authenticated ? takeEarlyGet(url, headers) : null;
    // The API writes its errors in the language the app shows (docs/i18n.md, "API errors").
    if (i18n.locale && !headers['accept-language']) headers['accept-language'] = i18n.locale;
    let response: Response;
    try {
      response = await (early ??
        globalThis.fetch(url, {
          method,
          headers,
          body: payload,
          signal: controller.signal,
          credentials,
        }));
      // An early response cannot be aborted: a caller that gave up meanwhile is told so here.
      if (controller.signal.aborted)
        return { canceled: true, message: abortMessage(controller.signal) };
    } catch {
      if (controller.signal.aborted)
        return { canceled: true, message: abortMessage(controller.signal) };
      throw new ApiError({ status: 0, code: 'network_error', message: networkErrorMessage() });
    } finally {
      outer?.removeEventListener('abort', forwardAbort);
    }

    if (!response.ok) {
      const error = await errorFromResponse(response);
      handleSessionErrors(error, authenticated);
      throw error;
    }
    try {
      return (await parseBody(response)) as T;
    } catch (error) {
      if (controller.signal.aborted)
        return { canceled: true, message: abortMessage(controller.signal) };
      throw error;
    }
  };

  const promise = run() as CancelablePromise<T>;
  promise.cancel = (message = CANCELED_MESSAGE) => controller.abort(message);
  return promise;
}

/** The get/post/put/patch/delete/multipart variants of docs/product/api.md. */
export const http = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('POST', path, body, options),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PUT', path, body, options),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PATCH', path, body, options),
  /** DELETE may carry a body (docs/product/api.md: fast-reply delete). */
  delete: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('DELETE', path, body, options),
  /** A multipart POST (uploads); each value becomes a form field. */
  multipart: <T>(
    path: string,
    fields: FormData | Record<string, string | Blob | number | boolean>,
    options?: RequestOptions,
  ) => {
    let form: FormData;
    if (fields instanceof FormData) {
      form = fields;
    } else {
      form = new FormData();
      for (const [key, value] of Object.entries(fields)) {
        form.append(key, value instanceof Blob ? value : String(value));
      }
    }
    return request<T>('POST', path, form, options);
  },
};
