import { z } from 'zod';
import { permissionLevelSchema } from './auth';

/** A team of the account with its members (settings page /settings/teams). */
export const teamSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  member_ids: z.array(z.number().int()),
  /** Open conversations filed under the team. */
  open_conversation_count: z.number().int(),
  created_at: z.string(),
});
export type Team = z.infer<typeof teamSchema>;
export const teamsResponse = z.object({ teams: z.array(teamSchema) });
export type TeamsResponse = z.infer<typeof teamsResponse>;

const teamName = z
  .string()
  .trim()
  .min(1, 'Enter a team name.')
  .max(60, 'Use at most 60 characters.');
const teamDescription = z.string().trim().max(300, 'Use at most 300 characters.').nullable();
const userIds = z
  .array(z.number().int().positive().max(2_147_483_647))
  .max(500, 'A team can have at most 500 members.');

export const createTeamBody = z.strictObject({
  name: teamName,
  description: teamDescription.optional(),
  user_ids: userIds.optional(),
});
export type CreateTeamBody = z.infer<typeof createTeamBody>;

export const updateTeamBody = z
  .strictObject({ name: teamName, description: teamDescription })
  .partial()
  .refine((body) => Object.keys(body).length > 0, 'Change at least one field.');
export type UpdateTeamBody = z.infer<typeof updateTeamBody>;

/** PUT /dashboardapi/teams/:id/members: the team's whole member list. */
export const teamMembersBody = z.strictObject({ user_ids: userIds });
export type TeamMembersBody = z.infer<typeof teamMembersBody>;

/** PATCH /dashboardapi/teammembers/:userId: a member's new role. */
export const changeRoleBody = z.strictObject({ permission_level: permissionLevelSchema });
export type ChangeRoleBody = z.infer<typeof changeRoleBody>;
