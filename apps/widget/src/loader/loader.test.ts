import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  WIDGET_FRAME_SOURCE,
  WIDGET_PUBLIC_SETTINGS_PATH,
  type WidgetPublicSettings,
} from '@parley/contracts';
import { tokenKey } from './loader-core';

// The loader in a page (jsdom), against a local server answering public_settings as Parley does.
let settings: WidgetPublicSettings;
let requests: string[] = [];
let base: string;
const server = http.createServer((req, res) => {
  requests.push(req.url ?? '');
  if (req.url?.startsWith(WIDGET_PUBLIC_SETTINGS_PATH)) {
    res.writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
    res.end(JSON.stringify(settings));
  } else {
    res.writeHead(404);
    res.end();
  }
});
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const SHOP = 'acme.myshopify.com';
const theme = {
  primary: '#3b5bdb',
  messageTheme: 'light' as const,
  z_index: 123456,
  cta: 'Talk to us',
};

async function loadOnPage(enabled: boolean) {
  settings = { basic_settings: { is_widget_enabled: enabled }, theme };
  requests = [];
  const script = document.createElement('script');
  script.setAttribute('src', `${base}/widget/loader.js`);
  script.setAttribute('data-myshopify-domain', SHOP);
  document.body.append(script);
  vi.resetModules();
  await import('./loader');
  const api = window.Parley!;
  const ready = new Promise<void>((resolve) => api.on('ready', () => resolve()));
  await vi.waitFor(() => expect(requests).toHaveLength(1));
  return { api, ready };
}

const launcher = () => document.querySelector<HTMLButtonElement>('button[aria-expanded]');
const frame = () => document.querySelector('iframe');
function fromFrame(data: unknown, origin = base) {
  window.dispatchEvent(
    new MessageEvent('message', {
      origin,
      source: frame()!.contentWindow,
      data: { source: WIDGET_FRAME_SOURCE, ...(data as object) },
    }),
  );
}

afterEach(() => {
  window.Parley?.destroy();
  document.body.innerHTML = '';
  localStorage.clear();
});

describe('the loader on a store’s page', () => {
  it('asks public_settings for its store and, when the widget is off, shows nothing at all', async () => {
    await loadOnPage(false);
    expect(requests[0]).toBe(`${WIDGET_PUBLIC_SETTINGS_PATH}?myshopify_domain=${SHOP}`);
    await new Promise((r) => setTimeout(r, 50));
    expect(launcher()).toBeNull();
    expect(frame()).toBeNull();
  });

  it('adds a fixed launcher in the theme’s colour, z-index and call-to-action, and no frame before the first open', async () => {
    const { ready } = await loadOnPage(true);
    await ready;
    const button = launcher()!;
    expect(button.textContent).toContain('Talk to us');
    expect(button.style.position).toBe('fixed');
    expect(button.style.height).toBe('56px');
    expect(button.style.zIndex).toBe('123456');
    expect(button.style.background).toMatch(/rgb\(59, 91, 219\)|#3b5bdb/);
    expect(frame()).toBeNull();
  });

  it('opens the chat frame with the kept token and this page’s origin, and toggles it', async () => {
    localStorage.setItem(tokenKey(SHOP), 'kept-token');
    const { api, ready } = await loadOnPage(true);
    await ready;
    const opened = vi.fn<(payload?: unknown) => void>();
    const closed = vi.fn<(payload?: unknown) => void>();
    api.on('open', opened);
    api.on('close', closed);
    launcher()!.click();
    const src = new URL(frame()!.src);
    expect(src.origin + src.pathname).toBe(`${base}/widget/frame`);
    expect(src.searchParams.get('shop')).toBe(SHOP);
    expect(src.searchParams.get('origin')).toBe(location.origin);
    expect(src.hash).toBe('#token=kept-token');
    expect(launcher()!.getAttribute('aria-expanded')).toBe('true');
    expect(opened).toHaveBeenCalledTimes(1);
    api.toggle();
    expect(frame()!.style.display).toBe('none');
    expect(closed).toHaveBeenCalledTimes(1);
    api.open();
    expect(frame()!.style.display).toBe('block');
    expect(document.querySelectorAll('iframe')).toHaveLength(1);
  });

  it('keeps the token the app gives, badges unread replies and relays messages — from the frame’s origin only', async () => {
    const { api, ready } = await loadOnPage(true);
    await ready;
    api.open();
    const heard = vi.fn<(payload?: unknown) => void>();
    api.on('message', heard);

    fromFrame({ type: 'session', visitor_token: 'evil' }, 'https://evil.example');
    fromFrame({ type: 'unread', count: 5 }, 'https://evil.example');
    expect(localStorage.getItem(tokenKey(SHOP))).toBeNull();
    const badge = launcher()!.querySelector('span')!;
    expect(badge.textContent).toBe('');

    fromFrame({ type: 'session', visitor_token: 'fresh-token' });
    fromFrame({ type: 'unread', count: 2 });
    fromFrame({ type: 'message', message: { id: 7, body: 'Hello' } });
    expect(localStorage.getItem(tokenKey(SHOP))).toBe('fresh-token');
    expect(badge.textContent).toBe('2');
    expect(badge.style.display).toBe('block');
    expect(heard).toHaveBeenCalledWith({ id: 7, body: 'Hello' });

    fromFrame({ type: 'close' });
    expect(frame()!.style.display).toBe('none');
  });

  it('holds identify() and setAttributes() until the app is ready, then sends them to the Parley origin only', async () => {
    const { api, ready } = await loadOnPage(true);
    await ready;
    api.identify({ id: 'cust-1', name: 'Ada', hash: 'a'.repeat(64) });
    api.open();
    api.setAttributes({ plan: 'gold' });
    const post = vi.spyOn(frame()!.contentWindow!, 'postMessage').mockImplementation(() => {});
    expect(post).not.toHaveBeenCalled();
    fromFrame({ type: 'ready' });
    expect(post.mock.calls).toEqual([
      [
        {
          source: WIDGET_FRAME_SOURCE,
          type: 'identify',
          identity: { id: 'cust-1', name: 'Ada', hash: 'a'.repeat(64) },
        },
        base,
      ],
      [{ source: WIDGET_FRAME_SOURCE, type: 'attributes', attributes: { plan: 'gold' } }, base],
      [{ source: WIDGET_FRAME_SOURCE, type: 'visibility', open: true }, base],
    ]);
  });
});
