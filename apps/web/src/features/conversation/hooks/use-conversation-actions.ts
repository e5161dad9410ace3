import { useMemo } from 'react';
import type {
  ConversationDetail,
  ConversationPatch,
  ConversationStatus,
  Priority,
  Tag,
} from '@parley/contracts';
import { t } from '@lingui/core/macro';
import { asErrorPayload, genericErrorMessage, networkErrorMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import {
  useAddConversationTagsMutation,
  useMarkConversationUnreadMutation,
  useRemoveConversationTagMutation,
  useUpdateConversationMutation,
} from '../api/conversation-api';

/** The words a person reads when the server refuses (the first field problem, else the message). */
export function refusalText(error: unknown): string {
  const payload = asErrorPayload(error);
  if (!payload) return genericErrorMessage();
  if (payload.code === 'network_error') return networkErrorMessage();
  if (Array.isArray(payload.details)) {
    const first = payload.details.find(
      (d): d is { message: string } =>
        typeof d === 'object' &&
        d !== null &&
        typeof (d as { message?: unknown }).message === 'string',
    );
    if (first) return first.message;
  }
  return payload.message;
}

function failed(title: string, error: unknown): void {
  // A canceled call (e.g. the pane closed meanwhile) is nobody's problem.
  if (asErrorPayload(error)?.code === 'canceled') return;
  toast.error(title, refusalText(error));
}

export interface ConversationActions {
  setStatus: (status: Exclude<ConversationStatus, 'snoozed'>) => Promise<void>;
  snooze: (until: Date) => Promise<void>;
  setPriority: (priority: Priority) => Promise<void>;
  assign: (userId: number | null) => Promise<void>;
  assignToMe: () => Promise<void>;
  setTeam: (teamId: number | null) => Promise<void>;
  markUnread: () => Promise<boolean>;
  addTag: (name: string) => Promise<void>;
  removeTag: (tag: Pick<Tag, 'id' | 'name'>) => Promise<void>;
}

/**
 * The header's actions on one conversation. Changes show at once (optimistic, see
 * conversation-api) and go back with a toast in words when the server refuses.
 */
export function useConversationActions(
  detail: ConversationDetail | undefined,
  meId: number | null,
  knownTags: Tag[],
): ConversationActions {
  const [update] = useUpdateConversationMutation();
  const [markUnreadCall] = useMarkConversationUnreadMutation();
  const [addTags] = useAddConversationTagsMutation();
  const [removeTagCall] = useRemoveConversationTagMutation();

  return useMemo<ConversationActions>(() => {
    const patch = async (change: ConversationPatch, failureTitle: string) => {
      if (!detail) return;
      try {
        await update({ id: detail.id, patch: change }).unwrap();
      } catch (error) {
        failed(failureTitle, error);
      }
    };
    return {
      setStatus: (status) =>
        detail?.status === status
          ? Promise.resolve()
          : patch({ status }, t`The status was not changed`),
      snooze: (until) =>
        patch(
          { status: 'snoozed', snoozed_until: until.toISOString() },
          t`The conversation was not snoozed`,
        ),
      setPriority: (priority) =>
        detail?.priority === priority
          ? Promise.resolve()
          : patch({ priority }, t`The priority was not changed`),
      assign: (userId) =>
        detail?.assignee_id === userId
          ? Promise.resolve()
          : patch({ assignee_id: userId }, t`The conversation was not assigned`),
      assignToMe: () =>
        meId === null || detail?.assignee_id === meId
          ? Promise.resolve()
          : patch({ assignee_id: meId }, t`The conversation was not assigned to you`),
      setTeam: (teamId) =>
        detail?.team_id === teamId
          ? Promise.resolve()
          : patch({ team_id: teamId }, t`The team was not changed`),
      markUnread: async () => {
        if (!detail) return false;
        try {
          await markUnreadCall(detail.id).unwrap();
          return true;
        } catch (error) {
          failed(t`The conversation was not marked unread`, error);
          return false;
        }
      },
      addTag: async (raw) => {
        const name = raw.trim();
        if (!detail || !name) return;
        if (name.length > 60) {
          toast.error(t`The tag was not added`, t`Keep tag names to 60 characters or fewer.`);
          return;
        }
        const known = knownTags.find((tag) => tag.name.toLowerCase() === name.toLowerCase());
        if (known && detail.tag_ids.includes(known.id)) return;
        try {
          await addTags({
            conversation_id: detail.id,
            tags: [known?.name ?? name],
            knownTagIds: known ? [known.id] : [],
          }).unwrap();
        } catch (error) {
          failed(t`The tag “${name}” was not added`, error);
        }
      },
      removeTag: async (tag) => {
        if (!detail) return;
        try {
          await removeTagCall({ conversationId: detail.id, tagId: tag.id }).unwrap();
        } catch (error) {
          const tagName = tag.name;
          failed(t`The tag “${tagName}” was not removed`, error);
        }
      },
    };
  }, [detail, meId, knownTags, update, markUnreadCall, addTags, removeTagCall]);
}
