import { Alert, Button, Card, Flex, Input, Popconfirm, Typography } from 'antd';
import { CopyOutlined, SyncOutlined } from '@ant-design/icons';
import type { WidgetSettings } from '@parley/contracts';
import { asErrorPayload, GENERIC_ERROR_MESSAGE } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { useUpdateWidgetSettingsMutation } from '../api/widget-settings-api';
import { COPIED_MESSAGE } from './installation-snippet';

export const SECRET_ROTATED_MESSAGE = 'Identity secret rotated';

/**
 * The secret a store signs `Parley.identify()` with (HMAC identity, so a signed-in
 * customer's history follows them). Owners and admins see it, copy it and rotate it.
 */
export function IdentitySecretCard({
  settings,
  canManage,
}: {
  settings: WidgetSettings;
  canManage: boolean;
}) {
  const [update, { isLoading: rotating }] = useUpdateWidgetSettingsMutation();
  const secret = settings.identity_secret;

  const copy = async () => {
    if (!secret) return;
    try {
      await navigator.clipboard.writeText(secret);
      toast.success(COPIED_MESSAGE);
    } catch {
      toast.error('Could not copy', 'Show the secret and copy it by hand.');
    }
  };
  const rotate = async () => {
    try {
      await update({
        brandId: settings.store?.id,
        body: { rotate_identity_secret: true },
      }).unwrap();
      toast.success(SECRET_ROTATED_MESSAGE);
    } catch (failure) {
      toast.error(
        'The secret was not rotated',
        asErrorPayload(failure)?.message ?? GENERIC_ERROR_MESSAGE,
      );
    }
  };

  return (
    <Card title="Identity verification" variant="borderless">
      <Typography.Paragraph type="secondary">
        When your store calls <Typography.Text code>Parley.identify()</Typography.Text> for a
        signed-in customer, send <Typography.Text code>hash</Typography.Text>: the hex HMAC-SHA256
        of the customer&apos;s id under this secret, computed on your server (never in the page).
        Their conversations then follow them from one device to another.
      </Typography.Paragraph>
      {!canManage ? (
        <Alert type="info" showIcon title="Only owners and admins can see the identity secret." />
      ) : !secret ? (
        <Alert
          type="info"
          showIcon
          title="The secret is made when this store's widget is first saved."
        />
      ) : (
        <>
          <Flex gap={8} align="center" wrap>
            <Input.Password
              readOnly
              value={secret}
              aria-label="Identity secret"
              style={{ fontFamily: 'monospace', flex: '1 1 260px' }}
            />
            <Button icon={<CopyOutlined />} onClick={() => void copy()}>
              Copy secret
            </Button>
            <Popconfirm
              title="Rotate the identity secret?"
              description="Hashes made with the current secret stop working at once: update your store's server first."
              okText="Rotate"
              cancelText="Cancel"
              onConfirm={() => rotate()}
            >
              <Button danger icon={<SyncOutlined />} loading={rotating}>
                Rotate secret
              </Button>
            </Popconfirm>
          </Flex>
          <pre
            aria-label="Example"
            style={{
              marginTop: 12,
              padding: 12,
              borderRadius: 8,
              background: '#f6f7f9',
              border: '1px solid #e4e7ec',
              fontSize: 12,
              whiteSpace: 'pre-wrap',
            }}
          >
            {"hash = crypto.createHmac('sha256', SECRET).update(customerId).digest('hex')"}
          </pre>
        </>
      )}
    </Card>
  );
}
