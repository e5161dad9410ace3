import { describe, expect, it } from 'vitest';
import {
  frameMessage,
  hostMessage,
  isSafeOpenUrl,
  parseFrameToHost,
  parseHostToFrame,
} from './help-widget-frame';

describe('help widget frame messages (docs/product/api.md)', () => {
  it('accepts each side’s own messages and refuses the other side’s', () => {
    const init = hostMessage('init', { name: 'Ann', email: null, account_id: 7, page_url: '/x' });
    expect(parseHostToFrame(init)).toEqual(init);
    expect(parseFrameToHost(init)).toBeNull();
    const seen = frameMessage('seen', {});
    expect(parseFrameToHost(seen)).toEqual(seen);
    expect(parseHostToFrame(seen)).toBeNull();
  });

  it('refuses foreign envelopes, unknown types and malformed payloads', () => {
    for (const data of [
      null,
      'close',
      { type: 'close', payload: {} },
      { source: 'parley-help-widget', type: 'toString', payload: {} },
      { source: 'parley-help-widget', type: 'new_message', payload: { count: 0 } },
      { source: 'parley-help-widget', type: 'new_message', payload: { count: 1.5 } },
      { source: 'parley-help-widget', type: 'new_message', payload: [] },
      { source: 'parley-help-widget', type: 'window_page_loaded', payload: { page: 'admin' } },
      { source: 'parley-help-widget', type: 'open_url', payload: { url: 'x'.repeat(2001) } },
    ])
      expect(parseFrameToHost(data)).toBeNull();
    expect(parseFrameToHost({ source: 'parley-help-widget', type: 'close' })).toEqual(
      frameMessage('close', {}),
    );
  });

  it('open_url: only http and https links', () => {
    expect(isSafeOpenUrl('https://help.example.com/a')).toBe(true);
    expect(isSafeOpenUrl('http://help.example.com/a')).toBe(true);
    expect(isSafeOpenUrl('javascript:alert(1)')).toBe(false);
    expect(isSafeOpenUrl('data:text/html,x')).toBe(false);
    expect(isSafeOpenUrl('/relative')).toBe(false);
  });
});
