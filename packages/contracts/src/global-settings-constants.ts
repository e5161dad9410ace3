import type { GlobalSettings } from './global-settings';

export const GLOBAL_SETTINGS_DEFAULTS: GlobalSettings = {
  default_fonts: ['Tahoma'],
  live_chat_notification_sound: 1,
  auto_assign_user_on_reply: false,
  treat_subject_and_sender_combination_as_single_thread: false,
  are_keyboard_shortcuts_disabled: false,
};

/** The notification sounds agents pick from (live_chat_notification_sound is an index). */
export const NOTIFICATION_SOUNDS = ['None', 'Chime', 'Ding', 'Pop', 'Bell'] as const;
export const FONT_CHOICES = [
  'Tahoma',
  'Arial',
  'Helvetica',
  'Verdana',
  'Georgia',
  'Times New Roman',
  'Trebuchet MS',
  'Courier New',
] as const;
