import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { CHANNEL_TYPES } from '@parley/contracts';
import { ChannelIcon } from '../inbox/testing';
import { CHANNEL_LABELS, channelLabel, conversationTitle } from './conversation-labels';

const SPEC_CHANNEL_NAMES = [
  'facebook',
  'instagram',
  'live_chat',
  'widget_livechat',
  'sms',
  'instagram_dm',
  'call',
  'whatsapp_gupshup_isv',
];

describe('channel display names', () => {
  it('every channel display name is a channel type, and each type has one name', () => {
    for (const name of SPEC_CHANNEL_NAMES) expect(CHANNEL_TYPES).toContain(name);
    for (const type of CHANNEL_TYPES) expect(CHANNEL_LABELS[type]()).toBeTruthy();
    expect(channelLabel('telegram')).toBe('telegram');
  });

  it('a widget chat reads the same whether live_chat or widget_livechat, in the header and on the inbox icon', () => {
    expect(channelLabel('widget_livechat')).toBe(channelLabel('live_chat'));
    render(
      <>
        <ChannelIcon type="widget_livechat" />
        <ChannelIcon type="live_chat" />
      </>,
    );
    expect(screen.getAllByRole('img', { name: channelLabel('widget_livechat') })).toHaveLength(2);
  });

  it('the inbox icon names every channel type as the conversation header does', () => {
    render(
      <>
        {CHANNEL_TYPES.map((type) => (
          <ChannelIcon key={type} type={type} />
        ))}
      </>,
    );
    for (const type of CHANNEL_TYPES) {
      const icon = document.querySelector(`[data-channel-type="${type}"]`);
      expect(icon).toHaveAttribute('aria-label', channelLabel(type));
    }
  });
});

describe('conversation titles', () => {
  it('a subject is the title; a chat, message or call conversation without one is named by channel and contact', () => {
    const title = (subject: string | null, channel_type: string) =>
      conversationTitle({ subject, channel_type }, 'Lena Berg');
    expect(title('Broken zipper', 'email')).toBe('Broken zipper');
    expect(title('  ', 'email')).toBe('(no subject)');
    expect(title(null, 'widget_livechat')).toBe('Live chat with Lena Berg');
    expect(title(null, 'live_chat')).toBe('Live chat with Lena Berg');
    expect(title(null, 'whatsapp_gupshup_isv')).toBe('WhatsApp conversation with Lena Berg');
    expect(title(null, 'facebook')).toBe('Facebook conversation with Lena Berg');
    expect(title(null, 'call')).toBe('Calls with Lena Berg');
    expect(title('Order #1001', 'sms')).toBe('Order #1001');
  });
});
