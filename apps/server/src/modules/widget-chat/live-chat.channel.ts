import { defineChannelKind } from '../channels/channels.public';
import { liveChatAdapter } from './widget-chat.realtime';
import { widgetChatRoutes } from './widget-chat.routes';

/**
 * Live chat: the website widget's visitors (set up on the widget settings page, modules/widgets).
 * The product names its channel both `live_chat` and `widget_livechat`; one adapter serves either,
 * since a visitor's conversations are found through widget_conversations, not the type.
 */
export const liveChat = defineChannelKind({
  name: 'Live chat (widget)',
  types: ['live_chat', 'widget_livechat'],
  outbound: liveChatAdapter,
  routes: (deps, { realtime }) => widgetChatRoutes(deps, realtime),
});
