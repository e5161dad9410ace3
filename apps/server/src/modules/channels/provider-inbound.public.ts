// Channels' door for a provider's inbound message (apart from channels.public.ts, which the
// conversation code reaches, so that neither file's imports loop back through the other)
// (checked by `npm run check:bounds`).
export { recordProviderInbound } from './provider-inbound';
