import { Modal } from 'antd';
import { useNavigate } from 'react-router';
import { useAppDispatch } from '../../../app/hooks';
import { clearDmarcFlagLocally } from '../api/shell-api';
import { SHELL_ROUTES } from '../shell-config';
import { t } from '@lingui/core/macro';

/**
 * docs/product/states.md: shows while Me says dmarc_verification_required; closing it clears that flag locally
 * (until Me is fetched again). The action leads to /settings/dnsrecords.
 */
export function DmarcModal({ open }: { open: boolean }) {
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const clear = () => dispatch(clearDmarcFlagLocally());
  return (
    <Modal
      title={t`Verify your email domain`}
      open={open}
      onCancel={clear}
      cancelText={t`Later`}
      okText={t`Verify DMARC`}
      onOk={() => {
        clear();
        navigate(SHELL_ROUTES.dnsRecords);
      }}
    >
      <p style={{ marginTop: 0 }}>
        {t`Mailbox providers now require a DMARC record for the domain you send support email from. Add it to your DNS so that your replies keep reaching your customers’ inboxes.`}
      </p>
    </Modal>
  );
}
