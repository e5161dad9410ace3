// Email-channel's settings as the email setup screen reads and writes them (apart from
// email-channel.public.ts so that the sending code and the setup code do not loop through one file)
// (checked by `npm run check:bounds`).
export { applyEmailSetupBody, emailChannelView } from './channel-settings';
