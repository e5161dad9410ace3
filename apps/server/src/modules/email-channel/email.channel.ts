import { defineChannelKind } from '../channels/channels.public';
import { emailChannelRoutes } from './email-channel.routes';
import { emailAdapter } from './email-out';

/**
 * Email: set up on its own settings page (modules/email-setup); mail comes in by the built-in
 * SMTP server or the raw-MIME inbound route, replies go out by the channel's SMTP server.
 */
export const emailChannel = defineChannelKind({
  name: 'Email',
  types: ['email'],
  outbound: emailAdapter,
  routes: (deps) => emailChannelRoutes(deps),
});
