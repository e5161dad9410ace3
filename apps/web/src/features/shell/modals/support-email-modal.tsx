import { CopyOutlined, MailOutlined } from '@ant-design/icons';
import { Button, Modal, Space } from 'antd';
import { toast } from '../../../lib/toast';
import { SUPPORT_EMAIL } from '../shell-config';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';

export const copiedText = () => t`Copied to Clipboard`;

/** docs/product/screens.md: the support email contact modal. */
export function SupportEmailModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(SUPPORT_EMAIL);
      toast.success(copiedText());
    } catch {
      toast.error(t`The address could not be copied. Please select it and copy it yourself.`);
    }
  };
  return (
    <Modal title={t`Contact support`} open={open} onCancel={onClose} footer={null}>
      <p style={{ marginTop: 0 }}>
        <Trans>
          Write to us at <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> and our team will
          get back to you.
        </Trans>
      </p>
      <Space>
        <Button type="primary" icon={<MailOutlined />} href={`mailto:${SUPPORT_EMAIL}`}>
          {t`Write an email`}
        </Button>
        <Button icon={<CopyOutlined />} onClick={() => void copy()}>
          {t`Copy address`}
        </Button>
      </Space>
    </Modal>
  );
}
