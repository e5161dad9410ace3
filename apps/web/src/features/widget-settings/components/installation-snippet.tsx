import { Alert, Button, Card, Flex, Typography } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { toast } from '../../../lib/toast';

/** Success toast (docs/product/errors.md), verbatim. */
export const COPIED_MESSAGE = 'Copied to Clipboard';

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
  const copy = async () => {
    if (!snippet) return;
    try {
      await navigator.clipboard.writeText(snippet);
      toast.success(COPIED_MESSAGE);
    } catch {
      toast.error('Could not copy', 'Select the snippet and copy it by hand.');
    }
  };
  return (
    <Card title="Installation snippet" variant="borderless">
      {snippet ? (
        <>
          <Typography.Paragraph type="secondary">
            Paste this tag just before <Typography.Text code>{'</body>'}</Typography.Text> in your
            store&apos;s theme (in Shopify: Online Store → Themes → Edit code →{' '}
            <Typography.Text code>theme.liquid</Typography.Text>). The widget then reads the
            settings above; saved changes reach your store within a minute.
          </Typography.Paragraph>
          <Flex gap={8} align="flex-start">
            <pre
              aria-label="Installation snippet"
              style={{
                flex: 1,
                margin: 0,
                padding: 12,
                borderRadius: 8,
                background: '#f6f7f9',
                border: '1px solid #e4e7ec',
                fontSize: 12,
                whiteSpace: 'pre-wrap',
                wordBreak: 'break-all',
              }}
            >
              {snippet}
            </pre>
            <Button icon={<CopyOutlined />} onClick={() => void copy()}>
              Copy snippet
            </Button>
          </Flex>
          {shop && (
            <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
              Try it first on{' '}
              <a
                href={`/widget-demo?${new URLSearchParams({ shop })}`}
                target="_blank"
                rel="noreferrer"
              >
                the demonstration store page
              </a>
              .
            </Typography.Paragraph>
          )}
        </>
      ) : (
        <Alert
          type="info"
          showIcon
          title={`${storeName} has no Shopify domain, so the widget cannot be installed on it yet.`}
        />
      )}
    </Card>
  );
}
