import { Alert, Button, Flex, Input, Typography } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { t } from '@lingui/core/macro';
import { toast } from '../../../lib/toast';

/** A secret the server shows only once, with a copy button and a warning to keep it. */
export function SecretOnce({ label, value }: { label: string; value: string }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      toast.success(t`Copied to Clipboard`);
    } catch {
      toast.error(t`Could not copy`, t`Select the text and copy it by hand.`);
    }
  };
  return (
    <div>
      <Typography.Text strong>{label}</Typography.Text>
      <Flex gap={8} style={{ marginTop: 4 }}>
        <Input readOnly value={value} aria-label={label} style={{ fontFamily: 'monospace' }} />
        <Button icon={<CopyOutlined />} onClick={() => void copy()} aria-label={t`Copy ${label}`} />
      </Flex>
      <Alert
        type="warning"
        showIcon
        style={{ marginTop: 8 }}
        title={t`Store it now: it will not be shown again.`}
      />
    </div>
  );
}
