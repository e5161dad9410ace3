import { Descriptions, Typography } from 'antd';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { EMAIL_INBOUND_SECRET_HEADER, type EmailSetup } from '@parley/contracts';
import { productName } from '../../../lib/product';
import { CopyableText } from './copyable-text';

const secretHeader = EMAIL_INBOUND_SECRET_HEADER;
const secretParameter = '?secret=';

/** The channel's own SMTP server in words: host and port, TLS, and whom it signs in as. */
function ownServer(smtp: NonNullable<EmailSetup['smtp']>): string {
  const server = `${smtp.host}:${smtp.port}`;
  const username = smtp.username;
  if (username)
    return smtp.secure ? t`${server} (TLS) as ${username}` : t`${server} as ${username}`;
  return smtp.secure ? t`${server} (TLS)` : server;
}

/**
 * One address's channel settings: where customers' mail comes in (the address itself through
 * the built-in SMTP server, or a forwarding service posting to the inbound URL), and how replies
 * go out.
 */
export function EmailChannelDetails({ setup }: { setup: EmailSetup }) {
  const address = setup.from_address;
  const domain = setup.domain;
  const smtp = setup.smtp;
  return (
    <div data-testid={`channel-details-${setup.support_channel_id}`}>
      <Descriptions
        title={t`Receiving email`}
        size="small"
        column={1}
        bordered
        items={[
          {
            key: 'address',
            label: t`Customers write to`,
            children: (
              <>
                <CopyableText text={address} label={t`Copy ${address}`} />
                <Typography.Text type="secondary">
                  <Trans>
                    Mail to this address reaches {productName}’s mail server once the MX record of{' '}
                    {domain} points at it.
                  </Trans>
                </Typography.Text>
              </>
            ),
          },
          {
            key: 'sender-checks',
            label: t`Sender checks`,
            children: (
              <Typography.Text type="secondary" data-testid="sender-checks-policy">
                <Trans>
                  {productName}’s mail server checks each sender (SPF, DKIM, DMARC, ARC). A message
                  that fails the DMARC check of its From domain may be forged: it is shown with a
                  warning, filed under a separate unverified contact (never the customer who owns
                  the address) and never joins a conversation by its subject. Mail posted to the
                  inbound URL is taken as checked by the service that forwards it.
                </Trans>
              </Typography.Text>
            ),
          },
          ...(setup.inbound_url
            ? [
                {
                  key: 'inbound-url',
                  label: t`Inbound URL`,
                  children: (
                    <>
                      <CopyableText text={setup.inbound_url} label={t`Copy inbound URL`} />
                      <Typography.Text type="secondary">
                        <Trans>
                          For forwarding: a mail relay or forwarding rule posts the raw message
                          (MIME) here, with the secret in the{' '}
                          <Typography.Text code>{secretHeader}</Typography.Text> header or as{' '}
                          <Typography.Text code>{secretParameter}</Typography.Text> in the URL.
                        </Trans>
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
                  label: t`Inbound secret`,
                  children: (
                    <CopyableText text={setup.inbound_secret} label={t`Copy inbound secret`} />
                  ),
                },
              ]
            : []),
        ]}
      />
      <Descriptions
        title={t`Sending`}
        size="small"
        column={1}
        bordered
        style={{ marginTop: 16 }}
        items={[
          {
            key: 'server',
            label: t`Sending server`,
            children: smtp ? (
              <span dir="auto">{ownServer(smtp)}</span>
            ) : (
              t`${productName}’s mail server`
            ),
          },
          {
            key: 'signature',
            label: t`Signature`,
            children: setup.signature ? (
              <Typography.Paragraph dir="auto" style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>
                {setup.signature}
              </Typography.Paragraph>
            ) : (
              <Typography.Text type="secondary">
                <Trans>No signature</Trans>
              </Typography.Text>
            ),
          },
        ]}
      />
    </div>
  );
}
