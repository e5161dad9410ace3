import { Alert, Button, Card, Flex, Input, Popconfirm, theme, Typography } from 'antd';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { CopyOutlined, SyncOutlined } from '@ant-design/icons';
import type { WidgetSettings } from '@parley/contracts';
import { asErrorPayload, genericErrorMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { useUpdateWidgetSettingsMutation } from '../api/widget-settings-api';
import { copiedMessage } from './installation-snippet';

export const secretRotatedMessage = () => t`Identity secret rotated`;

/** Code, the same in every language. */
const IDENTIFY_CALL = 'Parley.identify()';
const HASH_FIELD = 'hash';
const HMAC_EXAMPLE = "hash = crypto.createHmac('sha256', SECRET).update(customerId).digest('hex')";

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
  const { token } = theme.useToken();
  const [update, { isLoading: rotating }] = useUpdateWidgetSettingsMutation();
  const secret = settings.identity_secret;

  const copy = async () => {
    if (!secret) return;
    try {
      await navigator.clipboard.writeText(secret);
      toast.success(copiedMessage());
    } catch {
      toast.error(t`Could not copy`, t`Show the secret and copy it by hand.`);
    }
  };
  const rotate = async () => {
    try {
      await update({
        brandId: settings.store?.id,
        body: { rotate_identity_secret: true },
      }).unwrap();
      toast.success(secretRotatedMessage());
    } catch (failure) {
      toast.error(
        t`The secret was not rotated`,
        asErrorPayload(failure)?.message ?? genericErrorMessage(),
      );
    }
  };
  const identifyCall = IDENTIFY_CALL;
  const hashField = HASH_FIELD;

  return (
    <Card title={t`Identity verification`} variant="borderless">
      <Typography.Paragraph type="secondary">
        <Trans>
          When your store calls <Typography.Text code>{identifyCall}</Typography.Text> for a
          signed-in customer, send <Typography.Text code>{hashField}</Typography.Text>: the hex
          HMAC-SHA256 of the customer&apos;s id under this secret, computed on your server (never in
          the page). Their conversations then follow them from one device to another.
        </Trans>
      </Typography.Paragraph>
      {!canManage ? (
        <Alert
          type="info"
          showIcon
          title={t`Only owners and admins can see the identity secret.`}
        />
      ) : !secret ? (
        <Alert
          type="info"
          showIcon
          title={t`The secret is made when this store's widget is first saved.`}
        />
      ) : (
        <>
          <Flex gap={token.marginXS} align="center" wrap>
            <Input.Password
              readOnly
              value={secret}
              aria-label={t`Identity secret`}
              dir="ltr"
              style={{ fontFamily: token.fontFamilyCode, flex: '1 1 260px' }}
            />
            <Button icon={<CopyOutlined />} onClick={() => void copy()}>
              <Trans>Copy secret</Trans>
            </Button>
            <Popconfirm
              title={t`Rotate the identity secret?`}
              description={t`Hashes made with the current secret stop working at once: update your store's server first.`}
              okText={t`Rotate`}
              cancelText={t`Cancel`}
              onConfirm={() => rotate()}
            >
              <Button danger icon={<SyncOutlined />} loading={rotating}>
                <Trans>Rotate secret</Trans>
              </Button>
            </Popconfirm>
          </Flex>
          <pre
            aria-label={t`Example`}
            dir="ltr"
            style={{
              marginTop: token.marginSM,
              padding: token.paddingSM,
              borderRadius: token.borderRadius,
              background: token.colorFillQuaternary,
              border: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
              fontSize: token.fontSizeSM,
              whiteSpace: 'pre-wrap',
            }}
          >
            {HMAC_EXAMPLE}
          </pre>
        </>
      )}
    </Card>
  );
}
