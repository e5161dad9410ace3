import { useState, type ReactNode } from 'react';
import { Select } from 'antd';
import { t } from '@lingui/core/macro';
import { useGetTeamMembersQuery } from '../../team-members';
import { AvailabilityDot } from './availability-dot';

interface ChannelAgentsSelectProps {
  channelName: string;
  /** The agents the channel hands conversations to; empty = every member. */
  agentIds: number[];
  disabled?: boolean;
  onSave: (agentIds: number[]) => Promise<void>;
}

const sameIds = (a: number[], b: number[]) =>
  a.length === b.length &&
  [...a].sort((x, y) => x - y).join() === [...b].sort((x, y) => x - y).join();

/** An agent to choose, with who is at work beside the name (docs/product/assignment.md). */
function agentOption(option: { value?: unknown; label?: ReactNode }) {
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
      <AvailabilityDot userId={Number(option.value)} />
      <bdi>{option.label}</bdi>
    </span>
  );
}

/**
 * Settings → Auto-assignment, a support channel's row: the members its rule hands conversations
 * to, each with who is at work beside the name; none chosen reads "Every member". Saved when the
 * field is left (docs/product/assignment.md).
 */
export function ChannelAgentsSelect({
  channelName,
  agentIds,
  disabled = false,
  onSave,
}: ChannelAgentsSelectProps) {
  const { data, isLoading } = useGetTeamMembersQuery();
  const [draft, setDraft] = useState<number[] | null>(null);
  const value = draft ?? agentIds;

  const save = async () => {
    if (draft === null) return;
    if (!sameIds(draft, agentIds)) await onSave(draft);
    setDraft(null);
  };

  return (
    <Select<number[]>
      mode="multiple"
      aria-label={t`Agents who get ${channelName}’s conversations`}
      placeholder={t`Every member`}
      style={{ width: '100%', minWidth: 200 }}
      loading={isLoading}
      disabled={disabled}
      value={value}
      maxTagCount="responsive"
      showSearch={{ optionFilterProp: 'label' }}
      onChange={(ids) => setDraft(ids)}
      onBlur={() => void save()}
      optionRender={agentOption}
      options={(data?.members ?? []).map((m) => ({ value: m.id, label: m.name }))}
    />
  );
}
