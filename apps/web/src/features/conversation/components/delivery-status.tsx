import type { ReactNode } from 'react';
import { Tooltip, theme } from 'antd';
import { t } from '@lingui/core/macro';
import { CheckOutlined, ClockCircleOutlined, ExclamationCircleFilled } from '@ant-design/icons';
import type { Message } from '@parley/contracts';
import styles from './conversation-pane.module.css';

type DeliveryStatus = NonNullable<Message['delivery_status']>;

/** What each delivery status means, for the tick's label and tooltip, in the active language. */
export function deliveryLabel(status: DeliveryStatus): { label: string; help: string } {
  switch (status) {
    case 'queued':
      return { label: t`Queued`, help: t`Waiting to be sent through the channel.` };
    case 'sent':
      return { label: t`Sent`, help: t`Handed to the channel; not yet confirmed as delivered.` };
    case 'delivered':
      return { label: t`Delivered`, help: t`Delivered to the customer's device or mailbox.` };
    case 'read':
      return { label: t`Read`, help: t`The customer has read it.` };
    case 'failed':
      return {
        label: t`Failed`,
        help: t`The channel refused it: the customer did not receive it.`,
      };
  }
}

function Ticks({ count, color }: { count: 1 | 2; color?: string }) {
  return (
    <span aria-hidden style={{ display: 'inline-flex', color }}>
      <CheckOutlined />
      {count === 2 && <CheckOutlined style={{ marginInlineStart: -6 }} />}
    </span>
  );
}

function DeliveryIcon({ status }: { status: DeliveryStatus }): ReactNode {
  const { token } = theme.useToken();
  switch (status) {
    case 'queued':
      return <ClockCircleOutlined aria-hidden />;
    case 'sent':
      return <Ticks count={1} />;
    case 'delivered':
      return <Ticks count={2} />;
    case 'read':
      return <Ticks count={2} color={token.colorPrimary} />;
    case 'failed':
      return <ExclamationCircleFilled aria-hidden style={{ color: token.colorError }} />;
  }
}

/** The tick(s) under an outgoing reply: queued, sent, delivered, read or failed. */
export function DeliveryStatusTick({ status }: { status: DeliveryStatus }) {
  const { label, help } = deliveryLabel(status);
  return (
    <Tooltip title={help}>
      <span role="img" aria-label={label} data-delivery={status} style={{ display: 'inline-flex' }}>
        <DeliveryIcon status={status} />
      </span>
    </Tooltip>
  );
}

/** Why a reply failed, in red and in words a person can act on. */
export function DeliveryFailure({ reason }: { reason: string | null }) {
  const headline = reason ? t`Not delivered: ${reason}` : t`Not delivered.`;
  // The channel's reason may end without a full stop; the sentence after it needs one.
  const fullStop = reason && !/[.!?]$/.test(reason) ? '.' : '';
  return (
    <p className={styles.failed}>
      <strong>{headline}</strong>
      {fullStop} {t`The customer did not receive this reply. Fix the cause, then send it again.`}
    </p>
  );
}
