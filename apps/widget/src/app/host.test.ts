import { describe, expect, it } from 'vitest';
import { HELP_WIDGET_FRAME_SOURCE, hostMessage, WIDGET_FRAME_SOURCE } from '@parley/contracts';
import { hostCommand, readFrameParams } from './host';

const FRAME = 'https://chat.example.com/widget/frame';

describe('the frame’s address', () => {
  it('in a store’s page: the store, the page’s origin, the token from the fragment', () => {
    expect(
      readFrameParams(
        `${FRAME}?shop=acme.myshopify.com&origin=https%3A%2F%2Fshop.acme.com#token=t1`,
        true,
      ),
    ).toEqual({
      shop: 'acme.myshopify.com',
      mode: 'loader',
      hostOrigin: 'https://shop.acme.com',
      token: 't1',
    });
  });

  it('in the agent app’s help widget (docs/product/api.md): the host is this origin unless named', () => {
    expect(readFrameParams(`${FRAME}?shop=ops.example.com&embed=help`, true)).toMatchObject({
      mode: 'help',
      hostOrigin: 'https://chat.example.com',
    });
    expect(
      readFrameParams(
        `${FRAME}?shop=ops.example.com&embed=help&origin=https://app.example.com/x`,
        true,
      ),
    ).toMatchObject({ mode: 'help', hostOrigin: 'https://app.example.com' });
  });

  it('opened on its own, or embedded without a host origin: talks to no one', () => {
    expect(readFrameParams(`${FRAME}?shop=a.myshopify.com`, false).mode).toBe('standalone');
    expect(readFrameParams(`${FRAME}?shop=a.myshopify.com&origin=nonsense`, true)).toMatchObject({
      mode: 'standalone',
      hostOrigin: null,
    });
  });
});

describe('messages from the host (docs/security.md: exact origin, the parent window only)', () => {
  const parent = {};
  const loader = readFrameParams(
    `${FRAME}?shop=a.myshopify.com&origin=https://shop.acme.com`,
    true,
  );
  const help = readFrameParams(`${FRAME}?shop=ops.example.com&embed=help`, true);

  it('takes the loader’s visibility, identify and attributes', () => {
    const from = (data: unknown) =>
      hostCommand(loader, { origin: 'https://shop.acme.com', source: parent, data }, parent);
    expect(from({ source: WIDGET_FRAME_SOURCE, type: 'visibility', open: true })).toEqual({
      type: 'visibility',
      open: true,
    });
    expect(from({ source: WIDGET_FRAME_SOURCE, type: 'identify', identity: { id: '7' } })).toEqual({
      type: 'identify',
      identity: { id: '7' },
    });
    expect(
      from({ source: WIDGET_FRAME_SOURCE, type: 'attributes', attributes: { vip: true } }),
    ).toEqual({
      type: 'attributes',
      attributes: { vip: true },
    });
    expect(from({ source: WIDGET_FRAME_SOURCE, type: 'session', visitor_token: 'x' })).toBeNull();
    expect(from({ source: 'other', type: 'visibility', open: true })).toBeNull();
  });

  it('ignores any other origin or window', () => {
    const data = { source: WIDGET_FRAME_SOURCE, type: 'visibility', open: true };
    expect(
      hostCommand(loader, { origin: 'https://evil.example', source: parent, data }, parent),
    ).toBeNull();
    expect(
      hostCommand(loader, { origin: 'https://shop.acme.com', source: {}, data }, parent),
    ).toBeNull();
  });

  it('speaks docs/product/api.md with the help widget host', () => {
    const from = (data: unknown) =>
      hostCommand(help, { origin: 'https://chat.example.com', source: parent, data }, parent);
    expect(
      from(
        hostMessage('init', {
          name: 'Hana',
          email: 'hana@example.com',
          account_id: 4,
          page_url: '/inboxes',
        }),
      ),
    ).toEqual({ type: 'prefill', name: 'Hana', email: 'hana@example.com' });
    expect(from(hostMessage('initial_email', { email: 'h@example.com' }))).toEqual({
      type: 'prefill',
      email: 'h@example.com',
    });
    expect(from(hostMessage('active_state', { open: true }))).toEqual({
      type: 'visibility',
      open: true,
    });
    expect(from(hostMessage('open_window_page', { page: 'chat' }))).toEqual({
      type: 'page',
      page: 'chat',
    });
    expect(from(hostMessage('reset_notifications', {}))).toEqual({ type: 'reset_notifications' });
    expect(
      from({
        source: HELP_WIDGET_FRAME_SOURCE,
        type: 'open_window_page',
        payload: { page: 'admin' },
      }),
    ).toBeNull();
    expect(from({ source: WIDGET_FRAME_SOURCE, type: 'visibility', open: true })).toBeNull();
  });
});
