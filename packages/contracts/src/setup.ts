import { z } from 'zod';
import { SETUP_ITEM_KEYS } from './setup-constants';

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

export const onboardingVideo = z.object({
  title: z.string().trim().min(1).max(120),
  /** Where the video plays (opened in a new tab): an https address. */
  url: z.url({ protocol: /^https$/ }),
  /** Its length in whole minutes, when the operator gave it. */
  minutes: z.number().int().min(1).max(600).nullable().default(null),
  /** A line on what it shows. */
  description: z.string().trim().max(300).nullable().default(null),
});
export type OnboardingVideo = z.infer<typeof onboardingVideo>;

export const onboardingVideosResponse = z.object({ videos: z.array(onboardingVideo) });
export type OnboardingVideos = z.infer<typeof onboardingVideosResponse>;
