import { FacebookFilled } from '@ant-design/icons';
import { Modal } from 'antd';
import { useNavigate } from 'react-router';
import { PRODUCT_NAME, SHELL_ROUTES } from '../shell-config';
import { t } from '@lingui/core/macro';

/**
 * docs/product/states.md, docs/product/api.md: opens when `re-authentication-alert-for-ctwa` arrives on the account's
 * `private-re-authentication-alert-{id}` channel (the shell listens, useReauthAlert); Cancel
 * closes it, the action leads to the Facebook reconnect page.
 */
export function ReauthFacebookModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const navigate = useNavigate();

  return (
    <Modal
      title={
        <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
          {/* theme-ignore-next-line: Facebook's own brand colour */}
          <FacebookFilled style={{ color: '#1877f2' }} aria-hidden />
          {t`Re-authorize Facebook`}
        </span>
      }
      open={open}
      onCancel={onClose}
      cancelText={t`Cancel`}
      okText={t`Re-authorize`}
      onOk={() => {
        onClose();
        navigate(SHELL_ROUTES.reconnectFacebook);
      }}
    >
      <p style={{ marginTop: 0 }}>
        {t`Facebook needs you to sign in again so that ${PRODUCT_NAME} keeps receiving your Facebook, Instagram and click-to-WhatsApp ad conversations. Reconnect your account to continue.`}
      </p>
    </Modal>
  );
}
