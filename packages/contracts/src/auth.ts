import { z } from 'zod';
import { MIN_PASSWORD_LENGTH } from './constants';

export const PERMISSION_LEVELS = ['owner', 'admin', 'agent'] as const;
export const permissionLevelSchema = z.enum(PERMISSION_LEVELS);
export type PermissionLevel = z.infer<typeof permissionLevelSchema>;

const email = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email({ message: 'Enter a valid email address.' }));

const newPassword = z
  .string()
  .min(MIN_PASSWORD_LENGTH, `Use at least ${MIN_PASSWORD_LENGTH} characters.`)
  .max(200, 'Use at most 200 characters.');

const personName = z.string().trim().min(1, 'Enter your name.').max(120);

export const signupBody = z.strictObject({
  name: personName,
  email,
  password: newPassword,
  account_name: z.string().trim().min(1, 'Enter a workspace name.').max(120),
});
export type SignupBody = z.infer<typeof signupBody>;

export const loginBody = z.strictObject({
  email,
  password: z.string().min(1, 'Enter your password.').max(200),
});
export type LoginBody = z.infer<typeof loginBody>;

export const forgotPasswordBody = z.strictObject({ email });
export const resetPasswordBody = z.strictObject({
  token: z.string().min(16).max(200),
  password: newPassword,
});
export const changePasswordBody = z.strictObject({
  current_password: z.string().min(1, 'Enter your current password.').max(200),
  new_password: newPassword,
});

export const authUser = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
});

/** Answer of signup, login and invitation acceptance; the three cookies are set too. */
export const authResponse = z.object({
  token: z.string(),
  account_id: z.number().int(),
  user: authUser,
});
export type AuthResponse = z.infer<typeof authResponse>;

export const okResponse = z.object({ ok: z.literal(true) });

export const accountSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  permission_level: permissionLevelSchema,
});
export type AccountSummary = z.infer<typeof accountSummary>;
export const accountListResponse = z.object({ accounts: z.array(accountSummary) });

export const createAccountBody = z.strictObject({
  name: z.string().trim().min(1, 'Enter a workspace name.').max(120),
});

export const inviteBody = z.strictObject({
  email,
  permission_level: z.enum(['admin', 'agent']),
});

export const invitationInfo = z.object({
  email: z.string(),
  account_name: z.string(),
  invited_by: z.string(),
  permission_level: permissionLevelSchema,
  /** true when a user with this email exists: they join with their password. */
  existing_user: z.boolean(),
  expires_at: z.string(),
});
export type InvitationInfo = z.infer<typeof invitationInfo>;

export const acceptInvitationBody = z.strictObject({
  /** Required for a new person; ignored for an existing user. */
  name: personName.optional(),
  password: z.string().min(1).max(200),
});

export const teamMember = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  avatar: z.string().nullable(),
  profile_color: z.string(),
  permission_level: permissionLevelSchema,
  joined_at: z.string(),
});
export const pendingInvitation = z.object({
  id: z.number().int(),
  email: z.string(),
  permission_level: permissionLevelSchema,
  expires_at: z.string(),
});
/** A fresh link for a pending invitation, to hand over by hand; the emailed one stops working. */
export const invitationLinkResponse = pendingInvitation.extend({ link: z.string() });
export type InvitationLink = z.infer<typeof invitationLinkResponse>;
export const teamMembersResponse = z.object({
  members: z.array(teamMember),
  invitations: z.array(pendingInvitation),
});
export type TeamMembersResponse = z.infer<typeof teamMembersResponse>;
