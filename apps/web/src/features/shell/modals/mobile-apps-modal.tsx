import { AndroidOutlined, AppleOutlined } from '@ant-design/icons';
import { Button, Modal, Space } from 'antd';
import { ANDROID_APP_URL, IOS_APP_URL, PRODUCT_NAME } from '../shell-config';
import { t } from '@lingui/core/macro';

/** docs/product/screens.md: the mobile apps modal, with the store links. */
export function MobileAppsModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal title={t`Get the mobile apps`} open={open} onCancel={onClose} footer={null}>
      <p style={{ marginTop: 0 }}>
        {t`Answer your customers on the go: ${PRODUCT_NAME} is available for iPhone and Android.`}
      </p>
      <Space wrap>
        <Button
          icon={<AppleOutlined />}
          href={IOS_APP_URL}
          target="_blank"
          rel="noopener noreferrer"
        >
          {t`Download on the App Store`}
        </Button>
        <Button
          icon={<AndroidOutlined />}
          href={ANDROID_APP_URL}
          target="_blank"
          rel="noopener noreferrer"
        >
          {t`Get it on Google Play`}
        </Button>
      </Space>
    </Modal>
  );
}
