import { describe, expect, it } from 'vitest';
import { WIDGET_FRAME_SOURCE } from '@parley/contracts';
import {
  acceptFrameMessage,
  badgeText,
  emitter,
  frameUrl,
  readScriptConfig,
  textOn,
  tokenKey,
} from './loader-core';

const script = (src: string, shop: string | null) => ({
  src,
  getAttribute: (name: string) => (name === 'data-myshopify-domain' ? shop : null),
});

describe('the loader’s script tag (one snippet)', () => {
  it('reads the store and the Parley origin the script came from', () => {
    expect(
      readScriptConfig(script('https://chat.example.com/widget/loader.js', ' acme.myshopify.com ')),
    ).toEqual({ shop: 'acme.myshopify.com', base: 'https://chat.example.com' });
  });

  it('does nothing without a store, a script or a web address', () => {
    expect(readScriptConfig(null)).toBeNull();
    expect(readScriptConfig(script('https://chat.example.com/widget/loader.js', ''))).toBeNull();
    expect(readScriptConfig(script('javascript:alert(1)', 'acme.myshopify.com'))).toBeNull();
    expect(readScriptConfig(script('not a url', 'acme.myshopify.com'))).toBeNull();
  });
});

describe('the frame address', () => {
  const config = { shop: 'acme.myshopify.com', base: 'https://chat.example.com' };

  it('names the store and the host page’s origin, and carries the kept token in the fragment only', () => {
    const url = new URL(frameUrl(config, 'https://shop.acme.com', 'tok en/1'));
    expect(url.origin + url.pathname).toBe('https://chat.example.com/widget/frame');
    expect(url.searchParams.get('shop')).toBe('acme.myshopify.com');
    expect(url.searchParams.get('origin')).toBe('https://shop.acme.com');
    expect(url.searchParams.has('token')).toBe(false);
    expect(new URLSearchParams(url.hash.slice(1)).get('token')).toBe('tok en/1');
  });

  it('has no fragment for a first visit', () => {
    expect(frameUrl(config, 'https://shop.acme.com', null)).not.toContain('#');
  });

  it('keeps one token per store in the host page', () => {
    expect(tokenKey('a.myshopify.com')).not.toBe(tokenKey('b.myshopify.com'));
  });
});

describe('messages from the frame (docs/security.md: postMessage origins checked on both sides)', () => {
  const frameWindow = {};
  const base = 'https://chat.example.com';
  const ok = { source: WIDGET_FRAME_SOURCE, type: 'unread', count: 2 };

  it('accepts ours from the frame’s window at the Parley origin', () => {
    expect(
      acceptFrameMessage({ origin: base, source: frameWindow, data: ok }, base, frameWindow),
    ).toEqual(ok);
  });

  it('refuses another origin, even a look-alike, another window, or another source tag', () => {
    for (const origin of ['https://chat.example.com.evil.com', 'http://chat.example.com', 'null'])
      expect(
        acceptFrameMessage({ origin, source: frameWindow, data: ok }, base, frameWindow),
      ).toBeNull();
    expect(
      acceptFrameMessage({ origin: base, source: {}, data: ok }, base, frameWindow),
    ).toBeNull();
    expect(
      acceptFrameMessage({ origin: base, source: frameWindow, data: ok }, base, null),
    ).toBeNull();
    for (const data of [
      null,
      'unread',
      { ...ok, source: 'other' },
      { source: WIDGET_FRAME_SOURCE },
    ])
      expect(
        acceptFrameMessage({ origin: base, source: frameWindow, data }, base, frameWindow),
      ).toBeNull();
  });
});

describe('the launcher', () => {
  it('shows the unread count on its badge, up to 99+', () => {
    expect(badgeText(0)).toBe('');
    expect(badgeText(-1)).toBe('');
    expect(badgeText(3)).toBe('3');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
  });

  it('writes white on dark colours and dark on light ones', () => {
    expect(textOn('#3b5bdb')).toBe('#fff');
    expect(textOn('#000000')).toBe('#fff');
    expect(textOn('#ffe066')).toBe('#1f2329');
    expect(textOn('#ffffff')).toBe('#1f2329');
    expect(textOn('nonsense')).toBe('#fff');
  });
});

describe('the JS API’s on()', () => {
  it('calls every listener of an event, even when one throws', () => {
    const events = emitter();
    const heard: unknown[] = [];
    events.on('message', () => {
      throw new Error('a store’s bug');
    });
    events.on('message', (m) => heard.push(m));
    events.on('open', () => heard.push('open'));
    const error = console.error;
    console.error = () => {};
    events.emit('message', { id: 1 });
    console.error = error;
    expect(heard).toEqual([{ id: 1 }]);
  });
});
