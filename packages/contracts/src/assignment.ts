import { z } from 'zod';
import {
  ASSIGNMENT_MODES,
  AVAILABILITY_STATUSES,
  MAX_AGENT_CAPACITY,
  MAX_CHANNEL_AGENTS,
} from './assignment-constants';
import { CHANNEL_TYPES } from './constants';

export const availabilityStatusSchema = z.enum(AVAILABILITY_STATUSES);
export const assignmentModeSchema = z.enum(ASSIGNMENT_MODES);

/** One agent's availability, as every agent sees it beside names. */
export const agentAvailabilitySchema = z.object({
  user_id: z.number().int(),
  status: availabilityStatusSchema,
  /** What the agent chose with the switcher (status can differ: away when idle, offline without a socket). */
  chosen: availabilityStatusSchema,
  /** Most conversations open at once; null = no limit. */
  capacity: z.number().int().nullable(),
  /** Most conversations open at once per channel type (`{ email: 20 }`); a type not named has no limit of its own. */
  capacity_by_channel_type: z.record(z.string(), z.number().int()),
  /** Conversations assigned to the agent that are not closed. */
  open_conversation_count: z.number().int(),
});
export type AgentAvailability = z.infer<typeof agentAvailabilitySchema>;
export const availabilityListResponse = z.object({ agents: z.array(agentAvailabilitySchema) });
export type AvailabilityListResponse = z.infer<typeof availabilityListResponse>;

export const setAvailabilityBody = z.strictObject({ status: availabilityStatusSchema });
export type SetAvailabilityBody = z.infer<typeof setAvailabilityBody>;

export const reportIdleBody = z.strictObject({ idle: z.boolean() });
export type ReportIdleBody = z.infer<typeof reportIdleBody>;

const capacityNumber = z
  .number()
  .int('Enter a whole number.')
  .min(1, 'A capacity is at least 1; leave it empty for no limit.')
  .max(MAX_AGENT_CAPACITY, `Use at most ${MAX_AGENT_CAPACITY}.`);

export const setCapacityBody = z.strictObject({
  capacity: capacityNumber.nullable(),
  /**
   * Most conversations open at once on channels of each type, beside `capacity`; omitted keeps
   * what is set, null or `{}` removes them all.
   */
  capacity_by_channel_type: z
    .partialRecord(
      z.enum(CHANNEL_TYPES, { error: 'Name a channel type, such as email or live_chat.' }),
      capacityNumber,
    )
    .nullable()
    .optional(),
});
export type SetCapacityBody = z.infer<typeof setCapacityBody>;

export const assignmentRuleSchema = z.object({
  mode: assignmentModeSchema,
  /** An agent who goes offline gives their open conversations back to the queue. */
  release_offline: z.boolean(),
});
export type AssignmentRule = z.infer<typeof assignmentRuleSchema>;

export const teamAssignmentSchema = assignmentRuleSchema.extend({
  team_id: z.number().int(),
  name: z.string(),
  member_count: z.number().int(),
});
export type TeamAssignment = z.infer<typeof teamAssignmentSchema>;

/** A support channel's rule: the agents it hands conversations to; empty = every member. */
export const channelAssignmentRuleSchema = assignmentRuleSchema.extend({
  agent_ids: z.array(z.number().int()),
});
export type ChannelAssignmentRule = z.infer<typeof channelAssignmentRuleSchema>;

export const channelAssignmentSchema = channelAssignmentRuleSchema.extend({
  support_channel_id: z.number().int(),
  name: z.string(),
  type: z.string(),
});
export type ChannelAssignment = z.infer<typeof channelAssignmentSchema>;

export const assignmentSettingsResponse = z.object({
  teams: z.array(teamAssignmentSchema),
  channels: z.array(channelAssignmentSchema),
  /** Conversations waiting for an available agent. */
  queued_count: z.number().int(),
});
export type AssignmentSettingsResponse = z.infer<typeof assignmentSettingsResponse>;

export const updateAssignmentRuleBody = z.strictObject({
  mode: assignmentModeSchema,
  release_offline: z.boolean().optional(),
});
export type UpdateAssignmentRuleBody = z.infer<typeof updateAssignmentRuleBody>;

export const updateChannelAssignmentRuleBody = updateAssignmentRuleBody.extend({
  /** The members the channel's rule hands conversations to; omitted keeps them, null or [] = every member. */
  agent_ids: z
    .array(z.number().int().positive().max(2_147_483_647))
    .max(MAX_CHANNEL_AGENTS, `Choose at most ${MAX_CHANNEL_AGENTS} agents.`)
    .nullable()
    .optional(),
});
export type UpdateChannelAssignmentRuleBody = z.infer<typeof updateChannelAssignmentRuleBody>;

declare module './realtime-constants' {
  interface RealtimeEventPayloads {
    /** On `private-dcuser-{id}-panel0`: an agent's availability or capacity changed. */
    agent_availability_updated: { account_id: number; agent: AgentAvailability };
  }
}
