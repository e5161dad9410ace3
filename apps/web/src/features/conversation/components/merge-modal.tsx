import { useState } from 'react';
import { Alert, Button, Input, Modal, Radio, Typography } from 'antd';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import type { ConversationDetail } from '@parley/contracts';
import { asErrorPayload, genericErrorMessage } from '../../../lib/api-error';
import { formatTimestamp } from '../../../lib/format-timestamp';
import { toast } from '../../../lib/toast';
import { conversationApi } from '../api/conversation-api';
import { useMergeConversationsMutation } from '../api/conversation-moves-api';
import { statusLabel } from '../conversation-labels';
import { contactDisplayName } from './conversation-header';
import styles from './merge-split.module.css';

interface Choice {
  id: number;
  subject: string | null;
  status: ConversationDetail['status'];
  last_activity_at: string;
  /** Set when the conversation is with another contact: merging it needs a confirmation. */
  otherContact: string | null;
}

export interface MergeModalProps {
  /** The open conversation: it is kept, the chosen one is merged into it. */
  detail: ConversationDetail;
  onClose: () => void;
}

/** "#123", "123" or " #123 " as a conversation number, else null. */
export function conversationNumber(text: string): number | null {
  const match = /^\s*#?\s*(\d{1,10})\s*$/.exec(text);
  const id = match ? Number(match[1]) : NaN;
  return Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
}

/**
 * Merge another conversation into the open one (docs/product/merge-and-split.md): the contact's
 * other conversations to pick from, or any by its number; a second step when the chosen one is
 * with another contact. Loaded on demand (the inbox's JS budget).
 */
export function MergeModal({ detail, onClose }: MergeModalProps) {
  const [merge, { isLoading }] = useMergeConversationsMutation();
  const [find, { isFetching: finding }] = conversationApi.useLazyGetConversationDetailQuery();
  const [found, setFound] = useState<Choice | null>(null);
  const [selected, setSelected] = useState<number | null>(null);
  const [search, setSearch] = useState('');
  const [searchError, setSearchError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const contactName = contactDisplayName(detail);

  const choices: Choice[] = detail.contact_other_conversations
    .filter((c) => c.id !== detail.id)
    .map((c) => ({ ...c, otherContact: null }));
  if (found && !choices.some((c) => c.id === found.id)) choices.push(found);
  const chosen = choices.find((c) => c.id === selected) ?? null;

  const onFind = async () => {
    setSearchError(null);
    const id = conversationNumber(search);
    if (id === null) {
      setSearchError(t`Type a conversation number, like #1234.`);
      return;
    }
    if (id === detail.id) {
      setSearchError(t`That is this conversation: pick another one.`);
      return;
    }
    try {
      const other = await find(id).unwrap();
      const choice: Choice = {
        id: other.id,
        subject: other.subject,
        status: other.status,
        last_activity_at: other.last_activity_at,
        otherContact: other.contact.id === detail.contact.id ? null : contactDisplayName(other),
      };
      setFound(choice);
      setSelected(choice.id);
    } catch (err) {
      const payload = asErrorPayload(err);
      setSearchError(
        payload?.status === 404
          ? t`No conversation #${id} in this workspace.`
          : (payload?.message ?? genericErrorMessage()),
      );
    }
  };

  const submit = async (confirmOtherContact: boolean) => {
    if (!chosen) return;
    if (chosen.otherContact && !confirmOtherContact) {
      setConfirming(true);
      return;
    }
    setError(null);
    try {
      await merge({ intoId: detail.id, fromId: chosen.id, confirmOtherContact }).unwrap();
      const from = chosen.id;
      toast.success(t`Merged #${from} into this conversation`);
      onClose();
    } catch (err) {
      const payload = asErrorPayload(err);
      if (payload?.code === 'other_contact') {
        setConfirming(true);
        return;
      }
      setError(payload?.message ?? genericErrorMessage());
    }
  };

  const chosenId = chosen?.id ?? 0;
  const otherName = chosen?.otherContact ?? '';

  return (
    <Modal
      open
      title={t`Merge another conversation into this one`}
      onCancel={onClose}
      footer={
        confirming
          ? [
              <Button key="back" onClick={() => setConfirming(false)}>
                <Trans>Back</Trans>
              </Button>,
              <Button
                key="merge"
                type="primary"
                danger
                loading={isLoading}
                onClick={() => void submit(true)}
              >
                <Trans>Merge anyway</Trans>
              </Button>,
            ]
          : [
              <Button key="cancel" onClick={onClose}>
                <Trans>Cancel</Trans>
              </Button>,
              <Button
                key="merge"
                type="primary"
                disabled={!chosen}
                loading={isLoading}
                onClick={() => void submit(false)}
              >
                <Trans>Merge</Trans>
              </Button>,
            ]
      }
    >
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
      {confirming ? (
        <Alert
          type="warning"
          showIcon
          data-testid="merge-other-contact"
          title={
            <Trans>
              #{chosenId} is with {otherName}, not {contactName}. After the merge, this conversation
              stays with {contactName}.
            </Trans>
          }
        />
      ) : (
        <>
          <Typography.Paragraph type="secondary">
            <Trans>
              Its messages move here in time order and its tags are added; it is closed and points
              here. You can undo this from the thread.
            </Trans>
          </Typography.Paragraph>
          {choices.length === 0 ? (
            <Typography.Text type="secondary">
              <Trans>{contactName} has no other conversations. Find one by its number.</Trans>
            </Typography.Text>
          ) : (
            <Radio.Group
              value={selected}
              onChange={(e) => setSelected(e.target.value as number)}
              aria-label={t`Conversation to merge`}
            >
              <div className={styles.choices}>
                {choices.map((c) => {
                  const when = formatTimestamp(c.last_activity_at);
                  return (
                    <Radio key={c.id} value={c.id}>
                      <span dir="auto">
                        #{c.id} {c.subject ?? t`(no subject)`}
                      </span>{' '}
                      <span className={styles.choiceMeta}>
                        · {statusLabel(c.status)} · {when}
                        {c.otherContact && <> · {c.otherContact}</>}
                      </span>
                    </Radio>
                  );
                })}
              </div>
            </Radio.Group>
          )}
          <div className={styles.findRow}>
            <Input
              aria-label={t`Conversation number`}
              placeholder={t`#1234`}
              value={search}
              status={searchError ? 'error' : undefined}
              onChange={(e) => setSearch(e.target.value)}
              onPressEnter={() => void onFind()}
            />
            <Button loading={finding} onClick={() => void onFind()}>
              <Trans>Find</Trans>
            </Button>
          </div>
          {searchError && (
            <Typography.Text type="danger" role="alert">
              {searchError}
            </Typography.Text>
          )}
        </>
      )}
    </Modal>
  );
}
