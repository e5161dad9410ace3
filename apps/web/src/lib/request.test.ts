import Cookies from 'js-cookie';
import { describe, expect, it, vi } from 'vitest';
import { LOCAL_KEYS, PERSIST_KEY } from '@parley/contracts';
import { makeStore } from '../app/store';
import { resetAppState } from '../app/reset-app-state';
import { globalSettingsReceived } from '../features/global-settings';
import { fakeApi, json } from '../test/fake-api';
import { signInCookies } from '../test/fixtures';
import { ApiError } from './api-error';
import {
  CANCELED_MESSAGE,
  configureRequest,
  http,
  isCanceledRequest,
  startEarlyGet,
} from './request';

function environment(path = '/inboxes') {
  const navigate = vi.fn<(to: string) => void>();
  const reset = vi.fn<() => void>();
  configureRequest({ navigate, resetAppState: reset, currentPath: () => path });
  return { navigate, reset };
}

const sessionCookiesLeft = () =>
  ['auth_token', 'account_id', 'csrftoken'].filter((name) => Cookies.get(name) !== undefined);

describe('request wrapper (docs/product/api.md)', () => {
  it('sends x-dc-account-id, Authorization: Token and X-CSRFTOKEN from the cookies on every call', async () => {
    signInCookies({ auth_token: 'tok_abcdefghijklmnop', account_id: '42', csrftoken: 'csrf-xyz' });
    const api = fakeApi({
      'GET /dashboardapi/me': json(200, { id: 1 }),
      'PATCH /dashboardapi/global/settings': json(200, {}),
    });
    await http.get('/dashboardapi/me');
    await http.patch('/dashboardapi/global/settings', { auto_assign_user_on_reply: true });
    for (const call of api.calls) {
      expect(call.headers['x-dc-account-id']).toBe('42');
      expect(call.headers['authorization']).toBe('Token tok_abcdefghijklmnop');
      expect(call.headers['x-csrftoken']).toBe('csrf-xyz');
    }
    expect(api.calls[1]?.body).toEqual({ auto_assign_user_on_reply: true });
  });

  it('public calls (login, signup) go out without session headers', async () => {
    signInCookies();
    const api = fakeApi({ 'POST /dashboardapi/auth/login': json(200, { token: 't' }) });
    await http.post(
      '/dashboardapi/auth/login',
      { email: 'a@b.co', password: 'x' },
      { auth: false },
    );
    expect(api.calls[0]?.headers['authorization']).toBeUndefined();
    expect(api.calls[0]?.headers['x-dc-account-id']).toBeUndefined();
  });

  it('has get, post, put, patch, delete (with a body) and multipart variants', async () => {
    signInCookies();
    const api = fakeApi({
      'GET /dashboardapi/fastreply/all': json(200, []),
      'POST /dashboardapi/fastreply': json(201, {}),
      'PUT /dashboardapi/thing': json(200, {}),
      'PATCH /dashboardapi/fastreply': json(200, {}),
      'DELETE /dashboardapi/fastreply': json(200, {}),
      'POST /attachment/': json(201, { id: 9 }),
    });
    await http.get('/dashboardapi/fastreply/all');
    await http.post('/dashboardapi/fastreply', { name: 'Hi' });
    await http.put('/dashboardapi/thing', {});
    await http.patch('/dashboardapi/fastreply', {}, { query: { id: 3 } });
    await http.delete('/dashboardapi/fastreply', { ids: [3] }, { query: { id: 3 } });
    const uploaded = await http.multipart<{ id: number }>(
      '/attachment/',
      { file: new Blob(['x']), file_name: 'x.txt', is_embedded: false },
      { query: { myshopify_domain: 'shop.myshopify.com' } },
    );
    expect(api.calls.map((c) => c.method)).toEqual([
      'GET',
      'POST',
      'PUT',
      'PATCH',
      'DELETE',
      'POST',
    ]);
    expect(api.calls[3]?.url).toBe('/dashboardapi/fastreply?id=3');
    expect(api.calls[4]?.body).toEqual({ ids: [3] });
    const upload = api.calls[5];
    expect(upload?.body).toBeInstanceOf(FormData);
    expect(upload?.headers['content-type']).toBeUndefined();
    expect(upload?.headers['x-csrftoken']).toBe('csrf123');
    expect(uploaded).toEqual({ id: 9 });
  });

  it('a canceled request resolves (not rejects) to a marker carrying a message', async () => {
    signInCookies();
    // A fetch that only settles when aborted, like a slow network.
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_: unknown, init: RequestInit) =>
          new Promise((_resolve, reject) => {
            init.signal?.addEventListener('abort', () =>
              reject(new DOMException('aborted', 'AbortError')),
            );
          }),
      ),
    );
    const pending = http.get('/dashboardapi/slow');
    pending.cancel();
    const result = await pending;
    expect(isCanceledRequest(result)).toBe(true);
    expect(result).toEqual({ canceled: true, message: CANCELED_MESSAGE });

    const controller = new AbortController();
    const second = http.get('/dashboardapi/slow', { signal: controller.signal });
    controller.abort('User left the page');
    expect(await second).toEqual({ canceled: true, message: 'User left the page' });
    expect(isCanceledRequest({ id: 1 })).toBe(false);
  });

  it('other failures reject with {status, code, message, details}', async () => {
    signInCookies();
    environment();
    const details = [{ path: 'email', message: 'Enter a valid email address.' }];
    fakeApi({
      'POST /dashboardapi/teammembers/invite': json(400, {
        code: 'validation_error',
        message: 'email: Enter a valid email address.',
        details,
      }),
    });
    const failure = await http
      .post('/dashboardapi/teammembers/invite', {})
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({
      status: 400,
      code: 'validation_error',
      message: 'email: Enter a valid email address.',
      details,
    });
  });

  it('a network failure rejects with a message a person understands', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(http.get('/dashboardapi/me')).rejects.toMatchObject({
      status: 0,
      code: 'network_error',
      message: expect.stringMatching(/couldn't reach the server/),
    });
  });
});

