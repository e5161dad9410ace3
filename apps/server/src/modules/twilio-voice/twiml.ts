/** TwiML, the XML Twilio Voice follows while a call is up (www.twilio.com/docs/voice/twiml). */

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>';

export function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

const response = (...verbs: string[]) => `${XML_HEAD}<Response>${verbs.join('')}</Response>`;
const say = (text: string) => `<Say>${escapeXml(text)}</Say>`;

export const VOICEMAIL_PROMPT =
  'Sorry, nobody can take your call right now. Please leave a message after the tone.';

/** Greeting, then the forwarded phone rings for `timeout` seconds; Twilio then asks `action`. */
export function dialTwiml(o: {
  greeting: string;
  forwardTo: string;
  callerId: string;
  timeout: number;
  action: string;
}) {
  return response(
    say(o.greeting),
    `<Dial timeout="${o.timeout}" action="${escapeXml(o.action)}" method="POST" callerId="${escapeXml(o.callerId)}"><Number>${escapeXml(o.forwardTo)}</Number></Dial>`,
  );
}

/** A prompt, then a recording of at most `maxLength` seconds, transcribed by Twilio. */
export function voicemailTwiml(o: {
  prompt: string;
  maxLength: number;
  action: string;
  transcribeCallback: string;
}) {
  return response(
    say(o.prompt),
    `<Record maxLength="${o.maxLength}" playBeep="true" action="${escapeXml(o.action)}" method="POST" transcribe="true" transcribeCallback="${escapeXml(o.transcribeCallback)}"/>`,
    say('We did not hear a message. Goodbye.'),
  );
}

/** An outgoing call the customer picked up: connect them to the agent's phone. */
export function connectAgentTwiml(o: { agentPhone: string; callerId: string }) {
  return response(
    `<Dial callerId="${escapeXml(o.callerId)}"><Number>${escapeXml(o.agentPhone)}</Number></Dial>`,
  );
}

export const sayAndHangUp = (text: string) => response(say(text), '<Hangup/>');
export const HANG_UP = response('<Hangup/>');
