import { useState } from 'react';
import { FacebookFilled } from '@ant-design/icons';
import { Modal } from 'antd';
import { useNavigate } from 'react-router';
import { REALTIME_EVENTS, reauthAlertChannel } from '@parley/contracts';
import { currentAccountId } from '../../../lib/session';
import { useChannelEvent } from '../../realtime/hooks/use-realtime';
import { PRODUCT_NAME, SHELL_ROUTES } from '../shell-config';

/**
 * Spec §4/§7: opens when `re-authentication-alert-for-ctwa` arrives on the account's
 * `private-re-authentication-alert-{id}` channel; Cancel closes it, the action leads to the
 * Facebook reconnect page.
 */
export function ReauthFacebookModal() {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const accountId = currentAccountId();
  useChannelEvent(
    accountId === null ? null : reauthAlertChannel(accountId),
    REALTIME_EVENTS.reauthAlert,
    () => setOpen(true),
  );

  return (
    <Modal
      title={
        <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
          <FacebookFilled style={{ color: '#1877f2' }} aria-hidden />
          Re-authorize Facebook
        </span>
      }
      open={open}
      onCancel={() => setOpen(false)}
      cancelText="Cancel"
      okText="Re-authorize"
      onOk={() => {
        setOpen(false);
        navigate(SHELL_ROUTES.reconnectFacebook);
      }}
    >
      <p style={{ marginTop: 0 }}>
        Facebook needs you to sign in again so that {PRODUCT_NAME} keeps receiving your Facebook,
        Instagram and click-to-WhatsApp ad conversations. Reconnect your account to continue.
      </p>
    </Modal>
  );
}
