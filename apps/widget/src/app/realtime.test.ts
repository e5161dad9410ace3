import { describe, expect, it } from 'vitest';
import { closeAction, decodeData, socketUrl } from './realtime';

describe('the Pusher protocol v7 client (the Pusher Channels protocol v7)', () => {
  it('connects to /app/{key} with protocol 7', () => {
    expect(
      socketUrl({ key: 'k1', wsHost: 'chat.example.com', wsPort: 443, forceTLS: true }),
    ).toMatch(/^wss:\/\/chat\.example\.com:443\/app\/k1\?protocol=7&client=js&version=[\d.]+/);
    expect(socketUrl({ key: 'k1', wsHost: '127.0.0.1', wsPort: 3000, forceTLS: false })).toMatch(
      /^ws:\/\//,
    );
  });

  it('reconnects by the close codes: never for 4000–4099, at once for 4200–4299, else backing off', () => {
    expect(closeAction(4001)).toBe('never');
    expect(closeAction(4009)).toBe('never');
    expect(closeAction(4100)).toBe('backoff');
    expect(closeAction(4200)).toBe('now');
    expect(closeAction(4201)).toBe('now');
    expect(closeAction(1006)).toBe('backoff');
  });

  it('parses data sent as a JSON string a second time', () => {
    expect(decodeData('{"socket_id":"1.2","activity_timeout":120}')).toEqual({
      socket_id: '1.2',
      activity_timeout: 120,
    });
    expect(decodeData({ a: 1 })).toEqual({ a: 1 });
    expect(decodeData('not json')).toBe('not json');
  });
});
