// What other modules may use of channels besides its service; everything else in the folder is its own
// (checked by `npm run check:bounds`).
export { PermanentDeliveryError } from './adapters';
export type { ChannelAdapter, ChannelRow, OutboundContext } from './adapters';
export { defineChannelKind } from './channel-kind';
export type {
  ChannelAppParts,
  ChannelDescription,
  ChannelKind,
  ChannelKinds,
  ChannelSetup,
  CreatedChannel,
} from './channel-kind';
export { advanceDeliveryStatus, noteChannelError, noteChannelInbound } from './channel-health';
export { callProviderApi } from './provider-api';
export type { ProviderAnswer } from './provider-api';
export { arr, num, obj, objs, str, strings, text, type Obj } from './provider-json';
export { keepJsonRaw, rawBody } from './provider-webhook';
