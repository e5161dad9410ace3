import { useState } from 'react';
import { Select, theme } from 'antd';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import type { ReplyChannel } from '@parley/contracts';
import { channelLabel } from '../conversation-labels';

/** The channel a reply goes out on, when the thread offers more than one, and how to change it. */
export interface ReplyChannelChoice {
  /** The channels offered (more than one), or empty when the reply has no choice to make. */
  offered: ReplyChannel[];
  /** The chosen one; null when nothing is offered (the conversation's own channel answers). */
  chosen: ReplyChannel | null;
  /** Whether the chosen channel is the conversation's own (the first of `reply_channels`). */
  onOwnChannel: boolean;
  choose: (id: number) => void;
}

/**
 * After a merge a thread may hold the customer's messages from several channels; the reply goes
 * out on the one the agent picks, starting from where the customer wrote last.
 */
export function useReplyChannel(
  replyChannels: ReplyChannel[],
  latestCustomerChannelId: number | null,
): ReplyChannelChoice {
  const [pickedId, setPickedId] = useState<number | null>(null);
  const own = replyChannels[0];
  if (!own || replyChannels.length < 2)
    return { offered: [], chosen: null, onOwnChannel: true, choose: setPickedId };
  const find = (id: number | null) => replyChannels.find((c) => c.id === id);
  // A picked channel that is no longer offered (the merge was undone) falls back.
  const chosen = find(pickedId) ?? find(latestCustomerChannelId) ?? own;
  return {
    offered: replyChannels,
    chosen,
    onOwnChannel: chosen.id === own.id,
    choose: setPickedId,
  };
}

/** "Reply via": the channel's name and type, e.g. "Support inbox · Email". */
export function ReplyChannelSelect({
  choice,
  disabled,
  touch,
}: {
  choice: ReplyChannelChoice;
  disabled: boolean;
  touch: boolean;
}) {
  const { token } = theme.useToken();
  if (!choice.chosen) return null;
  return (
    <label style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
      <span style={{ color: token.colorTextSecondary, fontSize: 12 }}>
        <Trans>Reply via</Trans>
      </span>
      <Select<number>
        size={touch ? 'middle' : 'small'}
        aria-label={t`Reply via`}
        value={choice.chosen.id}
        onChange={choice.choose}
        disabled={disabled}
        popupMatchSelectWidth={false}
        options={choice.offered.map((channel) => {
          const type = channelLabel(channel.type);
          return {
            value: channel.id,
            title: `${channel.name} · ${type}`,
            label: (
              <span>
                {channel.name} <span style={{ color: token.colorTextSecondary }}>· {type}</span>
              </span>
            ),
          };
        })}
      />
    </label>
  );
}
