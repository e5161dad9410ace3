import { z } from 'zod';
import { automationAction } from './automation';
import { MACRO_ACTION_TYPES, MACRO_VISIBILITIES } from './macros-constants';

const allowed: ReadonlySet<string> = new Set(MACRO_ACTION_TYPES);
const id = z.number().int().positive().max(2_147_483_647);

/** The automation rules' actions, limited to the ones a person runs (macros-constants). */
const macroActions = z
  .array(automationAction)
  .min(1, 'Add at least one action.')
  .max(20)
  .superRefine((actions, ctx) =>
    actions.forEach((a, i) => {
      if (!allowed.has(a.type))
        ctx.addIssue({ code: 'custom', path: [i, 'type'], message: 'A macro cannot do that.' });
      if (a.type === 'set_status' && a.status === 'snoozed' && !a.snooze_minutes)
        ctx.addIssue({
          code: 'custom',
          path: [i, 'snooze_minutes'],
          message: 'Choose how long to snooze.',
        });
    }),
  );

const name = z.string().trim().min(1, 'Give the macro a name.').max(120);
const description = z.string().trim().max(500).nullable();

export const macroBody = z.strictObject({
  name,
  description: description.optional(),
  visibility: z.enum(MACRO_VISIBILITIES),
  actions: macroActions,
});
export type MacroBody = z.infer<typeof macroBody>;

export const macroPatch = z
  .strictObject({
    name: name.optional(),
    description: description.optional(),
    visibility: z.enum(MACRO_VISIBILITIES).optional(),
    actions: macroActions.optional(),
  })
  .refine((v) => Object.keys(v).length > 0, 'Send at least one field to change.');
export type MacroPatch = z.infer<typeof macroPatch>;

export const macro = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  visibility: z.enum(MACRO_VISIBILITIES),
  actions: z.array(automationAction),
  position: z.number(),
  created_by: z.number().nullable(),
  /** Whether the caller may change or delete it (its owner; admins for a shared one). */
  editable: z.boolean(),
  /** Why the macro cannot run (something it names was deleted); null when it can. */
  broken_reason: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Macro = z.infer<typeof macro>;

export const macroList = z.object({ macros: z.array(macro) });
export type MacroList = z.infer<typeof macroList>;

export const macroParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
export const macroRunParams = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
  macroId: z.coerce.number().int().positive().max(2_147_483_647),
});

export const macroRunResult = z.object({
  macro_id: id,
  conversation_id: id,
  /** What it did, in words, in order (the activity line's words). */
  actions: z.array(z.string()),
});
export type MacroRunResult = z.infer<typeof macroRunResult>;
