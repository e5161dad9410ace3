// Realtime (docs/ARCHITECTURE.md, "Events and realtime"): the provider the app layout mounts and
// the hooks that subscribe to its channels.
export { RealtimeProvider } from './components/realtime-provider';
export {
  useChannelEvent,
  useRealtime,
  useRealtimeCaughtUp,
  useRealtimeReconnected,
  useUserChannelEvent,
} from './hooks/use-realtime';
export { RealtimeContext, type RealtimeConnector } from './realtime-context';
