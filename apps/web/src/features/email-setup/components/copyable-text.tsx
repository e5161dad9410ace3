import { Button, Flex, Typography } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { t } from '@lingui/core/macro';
import { toast } from '../../../lib/toast';

/** docs/product/errors.md: a copy gives the 'Copied to Clipboard' toast. */
async function copy(text: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(t`Copied to Clipboard`);
  } catch {
    toast.error(t`Could not copy`, t`Select the text and copy it by hand.`);
  }
}

/** A value to paste elsewhere (a DNS record, an inbound URL), with a copy button named `label`. */
export function CopyableText({ text, label }: { text: string; label: string }) {
  return (
    <Flex gap={4} align="flex-start">
      <Typography.Text code style={{ wordBreak: 'break-all', flex: 1 }}>
        {text}
      </Typography.Text>
      <Button
        size="small"
        type="text"
        icon={<CopyOutlined />}
        aria-label={label}
        onClick={() => void copy(text)}
      />
    </Flex>
  );
}
