import { UI_LOCALES, type Me, type ProfileUpdateBody, type UiLocale } from '@parley/contracts';
import type { Db } from '../../db/client';
import type { Deps } from '../../lib/deps';
import { notFound } from '../../lib/errors';
import type { AgentContext } from '../../lib/http-types';
import { avatarFromUpload, discardAvatar } from './avatar.service';
import {
  countUnreadNotifications,
  latestMilestone,
  loadMeRow,
  milestoneDue,
  startDueMilestone,
  updateUserProfile,
  type ProfilePatch,
} from './me.queries';

export function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters =
    parts.length > 1 ? [parts[0]![0], parts[parts.length - 1]![0]] : [parts[0]?.[0], parts[0]?.[1]];
  return letters.filter(Boolean).join('').toUpperCase();
}

// A language dropped from the app reads as "the browser's" rather than failing Me.
const isUiLocale = (value: string | null): value is UiLocale =>
  (UI_LOCALES as readonly (string | null)[]).includes(value);

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export async function getMe(db: Db, ids: { accountId: number; userId: number }): Promise<Me> {
  const [row, unread, latest] = await Promise.all([
    loadMeRow(db, ids),
    countUnreadNotifications(db, ids),
    latestMilestone(db, ids),
  ]);
  if (!row) throw notFound('Your profile was not found.');
  let milestone = latest;
  if (milestoneDue(latest, row.account.createdAt)) {
    await startDueMilestone(db, { ...ids, accountCreatedAt: row.account.createdAt });
    milestone = await latestMilestone(db, ids);
  }
  const { user, account } = row;
  const now = Date.now();
  const milestoneOpen =
    milestone !== null &&
    milestone.completedAt === null &&
    milestone.startsAt.getTime() <= now &&
    milestone.expiresAt.getTime() > now;
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    avatar: user.avatar,
    profile_color: user.profileColor,
    initials: initialsOf(user.name),
    permission_level: row.permissionLevel,
    is_notification_sound_enabled: user.isNotificationSoundEnabled,
    notification_sound: user.notificationSound,
    locale: isUiLocale(user.locale) ? user.locale : null,
    theme: user.theme,
    unread_notification_count: unread,
    account_created_at: account.createdAt.toISOString(),
    last_password_updated: user.lastPasswordUpdated.toISOString(),
    dmarc_verification_required: account.dmarcVerificationRequired,
    payment_failure_triggered_at: iso(account.paymentFailureTriggeredAt),
    payment_action_required_triggered_at: iso(account.paymentActionRequiredTriggeredAt),
    billing: {
      is_subscription_active: account.isSubscriptionActive,
      is_trial_active:
        !account.isSubscriptionActive &&
        account.trialEndDate !== null &&
        account.trialEndDate.getTime() > now,
      trial_end_date: iso(account.trialEndDate),
      suppress_billing: account.suppressBilling,
    },
    nps_collection: {
      milestone_id: milestone?.id ?? null,
      milestone_completed: milestone?.completedAt != null,
      show_nps_milestone: milestoneOpen,
      show_milestone_float_button: milestoneOpen,
    },
    account: { id: account.id, name: account.name },
  };
}

/**
 * The person changes their own profile (name, picture, colour, notification sound, language,
 * theme); answers the
 * new Me. Everything is checked before anything is written.
 */
export async function updateProfile(
  deps: Deps,
  agent: AgentContext,
  body: ProfileUpdateBody,
): Promise<Me> {
  const patch: ProfilePatch = {};
  if (body.name !== undefined) patch.name = body.name;
  if (body.profile_color !== undefined) patch.profileColor = body.profile_color;
  if (body.notification_sound !== undefined) patch.notificationSound = body.notification_sound;
  if (body.is_notification_sound_enabled !== undefined)
    patch.isNotificationSoundEnabled = body.is_notification_sound_enabled;
  if (body.locale !== undefined) patch.locale = body.locale;
  if (body.theme !== undefined) patch.theme = body.theme;
  if (body.avatar_attachment_id !== undefined) {
    patch.avatar =
      body.avatar_attachment_id === null
        ? null
        : await avatarFromUpload(deps, agent, body.avatar_attachment_id);
  }
  const result = await updateUserProfile(deps.db, agent.userId, patch);
  if (!result) throw notFound('Your profile was not found.');
  if (patch.avatar !== undefined && result.previousAvatar !== patch.avatar) {
    await discardAvatar(deps, agent.userId, result.previousAvatar);
  }
  return getMe(deps.db, agent);
}
