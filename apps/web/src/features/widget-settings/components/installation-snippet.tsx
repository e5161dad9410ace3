import { Alert, Button, Card, Flex, theme, Typography } from 'antd';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { CopyOutlined } from '@ant-design/icons';
import { toast } from '../../../lib/toast';

/** Success toast (docs/product/errors.md), verbatim in English. */
export const copiedMessage = () => t`Copied to Clipboard`;

/** Code and file names, the same in every language. */
const BODY_END_TAG = '</body>';
const THEME_FILE = 'theme.liquid';

/** The tag a store pastes into its pages, with a copy button. */
export function InstallationSnippet({
  snippet,
  storeName,
  shop,
}: {
  snippet: string | null;
  storeName: string;
  /** The store's domain: the widget can be tried on /widget-demo?shop=…. */
  shop: string | null;
}) {
  const { token } = theme.useToken();
  const copy = async () => {
    if (!snippet) return;
    try {
      await navigator.clipboard.writeText(snippet);
      toast.success(copiedMessage());
    } catch {
      toast.error(t`Could not copy`, t`Select the snippet and copy it by hand.`);
    }
  };
  const bodyEndTag = BODY_END_TAG;
  const themeFile = THEME_FILE;
  return (
    <Card title={t`Installation snippet`} variant="borderless">
      {snippet ? (
        <>
          <Typography.Paragraph type="secondary">
            <Trans>
              Paste this tag just before <Typography.Text code>{bodyEndTag}</Typography.Text> in
              your store&apos;s theme (in Shopify: Online Store → Themes → Edit code →{' '}
              <Typography.Text code>{themeFile}</Typography.Text>). The widget then reads the
              settings above; saved changes reach your store within a minute.
            </Trans>
          </Typography.Paragraph>
          <Flex gap={token.marginXS} align="flex-start">
            <pre
              aria-label={t`Installation snippet`}
              dir="ltr"
              style={{
                flex: 1,
                margin: 0,
                padding: token.paddingSM,
                borderRadius: token.borderRadius,
                background: token.colorFillQuaternary,
                border: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
                fontSize: token.fontSizeSM,
                whiteSpace: 'pre-wrap',
                wordBreak: 'break-all',
              }}
            >
              {snippet}
            </pre>
            <Button icon={<CopyOutlined />} onClick={() => void copy()}>
              <Trans>Copy snippet</Trans>
            </Button>
          </Flex>
          {shop && (
            <Typography.Paragraph
              type="secondary"
              style={{ marginTop: token.marginSM, marginBottom: 0 }}
            >
              <Trans>
                Try it first on{' '}
                <a
                  href={`/widget-demo?${new URLSearchParams({ shop })}`}
                  target="_blank"
                  rel="noreferrer"
                >
                  the demonstration store page
                </a>
                .
              </Trans>
            </Typography.Paragraph>
          )}
        </>
      ) : (
        <Alert
          type="info"
          showIcon
          title={t`${storeName} has no Shopify domain, so the widget cannot be installed on it yet.`}
        />
      )}
    </Card>
  );
}
