import { useState } from 'react';
import { InputNumber, Typography } from 'antd';
import { t } from '@lingui/core/macro';
import { MAX_AGENT_CAPACITY } from '@parley/contracts';
import { asErrorPayload } from '../../../lib/api-error';
import { formatNumber } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useSetCapacityMutation } from '../api/availability-api';
import { useAgentAvailability } from '../hooks/use-team-availability';

interface CapacityEditorProps {
  userId: number;
  name: string;
  /** Owners and admins change it; others read it. */
  canEdit: boolean;
}

/**
 * For the team members page: the most conversations a member may have open at once before
 * auto-assignment passes them by. Empty means no limit; saved when the field is left.
 */
export function CapacityEditor({ userId, name, canEdit }: CapacityEditorProps) {
  const agent = useAgentAvailability(userId);
  const [setCapacity, { isLoading }] = useSetCapacityMutation();
  const [draft, setDraft] = useState<number | null | undefined>(undefined);
  const saved = agent?.capacity ?? null;
  const value = draft === undefined ? saved : draft;

  if (!canEdit)
    return (
      <Typography.Text type="secondary">
        {saved === null ? t`No limit` : formatNumber(saved)}
      </Typography.Text>
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
  );
}
