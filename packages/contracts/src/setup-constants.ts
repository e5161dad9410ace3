/** Setup (/setup): the checklist of a new workspace, each item checked from real state. */
export const SETUP_CHECKLIST_PATH = '/dashboardapi/setup/checklist';

export const SETUP_ITEM_KEYS = [
  'connect_channel',
  'install_widget',
  'invite_team',
  'create_fast_replies',
  'verify_sending_domain',
] as const;
export type SetupItemKey = (typeof SETUP_ITEM_KEYS)[number];

/**
 * The onboarding videos of the help menu's "Watch Onboarding Videos" and of /setup: the list the
 * operator publishes (server setting ONBOARDING_VIDEOS), in order. Empty until one is published.
 */
export const ONBOARDING_VIDEOS_PATH = '/dashboardapi/setup/videos';
