import type { ReactNode } from 'react';
import { Typography } from 'antd';
import { Trans } from '@lingui/react/macro';
import { plural, t } from '@lingui/core/macro';
import type { AuditAction, AuditEntry, PermissionLevel } from '@parley/contracts';
import { formatDate } from '../../../lib/format';
import { currentLocale } from '../../../lib/i18n';

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
    case 'login_failed':
      return t`Failed sign-in`;
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
    case 'api_key_created':
      return t`API key created`;
    case 'api_key_revoked':
      return t`API key revoked`;
    case 'global_settings_updated':
      return t`Global settings changed`;
    case 'widget_settings_updated':
      return t`Chat widget changed`;
    case 'channel_created':
      return t`Channel created`;
    case 'channel_updated':
      return t`Channel changed`;
    case 'channel_deleted':
      return t`Channel deleted`;
    case 'contacts_exported':
      return t`Contacts exported`;
    case 'report_exported':
      return t`Report exported`;
    case 'audit_log_exported':
      return t`Audit log exported`;
    case 'tag_deleted':
      return t`Tag deleted`;
    case 'fast_reply_deleted':
      return t`Fast reply deleted`;
    case 'help_center_article_deleted':
      return t`Help center article deleted`;
    case 'help_center_category_deleted':
      return t`Help center category deleted`;
    case 'help_center_translation_deleted':
      return t`Help center translation deleted`;
    case 'saved_view_deleted':
      return t`Shared view deleted`;
    case 'audit_log_retention_changed':
      return t`Audit log retention changed`;
  }
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** A language code of the details named in the reader's language ("French", "français"…). */
function languageName(code: string): string {
  try {
    return new Intl.DisplayNames([currentLocale()], { type: 'language' }).of(code) ?? code;
  } catch {
    // A code the runtime does not know is shown as it is.
    return code;
  }
}

/** A `YYYY-MM-DD` day of the details as the active language writes it. */
function dayText(value: unknown): string {
  const day = text(value);
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return match
    ? formatDate(new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])))
    : day;
}

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
  const name = text(details.name);
  switch (entry.action as AuditAction) {
    case 'signup':
      return <Trans>{actor} created the workspace</Trans>;
    case 'login':
      return <Trans>{actor} signed in</Trans>;
    case 'login_failed':
      return <Trans>Someone tried to sign in as {actor} with a wrong password</Trans>;
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
    case 'api_key_created':
      return (
        <Trans>
          {actor} created the API key {name}
        </Trans>
      );
    case 'api_key_revoked':
      return (
        <Trans>
          {actor} revoked the API key {name}
        </Trans>
      );
    case 'global_settings_updated':
      return <Trans>{actor} changed the global settings</Trans>;
    case 'widget_settings_updated':
      return name ? (
        <Trans>
          {actor} changed the chat widget of {name}
        </Trans>
      ) : (
        <Trans>{actor} changed the chat widget</Trans>
      );
    case 'channel_created':
      return (
        <Trans>
          {actor} created the channel {name}
        </Trans>
      );
    case 'channel_updated':
      return (
        <Trans>
          {actor} changed the channel {name}
        </Trans>
      );
    case 'channel_deleted':
      return (
        <Trans>
          {actor} deleted the channel {name}
        </Trans>
      );
    case 'contacts_exported':
      return <Trans>{actor} exported the contacts as CSV</Trans>;
    case 'report_exported': {
      const from = dayText(details.from);
      const to = dayText(details.to);
      return (
        <Trans>
          {actor} exported the report from {from} to {to} as CSV
        </Trans>
      );
    }
    case 'audit_log_exported':
      return <Trans>{actor} exported the audit log as CSV</Trans>;
    case 'tag_deleted':
      return (
        <Trans>
          {actor} deleted the tag {name}
        </Trans>
      );
    case 'fast_reply_deleted':
      return (
        <Trans>
          {actor} deleted the fast reply {name}
        </Trans>
      );
    case 'help_center_article_deleted':
      return (
        <Trans>
          {actor} deleted the help center article {name}
        </Trans>
      );
    case 'help_center_category_deleted':
      return (
        <Trans>
          {actor} deleted the help center category {name}
        </Trans>
      );
    case 'help_center_translation_deleted': {
      const locale = languageName(text(details.locale));
      return (
        <Trans>
          {actor} deleted the {locale} translation of the help center article {name}
        </Trans>
      );
    }
    case 'saved_view_deleted':
      return (
        <Trans>
          {actor} deleted the shared view {name}
        </Trans>
      );
    case 'audit_log_retention_changed': {
      const days = Number(details.to);
      const kept = plural(days, { one: '# day', other: '# days' });
      return details.to === null || !days ? (
        <Trans>{actor} set the audit log to keep entries as long as the workspace exists</Trans>
      ) : (
        <Trans>
          {actor} set the audit log to keep entries for {kept}
        </Trans>
      );
    }
    default:
      return <Trans>{actor} did something this version does not describe</Trans>;
  }
}
