import { apiAdapter, apiChannelRoutes } from './api-channel';
import { defineChannelKind } from './channel-kind';
import { createApiChannel } from './channels.service';

/** API channels: the customer's own systems post messages in; replies go to their webhook. */
export const apiChannel = defineChannelKind({
  name: 'API',
  types: ['api'],
  setup: {
    create: async (deps, accountId, body) => ({
      ...(await createApiChannel(deps, accountId, body)),
      callback_urls: [],
    }),
  },
  outbound: apiAdapter,
  routes: (deps) => apiChannelRoutes(deps),
});
