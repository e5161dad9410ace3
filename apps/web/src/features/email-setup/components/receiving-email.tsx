import { Descriptions, Typography } from 'antd';
import { EMAIL_INBOUND_SECRET_HEADER, type EmailSetup } from '@parley/contracts';
import { productName } from '../../../lib/product';
import { CopyableText } from './copyable-text';

/**
 * One address's channel settings: where customers' mail comes in (the address itself through
 * the built-in SMTP server, or a forwarding service posting to the inbound URL), and how replies
 * go out.
 */
export function EmailChannelDetails({ setup }: { setup: EmailSetup }) {
  const address = setup.from_address;
  return (
    <div data-testid={`channel-details-${setup.support_channel_id}`}>
      <Descriptions
        title="Receiving email"
        size="small"
        column={1}
        bordered
        items={[
          {
            key: 'address',
            label: 'Customers write to',
            children: (
              <>
                <CopyableText text={address} label={`Copy ${address}`} />
                <Typography.Text type="secondary">
                  Mail to this address reaches {productName}’s mail server once the MX record of{' '}
                  {setup.domain} points at it.
                </Typography.Text>
              </>
            ),
          },
          {
            key: 'sender-checks',
            label: 'Sender checks',
            children: (
              <Typography.Text type="secondary" data-testid="sender-checks-policy">
                {productName}’s mail server checks each sender (SPF, DKIM, DMARC, ARC). A message
                that fails the DMARC check of its From domain may be forged: it is shown with a
                warning, filed under a separate unverified contact (never the customer who owns the
                address) and never joins a conversation by its subject. Mail posted to the inbound
                URL is taken as checked by the service that forwards it.
              </Typography.Text>
            ),
          },
          ...(setup.inbound_url
            ? [
                {
                  key: 'inbound-url',
                  label: 'Inbound URL',
                  children: (
                    <>
                      <CopyableText text={setup.inbound_url} label="Copy inbound URL" />
                      <Typography.Text type="secondary">
                        For forwarding: a mail relay or forwarding rule posts the raw message (MIME)
                        here, with the secret in the{' '}
                        <Typography.Text code>{EMAIL_INBOUND_SECRET_HEADER}</Typography.Text> header
                        or as <Typography.Text code>?secret=</Typography.Text> in the URL.
                      </Typography.Text>
                    </>
                  ),
                },
              ]
            : []),
          // Answered to owners and admins only.
          ...(setup.inbound_secret
            ? [
                {
                  key: 'inbound-secret',
                  label: 'Inbound secret',
                  children: (
                    <CopyableText text={setup.inbound_secret} label="Copy inbound secret" />
                  ),
                },
              ]
            : []),
        ]}
      />
      <Descriptions
        title="Sending"
        size="small"
        column={1}
        bordered
        style={{ marginTop: 16 }}
        items={[
          {
            key: 'server',
            label: 'Sending server',
            children: setup.smtp
              ? `${setup.smtp.host}:${setup.smtp.port}${setup.smtp.secure ? ' (TLS)' : ''}${
                  setup.smtp.username ? ` as ${setup.smtp.username}` : ''
                }`
              : `${productName}’s mail server`,
          },
          {
            key: 'signature',
            label: 'Signature',
            children: setup.signature ? (
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>
                {setup.signature}
              </Typography.Paragraph>
            ) : (
              <Typography.Text type="secondary">No signature</Typography.Text>
            ),
          },
        ]}
      />
    </div>
  );
}
