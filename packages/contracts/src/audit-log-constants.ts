/**
 * What the audit log records (Settings → Audit log): who signed in, joined, was invited, changed
 * a role or was removed, changes to teams and email setup, and contacts merged. The web app names each in words.
 */
export const AUDIT_ACTIONS = [
  'signup',
  'login',
  'password_change',
  'invitation_sent',
  'invitation_resent',
  'invitation_link_issued',
  'invitation_revoked',
  'invitation_accepted',
  'member_role_changed',
  'member_removed',
  'team_created',
  'team_deleted',
  'email_setup_created',
  'email_setup_updated',
  'sending_domain_verified',
  'sending_domain_unverified',
  'contact_merged',
  'contacts_imported',
  'automation_rule_created',
  'automation_rule_updated',
  'automation_rule_deleted',
  'automation_rules_reordered',
  'macro_created',
  'macro_updated',
  'macro_deleted',
  'sla_policy_created',
  'sla_policy_updated',
  'sla_policy_deleted',
  'sla_policies_reordered',
  'business_hours_updated',
  'conversation_merged',
  'conversation_split',
  'conversation_move_undone',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Entries per page of the audit log. */
export const AUDIT_LOG_PAGE_SIZE = 50;
