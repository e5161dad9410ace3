import { AndroidOutlined, AppleOutlined } from '@ant-design/icons';
import { Button, Modal, Space } from 'antd';
import { ANDROID_APP_URL, IOS_APP_URL, PRODUCT_NAME } from '../shell-config';

/** docs/product/screens.md: the mobile apps modal, with the store links. */
export function MobileAppsModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal title="Get the mobile apps" open={open} onCancel={onClose} footer={null}>
      <p style={{ marginTop: 0 }}>
        Answer your customers on the go: {PRODUCT_NAME} is available for iPhone and Android.
      </p>
      <Space wrap>
        <Button
          icon={<AppleOutlined />}
          href={IOS_APP_URL}
          target="_blank"
          rel="noopener noreferrer"
        >
          Download on the App Store
        </Button>
        <Button
          icon={<AndroidOutlined />}
          href={ANDROID_APP_URL}
          target="_blank"
          rel="noopener noreferrer"
        >
          Get it on Google Play
        </Button>
      </Space>
    </Modal>
  );
}
