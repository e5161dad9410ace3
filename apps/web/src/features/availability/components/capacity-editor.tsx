import { useState } from 'react';
import { Button, Flex, InputNumber, Popover, Typography } from 'antd';
import { t } from '@lingui/core/macro';
import { CHANNEL_TYPES, MAX_AGENT_CAPACITY } from '@parley/contracts';
import { asErrorPayload } from '../../../lib/api-error';
import { formatList, formatNumber } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useGetAssignmentSettingsQuery, useSetCapacityMutation } from '../api/availability-api';
import { useAgentAvailability } from '../hooks/use-team-availability';

interface CapacityEditorProps {
  userId: number;
  name: string;
  /** Owners and admins change it; others read it. */
  canEdit: boolean;
  /** A channel type's name, as the app names channel kinds (the conversation feature's labels). */
  channelLabel?: (type: string) => string;
}

const asItIs = (type: string) => type;

/** "Live chat 3, Email 20": the capacities per channel type set, or null when none is. */
function byTypeSummary(
  byType: Record<string, number>,
  channelLabel: (type: string) => string,
): string | null {
  const set = Object.entries(byType);
  if (set.length === 0) return null;
  return formatList(
    set.map(([type, most]) => {
      const label = channelLabel(type);
      const count = formatNumber(most);
      return t`${label} ${count}`;
    }),
  );
}

/**
 * For the team members page: the most conversations a member may have open at once before
 * auto-assignment passes them by, overall and, optionally, per channel type. Empty means no
 * limit; the overall one is saved when the field is left, the per-type ones from their popover.
 */
export function CapacityEditor({
  userId,
  name,
  canEdit,
  channelLabel = asItIs,
}: CapacityEditorProps) {
  const agent = useAgentAvailability(userId);
  const [setCapacity, { isLoading }] = useSetCapacityMutation();
  const [draft, setDraft] = useState<number | null | undefined>(undefined);
  const [typesOpen, setTypesOpen] = useState(false);
  const saved = agent?.capacity ?? null;
  const byType = agent?.capacity_by_channel_type ?? {};
  const summary = byTypeSummary(byType, channelLabel);
  const value = draft === undefined ? saved : draft;

  if (!canEdit)
    return (
      <Flex vertical>
        <Typography.Text type="secondary">
          {saved === null ? t`No limit` : formatNumber(saved)}
        </Typography.Text>
        {summary && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {summary}
          </Typography.Text>
        )}
      </Flex>
    );

  const save = async () => {
    if (draft === undefined || draft === saved) return setDraft(undefined);
    try {
      await setCapacity({ userId, capacity: draft }).unwrap();
      toast.success(t`Capacity saved`);
    } catch (failure) {
      toast.error(t`The capacity could not be saved`, asErrorPayload(failure)?.message);
    }
    setDraft(undefined);
  };

  return (
    <Flex vertical align="start" gap={2}>
      <InputNumber
        aria-label={t`Most open conversations for ${name}`}
        placeholder={t`No limit`}
        min={1}
        max={MAX_AGENT_CAPACITY}
        precision={0}
        disabled={isLoading}
        value={value}
        onChange={(next) => setDraft(typeof next === 'number' ? next : null)}
        onBlur={() => void save()}
        onPressEnter={() => void save()}
        style={{ width: 120 }}
      />
      <Popover
        trigger="click"
        open={typesOpen}
        onOpenChange={setTypesOpen}
        title={t`Per channel type`}
        content={
          typesOpen ? (
            <TypeCapacities
              userId={userId}
              name={name}
              capacity={saved}
              saved={byType}
              channelLabel={channelLabel}
              onDone={() => setTypesOpen(false)}
            />
          ) : null
        }
      >
        <Button
          type="link"
          size="small"
          style={{ paddingInline: 0 }}
          aria-label={t`Capacity per channel type for ${name}`}
        >
          {summary ?? t`Per channel type`}
        </Button>
      </Popover>
    </Flex>
  );
}

interface TypeCapacitiesProps {
  userId: number;
  name: string;
  /** The overall capacity, sent again unchanged. */
  capacity: number | null;
  saved: Record<string, number>;
  channelLabel: (type: string) => string;
  onDone: () => void;
}

/** One field per channel type the workspace has (and any type already set); empty = no limit. */
function TypeCapacities({
  userId,
  name,
  capacity,
  saved,
  channelLabel,
  onDone,
}: TypeCapacitiesProps) {
  const { data } = useGetAssignmentSettingsQuery();
  const [setCapacity, { isLoading }] = useSetCapacityMutation();
  const [draft, setDraft] = useState<Record<string, number | null>>(saved);
  const known = new Set<string>(CHANNEL_TYPES);
  const types = [
    ...new Set([...(data?.channels ?? []).map((c) => c.type), ...Object.keys(saved)]),
  ].filter((type) => known.has(type));

  const save = async () => {
    const set = Object.fromEntries(
      Object.entries(draft).filter((entry): entry is [string, number] => entry[1] !== null),
    );
    try {
      await setCapacity({ userId, capacity, capacity_by_channel_type: set }).unwrap();
      toast.success(t`Capacity saved`);
      onDone();
    } catch (failure) {
      toast.error(t`The capacity could not be saved`, asErrorPayload(failure)?.message);
    }
  };

  return (
    <Flex vertical gap={8} style={{ maxWidth: 300 }}>
      <Typography.Text type="secondary">
        {t`Most open conversations on channels of each type, beside the overall capacity. Empty means no limit of its own.`}
      </Typography.Text>
      {types.length === 0 && (
        <Typography.Text type="secondary">{t`No support channels yet.`}</Typography.Text>
      )}
      {types.map((type) => {
        // Two types may read alike (live_chat, widget_livechat): the type then tells them apart.
        const alike = types.some(
          (other) => other !== type && channelLabel(other) === channelLabel(type),
        );
        const label = alike ? `${channelLabel(type)} (${type})` : channelLabel(type);
        return (
          <Flex key={type} align="center" justify="space-between" gap={12}>
            <span>{label}</span>
            <InputNumber
              aria-label={t`Most open ${label} conversations for ${name}`}
              placeholder={t`No limit`}
              min={1}
              max={MAX_AGENT_CAPACITY}
              precision={0}
              value={draft[type] ?? null}
              onChange={(next) =>
                setDraft((d) => ({ ...d, [type]: typeof next === 'number' ? next : null }))
              }
              style={{ width: 110 }}
            />
          </Flex>
        );
      })}
      <Flex justify="end" gap={8}>
        <Button onClick={onDone}>{t`Cancel`}</Button>
        <Button type="primary" loading={isLoading} onClick={() => void save()}>
          {t`Save`}
        </Button>
      </Flex>
    </Flex>
  );
}
