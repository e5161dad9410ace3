import type { ReactNode } from 'react';
import { Typography } from 'antd';
import { Trans } from '@lingui/react/macro';
import { plural, t } from '@lingui/core/macro';
import type { AuditAction, AuditEntry, PermissionLevel } from '@parley/contracts';

function roleName(level: unknown): string {
  switch (level as PermissionLevel) {
    case 'owner':
      return t`Owner`;
    case 'admin':
      return t`Admin`;
    case 'agent':
      return t`Agent`;
    default:
      return String(level ?? '');
  }
}

/** Each action in a few words, for the filter. */
export function actionName(action: AuditAction): string {
  switch (action) {
    case 'signup':
      return t`Workspace created`;
    case 'login':
      return t`Signed in`;
    case 'password_change':
      return t`Password changed`;
    case 'invitation_sent':
      return t`Invitation sent`;
    case 'invitation_resent':
      return t`Invitation sent again`;
    case 'invitation_link_issued':
      return t`Invitation link made`;
    case 'invitation_revoked':
      return t`Invitation revoked`;
    case 'invitation_accepted':
      return t`Invitation accepted`;
    case 'member_role_changed':
      return t`Role changed`;
    case 'member_removed':
      return t`Member removed`;
    case 'team_created':
      return t`Team created`;
    case 'team_deleted':
      return t`Team deleted`;
    case 'email_setup_created':
      return t`Email address added`;
    case 'email_setup_updated':
      return t`Email address changed`;
    case 'sending_domain_verified':
      return t`Sending domain verified`;
    case 'sending_domain_unverified':
      return t`Sending domain no longer verified`;
    case 'contact_merged':
      return t`Contacts merged`;
    case 'contacts_imported':
      return t`Contacts imported`;
    case 'automation_rule_created':
      return t`Automation rule created`;
    case 'automation_rule_updated':
      return t`Automation rule changed`;
    case 'automation_rule_deleted':
      return t`Automation rule deleted`;
    case 'automation_rules_reordered':
      return t`Automation rules reordered`;
    case 'macro_created':
      return t`Shared macro created`;
    case 'macro_updated':
      return t`Shared macro changed`;
    case 'macro_deleted':
      return t`Shared macro deleted`;
    case 'sla_policy_created':
      return t`SLA policy created`;
    case 'sla_policy_updated':
      return t`SLA policy changed`;
    case 'sla_policy_deleted':
      return t`SLA policy deleted`;
    case 'sla_policies_reordered':
      return t`SLA policies reordered`;
    case 'business_hours_updated':
      return t`Business hours changed`;
    case 'conversation_merged':
      return t`Conversations merged`;
    case 'conversation_split':
      return t`Conversation split`;
    case 'conversation_move_undone':
      return t`Merge or split undone`;
  }
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** What an entry says happened, as a sentence with the people in bold. */
export function AuditEntryText({ entry }: { entry: AuditEntry }): ReactNode {
  const actorName = entry.actor?.name || entry.actor?.email || t`A former member`;
  const actor = <Typography.Text strong>{actorName}</Typography.Text>;
  const memberName = entry.subject?.name || entry.subject?.email || t`a former member`;
  const member = <Typography.Text strong>{memberName}</Typography.Text>;
  const details = entry.details;
  const email = text(details.email);
  const address = text(details.from_address);
  const domain = text(details.domain);
  const teamName = text(details.name);
  const ruleName = text(details.name);
  switch (entry.action as AuditAction) {
    case 'signup':
      return <Trans>{actor} created the workspace</Trans>;
    case 'login':
      return <Trans>{actor} signed in</Trans>;
    case 'password_change':
      return <Trans>{actor} changed their password</Trans>;
    case 'invitation_sent': {
      const role = roleName(details.permission_level);
      return (
        <Trans>
          {actor} invited {email} as {role}
        </Trans>
      );
    }
    case 'invitation_resent':
      return (
        <Trans>
          {actor} sent the invitation to {email} again
        </Trans>
      );
    case 'invitation_link_issued':
      return (
        <Trans>
          {actor} made a new invitation link for {email}
        </Trans>
      );
    case 'invitation_revoked':
      return <Trans>{actor} revoked an invitation</Trans>;
    case 'invitation_accepted':
      return <Trans>{actor} accepted the invitation and joined</Trans>;
    case 'member_role_changed': {
      const from = roleName(details.from);
      const to = roleName(details.to);
      return (
        <Trans>
          {actor} changed the role of {member} from {from} to {to}
        </Trans>
      );
    }
    case 'member_removed': {
      const count = Number(details.unassigned_conversations ?? 0);
      const unassigned = count
        ? plural(count, {
            one: '# conversation went back to the queue.',
            other: '# conversations went back to the queue.',
          })
        : '';
      return (
        <>
          <Trans>
            {actor} removed {member} from the workspace
          </Trans>
          {unassigned && <Typography.Text type="secondary"> {unassigned}</Typography.Text>}
        </>
      );
    }
    case 'team_created':
      return (
        <Trans>
          {actor} created the team {teamName}
        </Trans>
      );
    case 'team_deleted':
      return <Trans>{actor} deleted a team</Trans>;
    case 'email_setup_created':
      return (
        <Trans>
          {actor} added the email address {address}
        </Trans>
      );
    case 'email_setup_updated':
      return (
        <Trans>
          {actor} changed the email address {address}
        </Trans>
      );
    case 'sending_domain_verified':
      return (
        <Trans>
          {actor} checked the sending domain {domain}: verified
        </Trans>
      );
    case 'sending_domain_unverified':
      return (
        <Trans>
          {actor} checked the sending domain {domain}: no longer verified
        </Trans>
      );
    case 'contact_merged': {
      const merged = text(details.merged_contact_name) || t`a contact`;
      const kept = text(details.contact_name) || t`another contact`;
      return (
        <Trans>
          {actor} merged the contact {merged} into {kept}
        </Trans>
      );
    }
    case 'contacts_imported': {
      const file = text(details.file_name) || t`a CSV file`;
      const created = Number(details.created) || 0;
      const updated = Number(details.updated) || 0;
      const failed = Number(details.failed) || 0;
      return (
        <Trans>
          {actor} imported contacts from {file}: {created} added, {updated} updated, {failed}{' '}
          skipped
        </Trans>
      );
    }
    case 'automation_rule_created':
      return (
        <Trans>
          {actor} created the automation rule {ruleName}
        </Trans>
      );
    case 'automation_rule_updated':
      return (
        <Trans>
          {actor} changed the automation rule {ruleName}
        </Trans>
      );
    case 'automation_rule_deleted':
      return (
        <Trans>
          {actor} deleted the automation rule {ruleName}
        </Trans>
      );
    case 'automation_rules_reordered':
      return <Trans>{actor} changed the order of the automation rules</Trans>;
    case 'macro_created':
      return (
        <Trans>
          {actor} created the shared macro {ruleName}
        </Trans>
      );
    case 'macro_updated':
      return (
        <Trans>
          {actor} changed the shared macro {ruleName}
        </Trans>
      );
    case 'macro_deleted':
      return (
        <Trans>
          {actor} deleted the shared macro {ruleName}
        </Trans>
      );
    case 'sla_policy_created':
      return (
        <Trans>
          {actor} created the SLA policy {ruleName}
        </Trans>
      );
    case 'sla_policy_updated':
      return (
        <Trans>
          {actor} changed the SLA policy {ruleName}
        </Trans>
      );
    case 'sla_policy_deleted':
      return (
        <Trans>
          {actor} deleted the SLA policy {ruleName}
        </Trans>
      );
    case 'sla_policies_reordered':
      return <Trans>{actor} changed the order of the SLA policies</Trans>;
    case 'business_hours_updated':
      return <Trans>{actor} changed the business hours</Trans>;
    case 'conversation_merged': {
      const merged = `#${Number(details.merged_conversation_id) || '?'}`;
      const kept = `#${Number(details.conversation_id) || '?'}`;
      return (
        <Trans>
          {actor} merged the conversation {merged} into {kept}
        </Trans>
      );
    }
    case 'conversation_split': {
      const from = `#${Number(details.conversation_id) || '?'}`;
      const made = `#${Number(details.new_conversation_id) || '?'}`;
      return (
        <Trans>
          {actor} split the conversation {from} into {made}
        </Trans>
      );
    }
    case 'conversation_move_undone': {
      const from = `#${Number(details.from_conversation_id) || '?'}`;
      const to = `#${Number(details.to_conversation_id) || '?'}`;
      return details.kind === 'split' ? (
        <Trans>
          {actor} undid the split of {from} into {to}
        </Trans>
      ) : (
        <Trans>
          {actor} undid the merge of {from} into {to}
        </Trans>
      );
    }
    default:
      return <Trans>{actor} did something this version does not describe</Trans>;
  }
}
