import type { ReactNode } from 'react';
import { Tooltip } from 'antd';
import { CheckOutlined, ClockCircleOutlined, ExclamationCircleFilled } from '@ant-design/icons';
import type { Message } from '@parley/contracts';
import styles from './conversation-pane.module.css';

type DeliveryStatus = NonNullable<Message['delivery_status']>;

/** What each delivery status means, for the tick's label and tooltip. */
export const DELIVERY_LABELS: Record<DeliveryStatus, { label: string; help: string }> = {
  queued: { label: 'Queued', help: 'Waiting to be sent through the channel.' },
  sent: { label: 'Sent', help: 'Handed to the channel; not yet confirmed as delivered.' },
  delivered: { label: 'Delivered', help: "Delivered to the customer's device or mailbox." },
  read: { label: 'Read', help: 'The customer has read it.' },
  failed: { label: 'Failed', help: 'The channel refused it: the customer did not receive it.' },
};

function Ticks({ count, color }: { count: 1 | 2; color?: string }) {
  return (
    <span aria-hidden style={{ display: 'inline-flex', color }}>
      <CheckOutlined />
      {count === 2 && <CheckOutlined style={{ marginLeft: -6 }} />}
    </span>
  );
}

const ICONS: Record<DeliveryStatus, ReactNode> = {
  queued: <ClockCircleOutlined aria-hidden />,
  sent: <Ticks count={1} />,
  delivered: <Ticks count={2} />,
  read: <Ticks count={2} color="#2f5bea" />,
  failed: <ExclamationCircleFilled aria-hidden style={{ color: '#cf1322' }} />,
};

/** The tick(s) under an outgoing reply: queued, sent, delivered, read or failed. */
export function DeliveryStatusTick({ status }: { status: DeliveryStatus }) {
  const { label, help } = DELIVERY_LABELS[status];
  return (
    <Tooltip title={help}>
      <span role="img" aria-label={label} data-delivery={status} style={{ display: 'inline-flex' }}>
        {ICONS[status]}
      </span>
    </Tooltip>
  );
}

/** Why a reply failed, in red and in words a person can act on. */
export function DeliveryFailure({ reason }: { reason: string | null }) {
  return (
    <p className={styles.failed}>
      <strong>Not delivered{reason ? `: ${reason}` : '.'}</strong>
      {reason && !/[.!?]$/.test(reason) ? '.' : ''} The customer did not receive this reply. Fix the
      cause, then send it again.
    </p>
  );
}
