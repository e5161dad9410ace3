import { z } from 'zod';

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

export const setupChecklistItem = z.object({
  key: z.enum(SETUP_ITEM_KEYS),
  done: z.boolean(),
  /** What the server found, in words (e.g. '2 channels connected'). */
  detail: z.string(),
});
export type SetupChecklistItem = z.infer<typeof setupChecklistItem>;

export const setupChecklistResponse = z.object({
  items: z.array(setupChecklistItem),
  completed: z.number().int(),
  total: z.number().int(),
});
export type SetupChecklist = z.infer<typeof setupChecklistResponse>;
