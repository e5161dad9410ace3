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
import { theme, type GlobalToken } from 'antd';
import type { ComponentType, CSSProperties } from 'react';
import { channelLabel } from '../../conversation';

interface ChannelLook {
  Icon: ComponentType<{ style?: CSSProperties }>;
  /** The channel's colour: a network's own brand colour, else one of the theme's. */
  color: (token: GlobalToken) => string;
}

// Brand colours are the networks' own, the same in light and dark (data, not theme).
// theme-ignore-next-line: Facebook's brand colour
const FACEBOOK_BLUE = '#1877f2';
// theme-ignore-next-line: Instagram's brand colour
const INSTAGRAM_MAGENTA = '#c13584';
// theme-ignore-next-line: WhatsApp's brand colour
const WHATSAPP_GREEN = '#25d366';

const secondary = (token: GlobalToken) => token.colorTextSecondary;

/**
 * How each channel type looks in the inbox; its name is the one name of the type
 * (conversation-labels). Widget chats look the same whether live_chat or widget_livechat.
 */
const CHANNELS: Record<string, ChannelLook> = {
  email: { Icon: MailOutlined, color: secondary },
  facebook: { Icon: FacebookFilled, color: () => FACEBOOK_BLUE },
  instagram: { Icon: InstagramOutlined, color: () => INSTAGRAM_MAGENTA },
  instagram_dm: { Icon: InstagramOutlined, color: () => INSTAGRAM_MAGENTA },
  live_chat: { Icon: MessageOutlined, color: (token) => token.colorPrimary },
  widget_livechat: { Icon: MessageOutlined, color: (token) => token.colorPrimary },
  sms: { Icon: MobileOutlined, color: (token) => token.cyan8 },
  call: { Icon: PhoneOutlined, color: (token) => token.purple6 },
  whatsapp_gupshup_isv: { Icon: WhatsAppOutlined, color: () => WHATSAPP_GREEN },
  api: { Icon: ApiOutlined, color: secondary },
};

const FALLBACK: ChannelLook = { Icon: MessageOutlined, color: secondary };

/** A channel's icon, named for screen readers by its channel type. */
export function ChannelIcon({ type }: { type: string }) {
  const { token } = theme.useToken();
  const { Icon, color } = CHANNELS[type] ?? FALLBACK;
  const label = channelLabel(type);
  return (
    <span
      role="img"
      aria-label={label}
      title={label}
      data-channel-type={type}
      style={{ color: color(token) }}
    >
      <Icon style={{ fontSize: 14 }} />
    </span>
  );
}
