import { ExclamationCircleFilled } from '@ant-design/icons';
import { Modal, theme } from 'antd';
import { useNavigate } from 'react-router';
import { PAYMENT_GRACE_DAYS } from '@parley/contracts';
import { PRODUCT_NAME, SHELL_ROUTES } from '../shell-config';
import { t } from '@lingui/core/macro';

export const paymentModalTitle = () => t`Your payment is overdue`;

/**
 * docs/product/states.md: the blocking payment modal (shown when the payment banner is shown and the failure or
 * the action-required age is 14 days or more). Blocking — a mask the page cannot be used
 * through — but dismissible with its close button. The shell decides where it may show and
 * remembers a dismissal for the session (modals/payment-modal-dismissal.ts).
 */
export function PaymentFailureModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const { token } = theme.useToken();
  return (
    <Modal
      title={
        <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
          <ExclamationCircleFilled style={{ color: token.colorError }} aria-hidden />
          {paymentModalTitle()}
        </span>
      }
      open={open}
      onCancel={onClose}
      mask={{ closable: false }}
      keyboard={false}
      cancelText={t`Dismiss`}
      okText={t`Update payment method`}
      onOk={() => {
        onClose();
        navigate(SHELL_ROUTES.pricing);
      }}
    >
      <p style={{ marginTop: 0 }}>
        {t`More than ${PAYMENT_GRACE_DAYS} days have passed since we could not charge your payment method. Update it on the billing page to keep using ${PRODUCT_NAME} without interruption.`}
      </p>
    </Modal>
  );
}
