import {
  ApiOutlined,
  CommentOutlined,
  FacebookFilled,
  InstagramOutlined,
  MailOutlined,
  MessageOutlined,
  MobileOutlined,
  PhoneOutlined,
  WhatsAppOutlined,
} from '@ant-design/icons';
import type { ComponentType, CSSProperties } from 'react';

interface ChannelLook {
  label: string;
  Icon: ComponentType<{ style?: CSSProperties }>;
  color: string;
}

/** How each channel type of spec §1 looks in the inbox. */
const CHANNELS: Record<string, ChannelLook> = {
  email: { label: 'Email', Icon: MailOutlined, color: '#5b6170' },
  facebook: { label: 'Facebook', Icon: FacebookFilled, color: '#1877f2' },
  instagram: { label: 'Instagram', Icon: InstagramOutlined, color: '#c13584' },
  instagram_dm: { label: 'Instagram DM', Icon: InstagramOutlined, color: '#c13584' },
  live_chat: { label: 'Live chat', Icon: MessageOutlined, color: '#2f5bea' },
  widget_livechat: { label: 'Widget live chat', Icon: CommentOutlined, color: '#2f5bea' },
  sms: { label: 'SMS', Icon: MobileOutlined, color: '#0f766e' },
  call: { label: 'Call', Icon: PhoneOutlined, color: '#7c3aed' },
  whatsapp_gupshup_isv: { label: 'WhatsApp', Icon: WhatsAppOutlined, color: '#25d366' },
  api: { label: 'API', Icon: ApiOutlined, color: '#5b6170' },
};

const FALLBACK: ChannelLook = { label: 'Channel', Icon: MessageOutlined, color: '#5b6170' };

export function channelLabel(type: string): string {
  return (CHANNELS[type] ?? FALLBACK).label;
}

/** A channel's icon, named for screen readers by its channel type. */
export function ChannelIcon({ type }: { type: string }) {
  const { label, Icon, color } = CHANNELS[type] ?? FALLBACK;
  return (
    <span role="img" aria-label={label} title={label} data-channel-type={type} style={{ color }}>
      <Icon style={{ fontSize: 14 }} />
    </span>
  );
}
