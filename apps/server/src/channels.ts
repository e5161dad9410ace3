import type { ChannelKind } from './modules/channels/channel-kind';
import { apiChannel } from './modules/channels/api.channel';
import { emailChannel } from './modules/email-channel/email.channel';
import { whatsappChannel } from './modules/gupshup-whatsapp/whatsapp.channel';
import { metaChannels } from './modules/meta/meta.channel';
import { smsChannel } from './modules/twilio-sms/sms.channel';
import { callChannel } from './modules/twilio-voice/call.channel';
import { liveChat } from './modules/widget-chat/live-chat.channel';

/**
 * Every kind of channel, the one list the app is built from (app.ts): it registers each kind's
 * routes and inbound jobs, delivers replies through its outbound adapter and sets it up on the
 * Support channels page. Adding a channel: its module's `*.channel.ts`, and one line here
 * (CONTRIBUTING.md, "Add a channel").
 */
export const channelKinds: readonly ChannelKind[] = [
  apiChannel,
  emailChannel,
  liveChat,
  smsChannel,
  callChannel,
  whatsappChannel,
  metaChannels,
];
