import { Alert, Button, Flex, Input, Typography } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { toast } from '../../../lib/toast';

/** A secret the server shows only once, with a copy button and a warning to keep it. */
export function SecretOnce({ label, value }: { label: string; value: string }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      toast.success('Copied to Clipboard');
    } catch {
      toast.error('Could not copy', 'Select the text and copy it by hand.');
    }
  };
  return (
    <div>
      <Typography.Text strong>{label}</Typography.Text>
      <Flex gap={8} style={{ marginTop: 4 }}>
        <Input readOnly value={value} aria-label={label} style={{ fontFamily: 'monospace' }} />
        <Button icon={<CopyOutlined />} onClick={() => void copy()} aria-label={`Copy ${label}`} />
      </Flex>
      <Alert
        type="warning"
        showIcon
        style={{ marginTop: 8 }}
        title="Store it now: it will not be shown again."
      />
    </div>
  );
}