describe('session end (docs/product/errors.md)', () => {
  it('a 401 clears the cookies, resets the app state and goes to /login', async () => {
    signInCookies();
    localStorage.setItem(LOCAL_KEYS.loggedInUserData, '{"id":1}');
    const { store } = makeStore();
    store.dispatch(
      globalSettingsReceived({
        default_fonts: ['Arial'],
        live_chat_notification_sound: 3,
        auto_assign_user_on_reply: true,
        treat_subject_and_sender_combination_as_single_thread: true,
        are_keyboard_shortcuts_disabled: true,
      }),
    );
    const navigate = vi.fn<(to: string) => void>();
    configureRequest({
      navigate,
      resetAppState: () => store.dispatch(resetAppState()),
      currentPath: () => '/settings/global',
    });
    fakeApi({
      'GET /dashboardapi/me': json(401, { code: 'unauthenticated', message: 'Please sign in.' }),
    });

    await expect(http.get('/dashboardapi/me')).rejects.toMatchObject({ status: 401 });
    expect(sessionCookiesLeft()).toEqual([]);
    expect(store.getState().globalSettings.isFetched).toBe(false);
    expect(store.getState().globalSettings.auto_assign_user_on_reply).toBe(false);
    expect(localStorage.getItem(LOCAL_KEYS.loggedInUserData)).toBeNull();
    expect(localStorage.getItem(`persist:${PERSIST_KEY}`)).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('a 403 logs out the same way', async () => {
    signInCookies();
    const { navigate, reset } = environment('/inboxes');
    fakeApi({ 'GET /dashboardapi/me': json(403, { code: 'not_a_member', message: 'No.' }) });
    await expect(http.get('/dashboardapi/me')).rejects.toMatchObject({ code: 'not_a_member' });
    expect(sessionCookiesLeft()).toEqual([]);
    expect(reset).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it.each(['/login', '/login/resetpassword'])('a 403 on %s does not log out', async (page) => {
    signInCookies();
    const { navigate, reset } = environment(page);
    fakeApi({ 'GET /dashboardapi/me': json(403, { code: 'forbidden', message: 'No.' }) });
    await expect(http.get('/dashboardapi/me')).rejects.toMatchObject({ status: 403 });
    expect(sessionCookiesLeft()).toHaveLength(3);
    expect(reset).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('a 403 cant_change_password does not log out', async () => {
    signInCookies();
    const { navigate, reset } = environment('/settings/profile/changepassword');
    fakeApi({
      'POST /dashboardapi/auth/password/change': json(403, {
        code: 'cant_change_password',
        message: 'This account cannot change its password.',
      }),
    });
    await expect(http.post('/dashboardapi/auth/password/change', {})).rejects.toMatchObject({
      code: 'cant_change_password',
    });
    expect(sessionCookiesLeft()).toHaveLength(3);
    expect(reset).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('403 password_change_required goes to forgot-password with the expiry alert, without logging out', async () => {
    signInCookies();
    const { navigate, reset } = environment('/inboxes');
    fakeApi({
      'GET /dashboardapi/me': json(403, {
        code: 'password_change_required',
        message: 'Your password is more than 90 days old. Please reset it to continue.',
      }),
    });
    await expect(http.get('/dashboardapi/me')).rejects.toMatchObject({
      code: 'password_change_required',
    });
    expect(navigate).toHaveBeenCalledWith('/login/forgotpassword?alert=expiry_surpassed');
    expect(reset).not.toHaveBeenCalled();
    expect(sessionCookiesLeft()).toHaveLength(3);
  });

  it('a wrong password on the public login call (401) is not a session ending', async () => {
    const { navigate, reset } = environment('/login');
    fakeApi({
      'POST /dashboardapi/auth/login': json(401, {
        code: 'invalid_credentials',
        message: 'The email or password is incorrect.',
      }),
    });
    await expect(http.post('/dashboardapi/auth/login', {}, { auth: false })).rejects.toMatchObject({
      code: 'invalid_credentials',
    });
    expect(navigate).not.toHaveBeenCalled();
    expect(reset).not.toHaveBeenCalled();
  });
});

describe('early GETs (a first visit asks for Me while the shell loads)', () => {
  it('the next request of that GET takes the early answer instead of asking again, once', async () => {
    signInCookies({ auth_token: 'tok_abcdefghijklmnop', account_id: '42', csrftoken: 'csrf-xyz' });
    const api = fakeApi({ 'GET /dashboardapi/me': json(200, { id: 1 }) });
    startEarlyGet('/dashboardapi/me');
    expect(api.calls).toHaveLength(1);
    expect(api.calls[0]?.headers).toMatchObject({
      authorization: 'Token tok_abcdefghijklmnop',
      'x-dc-account-id': '42',
    });
    await expect(http.get('/dashboardapi/me')).resolves.toEqual({ id: 1 });
    expect(api.calls).toHaveLength(1);
    await http.get('/dashboardapi/me');
    expect(api.calls).toHaveLength(2);
  });

  it('docs/product/errors.md: a 401 early answer ends the session when it is taken, like any other', async () => {
    signInCookies();
    const { navigate } = environment('/inboxes');
    fakeApi({
      'GET /dashboardapi/me': json(401, { code: 'unauthenticated', message: 'Please sign in.' }),
    });
    startEarlyGet('/dashboardapi/me');
    expect(navigate).not.toHaveBeenCalled();
    await expect(http.get('/dashboardapi/me')).rejects.toMatchObject({ status: 401 });
    expect(sessionCookiesLeft()).toEqual([]);
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('is not taken by another session (an account switch meanwhile): that one asks for itself', async () => {
    signInCookies({ auth_token: 'tok_abcdefghijklmnop', account_id: '42', csrftoken: 'csrf-xyz' });
    const api = fakeApi({
      'GET /dashboardapi/me': (call) => json(200, { account: call.headers['x-dc-account-id'] }),
    });
    startEarlyGet('/dashboardapi/me');
    Cookies.set('account_id', '43', { path: '/' });
    await expect(http.get('/dashboardapi/me')).resolves.toEqual({ account: '43' });
    expect(api.calls.map((call) => call.headers['x-dc-account-id'])).toEqual(['42', '43']);
  });

  it('a caller that gave up meanwhile gets the canceled marker', async () => {
    signInCookies();
    fakeApi({ 'GET /dashboardapi/me': json(200, { id: 1 }) });
    startEarlyGet('/dashboardapi/me');
    const gaveUp = new AbortController();
    const pending = http.get('/dashboardapi/me', { signal: gaveUp.signal });
    gaveUp.abort('left the page');
    const result = await pending;
    expect(isCanceledRequest(result) && result.message).toBe('left the page');
  });
});
