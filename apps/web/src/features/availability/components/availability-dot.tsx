import { theme } from 'antd';
import type { AvailabilityStatus } from '@parley/contracts';
import { statusLabel } from '../availability-labels';
import { useAgentAvailability } from '../hooks/use-team-availability';

interface AvailabilityDotProps {
  /** Whose availability; the dot reads it from the shared availability list. */
  userId?: number | null | undefined;
  /** A known status instead (the switcher's own choices). */
  status?: AvailabilityStatus | undefined;
  size?: number;
}

/** The colour of each status, from the theme. */
export function useStatusColor() {
  const { token } = theme.useToken();
  return (status: AvailabilityStatus) =>
    status === 'online'
      ? token.colorSuccess
      : status === 'away'
        ? token.colorWarning
        : token.colorTextQuaternary;
}

/** A small dot beside an agent's name: green online, amber away, grey offline. */
export function AvailabilityDot({ userId, status, size = 8 }: AvailabilityDotProps) {
  const known = useAgentAvailability(status ? null : userId);
  const colorOf = useStatusColor();
  const shown = status ?? known?.status;
  if (!shown) return null;
  const label = statusLabel(shown);
  return (
    <span
      role="img"
      aria-label={label}
      title={label}
      data-status={shown}
      style={{
        display: 'inline-block',
        flex: 'none',
        width: size,
        height: size,
        borderRadius: '50%',
        background: colorOf(shown),
        verticalAlign: 'middle',
      }}
    />
  );
}
