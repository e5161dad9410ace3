// Realtime's test kit, for other features' tests: a fake Pusher.
export { FakePusher, fakeRealtime } from './fake-pusher';
