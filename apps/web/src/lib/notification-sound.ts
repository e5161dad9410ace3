import { t } from '@lingui/core/macro';
import { NOTIFICATION_SOUNDS } from '@parley/contracts';

/**
 * The live-chat notification sounds (global setting `live_chat_notification_sound` and Me
 * `notification_sound` are indexes into NOTIFICATION_SOUNDS). Shared by the inbox (which rings)
 * and the profile page (which previews). There are no audio files: each sound is a short tone
 * made with WebAudio, so nothing is downloaded until a sound plays.
 */
export type NotificationSoundName = (typeof NOTIFICATION_SOUNDS)[number];

/** A sound's name in the active language. */
export function soundName(sound: NotificationSoundName): string {
  switch (sound) {
    case 'None':
      return t`None`;
    case 'Chime':
      return t`Chime`;
    case 'Ding':
      return t`Ding`;
    case 'Pop':
      return t`Pop`;
    case 'Bell':
      return t`Bell`;
  }
}

type AudioContextClass = typeof AudioContext;

interface Tone {
  /** Seconds after the start. */
  at: number;
  frequency: number;
  /** Glide to this frequency over the tone (a "pop"). */
  to?: number;
  duration: number;
  gain: number;
  type: OscillatorType;
}

export type AudibleSoundName = Exclude<NotificationSoundName, 'None'>;

export const SOUND_TONES: Record<AudibleSoundName, Tone[]> = {
  Chime: [
    { at: 0, frequency: 880, duration: 0.35, gain: 0.18, type: 'sine' },
    { at: 0.12, frequency: 1318.5, duration: 0.5, gain: 0.16, type: 'sine' },
  ],
  Ding: [
    { at: 0, frequency: 1568, duration: 0.6, gain: 0.2, type: 'sine' },
    { at: 0, frequency: 3136, duration: 0.3, gain: 0.04, type: 'sine' },
  ],
  Pop: [{ at: 0, frequency: 520, to: 180, duration: 0.09, gain: 0.3, type: 'sine' }],
  Bell: [
    { at: 0, frequency: 660, duration: 1.2, gain: 0.18, type: 'triangle' },
    { at: 0, frequency: 1334, duration: 0.8, gain: 0.06, type: 'sine' },
    { at: 0, frequency: 1980, duration: 0.5, gain: 0.03, type: 'sine' },
  ],
};

let context: AudioContext | null = null;
let contextClass: AudioContextClass | null = null;

function audioContext(): AudioContext | null {
  const Ctor =
    globalThis.AudioContext ??
    (globalThis as { webkitAudioContext?: AudioContextClass }).webkitAudioContext;
  if (!Ctor) return null;
  if (!context || contextClass !== Ctor) {
    context = new Ctor();
    contextClass = Ctor;
  }
  return context;
}

function playTone(ctx: AudioContext, start: number, tone: Tone): void {
  const at = start + tone.at;
  const oscillator = ctx.createOscillator();
  const amp = ctx.createGain();
  oscillator.type = tone.type;
  oscillator.frequency.setValueAtTime(tone.frequency, at);
  if (tone.to) oscillator.frequency.exponentialRampToValueAtTime(tone.to, at + tone.duration);
  amp.gain.setValueAtTime(0.0001, at);
  amp.gain.exponentialRampToValueAtTime(tone.gain, at + 0.01);
  amp.gain.exponentialRampToValueAtTime(0.0001, at + tone.duration);
  oscillator.connect(amp);
  amp.connect(ctx.destination);
  oscillator.start(at);
  oscillator.stop(at + tone.duration + 0.02);
}

/** The sound a setting value names; null for 'None' or an index with no sound. */
export function notificationSoundName(index: number): AudibleSoundName | null {
  const name = NOTIFICATION_SOUNDS[index];
  return name && name !== 'None' ? name : null;
}

/** When a sound last started (ms), so one event heard two ways rings once. */
let lastPlayedAt = 0;

/**
 * Plays the sound unless one started within `withinMs`: a customer's live-chat message is both a
 * message (the live-chat ring) and, on a conversation assigned to the person, a notification.
 */
export function playNotificationSoundOnce(index: number, withinMs = 1500): boolean {
  if (Date.now() - lastPlayedAt < withinMs) return false;
  return playNotificationSound(index);
}

/** Plays the sound the setting names; false when it is 'None' or the browser has no audio. */
export function playNotificationSound(index: number): boolean {
  const name = notificationSoundName(index);
  if (!name) return false;
  const ctx = audioContext();
  if (!ctx) return false;
  try {
    // Browsers start audio suspended until the page has had a click or key press.
    if (ctx.state === 'suspended') void ctx.resume().catch(() => undefined);
    for (const tone of SOUND_TONES[name]) playTone(ctx, ctx.currentTime, tone);
    lastPlayedAt = Date.now();
    return true;
  } catch {
    return false;
  }
}
