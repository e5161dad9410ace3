import { META_CHANNEL_TYPES, type MetaChannelType } from '@parley/contracts';
import { defineChannelKind } from '../channels/channels.public';
import { metaAdapter } from './meta-adapter';
import { metaRoutes } from './meta.routes';
import {
  createMetaChannel,
  describeMetaChannel,
  META_EVENT_JOB,
  metaEventJob,
  pageTokenOf,
  reconnectMetaChannel,
  testMetaToken,
} from './meta.service';

/**
 * Facebook Messenger and comments, Instagram comments and DMs: a page's token, one signed
 * webhook for every channel (and for WhatsApp Cloud API numbers), events filed by a durable job.
 */
export const metaChannels = defineChannelKind({
  name: 'Facebook and Instagram (Meta)',
  types: META_CHANNEL_TYPES,
  setup: {
    create: createMetaChannel,
    describe: describeMetaChannel,
    update: (deps, channel, patch) => reconnectMetaChannel(deps, channel, patch.page_access_token),
    testSaved: (deps, channel) =>
      testMetaToken(deps, channel.type as MetaChannelType, pageTokenOf(deps, channel)),
    testNew: (deps, body) => testMetaToken(deps, body.type, body.page_access_token),
  },
  outbound: metaAdapter,
  routes: (deps) => metaRoutes(deps),
  inbound: { [META_EVENT_JOB]: metaEventJob },
});
