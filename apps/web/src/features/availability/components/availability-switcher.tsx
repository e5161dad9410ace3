import { Flex, Radio, Typography } from 'antd';
import { t } from '@lingui/core/macro';
import { AVAILABILITY_STATUSES, type AvailabilityStatus } from '@parley/contracts';
import { useAppSelector } from '../../../app/hooks';
import { asErrorPayload } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { useSetMyAvailabilityMutation } from '../api/availability-api';
import { statusHint, statusLabel } from '../availability-labels';
import { useAgentAvailability } from '../hooks/use-team-availability';
import { AvailabilityDot } from './availability-dot';

/** Why the status others see is not the one chosen. */
function differenceNote(chosen: AvailabilityStatus, shown: AvailabilityStatus) {
  if (chosen === shown) return null;
  if (shown === 'away') return t`Shown as away: no activity for a while.`;
  if (shown === 'offline') return t`Shown as offline: this app is not connected.`;
  return null;
}

/** For the user menu: the person sets themselves online, away or offline. */
export function AvailabilitySwitcher() {
  const me = useAppSelector((state) => state.auth.me);
  const mine = useAgentAvailability(me?.id);
  const [setAvailability, { isLoading }] = useSetMyAvailabilityMutation();
  const chosen = mine?.chosen ?? 'online';
  const note = mine ? differenceNote(mine.chosen, mine.status) : null;

  const choose = async (status: AvailabilityStatus) => {
    try {
      await setAvailability(status).unwrap();
    } catch (failure) {
      toast.error(t`Your availability could not be changed`, asErrorPayload(failure)?.message);
    }
  };

  return (
    <Flex vertical gap={4} onClick={(e) => e.stopPropagation()}>
      <Typography.Text type="secondary" id="availability-switcher-label">
        {t`Your availability`}
      </Typography.Text>
      <Radio.Group
        aria-labelledby="availability-switcher-label"
        optionType="button"
        size="small"
        disabled={isLoading}
        value={chosen}
        onChange={(e) => void choose(e.target.value as AvailabilityStatus)}
        options={AVAILABILITY_STATUSES.map((status) => ({
          value: status,
          title: statusHint(status),
          label: (
            <Flex align="center" gap={6}>
              <AvailabilityDot status={status} />
              {statusLabel(status)}
            </Flex>
          ),
        }))}
      />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {note ?? statusHint(chosen)}
      </Typography.Text>
    </Flex>
  );
}
