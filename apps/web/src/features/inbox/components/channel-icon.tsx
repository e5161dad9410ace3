import {
  ApiOutlined,
  FacebookFilled,
  InstagramOutlined,
  MailOutlined,
  MessageOutlined,
  MobileOutlined,
  PhoneOutlined,
  WhatsAppOutlined,
} from '@ant-design/icons';
import type { ComponentType, CSSProperties } from 'react';
import { channelLabel } from '../../conversation/conversation-labels';

interface ChannelLook {
  Icon: ComponentType<{ style?: CSSProperties }>;
  color: string;
}

/**
 * How each channel type looks in the inbox; its name is the one name of the type
 * (conversation-labels). Widget chats look the same whether live_chat or widget_livechat.
 */
const CHANNELS: Record<string, ChannelLook> = {
  email: { Icon: MailOutlined, color: '#5b6170' },
  facebook: { Icon: FacebookFilled, color: '#1877f2' },
  instagram: { Icon: InstagramOutlined, color: '#c13584' },
  instagram_dm: { Icon: InstagramOutlined, color: '#c13584' },
  live_chat: { Icon: MessageOutlined, color: '#2f5bea' },
  widget_livechat: { Icon: MessageOutlined, color: '#2f5bea' },
  sms: { Icon: MobileOutlined, color: '#0f766e' },
  call: { Icon: PhoneOutlined, color: '#7c3aed' },
  whatsapp_gupshup_isv: { Icon: WhatsAppOutlined, color: '#25d366' },
  api: { Icon: ApiOutlined, color: '#5b6170' },
};

const FALLBACK: ChannelLook = { Icon: MessageOutlined, color: '#5b6170' };

/** A channel's icon, named for screen readers by its channel type. */
export function ChannelIcon({ type }: { type: string }) {
  const { Icon, color } = CHANNELS[type] ?? FALLBACK;
  const label = channelLabel(type);
  return (
    <span role="img" aria-label={label} title={label} data-channel-type={type} style={{ color }}>
      <Icon style={{ fontSize: 14 }} />
    </span>
  );
}
