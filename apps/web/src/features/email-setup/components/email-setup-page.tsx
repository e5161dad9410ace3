import { useState, type Key } from 'react';
import { Alert, Button, Card, Divider, Form, Input, Modal, Table, Tag, Typography } from 'antd';
import type { TableColumnsType, TableProps } from 'antd';
import {
  MailOutlined,
  MinusSquareOutlined,
  PlusOutlined,
  PlusSquareOutlined,
} from '@ant-design/icons';
import { Link } from 'react-router';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import {
  EMAIL_SETUP_ROUTES,
  EMAIL_SIGNATURE_MAX_LENGTH,
  FROM_NAME_MAX_LENGTH,
  type EmailSetup,
} from '@parley/contracts';
import { useAppSelector } from '../../../app/hooks';
import { PageHeader } from '../../../components/page-header';
import { StandaloneLink } from '../../../components/standalone-link';
import { applyApiErrorToForm } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import {
  useCreateEmailSetupMutation,
  useGetEmailSetupQuery,
  useUpdateEmailSetupMutation,
} from '../api/email-setup-api';
import { EmailChannelDetails } from './receiving-email';
import {
  SENDING_SERVER_FIELDS,
  SENDING_SERVER_RENAME,
  SendingServerFields,
  sendingServerInitialValues,
  smtpOfForm,
  type SendingServerValues,
} from './sending-server-fields';
import { ScrollRegion } from '../../../components/scroll-region';
import { LoadErrorAlert } from '../../../components/load-error-alert';

interface SetupForm extends SendingServerValues {
  from_name: string;
  from_address: string;
  signature: string;
}

const FIELDS = ['from_name', 'from_address', 'signature', ...SENDING_SERVER_FIELDS] as const;
const NO_SETUPS: EmailSetup[] = [];
const renderChannelDetails = (setup: EmailSetup) => <EmailChannelDetails setup={setup} />;

/** The domain part of what is typed so far, when it looks like an address. */
function domainPreview(address: string | undefined): string | null {
  const at = address?.trim().lastIndexOf('@') ?? -1;
  const domain =
    at >= 0
      ? address!
          .trim()
          .slice(at + 1)
          .toLowerCase()
      : '';
  return /^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(domain) ? domain : null;
}

/** Add a sending address, or change one's sender name and address. */
function EmailSetupModal({
  editing,
  open,
  onClose,
  onSaved,
}: {
  editing: EmailSetup | null;
  open: boolean;
  onClose: () => void;
  onSaved: (setup: EmailSetup) => void;
}) {
  const [form] = Form.useForm<SetupForm>();
  const address = Form.useWatch('from_address', form);
  const [create, creating] = useCreateEmailSetupMutation();
  const [update, updating] = useUpdateEmailSetupMutation();
  const [error, setError] = useState<string | null>(null);
  const domain = domainPreview(address);

  const close = () => {
    setError(null);
    form.resetFields();
    onClose();
  };

  const onFinish = async (values: SetupForm) => {
    setError(null);
    const signature = values.signature.trim();
    const body = {
      from_name: values.from_name.trim(),
      from_address: values.from_address.trim(),
      ...smtpOfForm(values, editing?.smtp ?? null),
      // Sent when there is something to say, so an untouched signature is not rewritten.
      ...(signature !== (editing?.signature ?? '') ? { signature } : {}),
    };
    try {
      const result = editing
        ? await update({ supportChannelId: editing.support_channel_id, ...body }).unwrap()
        : await create(body).unwrap();
      const domainName = result.domain.domain;
      toast.success(
        t`Email setup saved`,
        result.domain.verified
          ? t`${domainName} is verified.`
          : t`Publish the DNS records of ${domainName} to verify it.`,
      );
      onSaved(result.setup);
      close();
    } catch (failure) {
      setError(applyApiErrorToForm(form, failure, FIELDS, SENDING_SERVER_RENAME));
    }
  };

  const fromAddress = editing?.from_address ?? '';
  const fromNameLimit = FROM_NAME_MAX_LENGTH + 1;
  const signatureLimit = EMAIL_SIGNATURE_MAX_LENGTH + 1;

  return (
    <Modal
      title={editing ? t`Edit ${fromAddress}` : t`Add a sending address`}
      open={open}
      onCancel={close}
      okText={editing ? t`Save` : t`Add address`}
      onOk={() => form.submit()}
      confirmLoading={creating.isLoading || updating.isLoading}
      destroyOnHidden
    >
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      <Form
        form={form}
        name="email-setup"
        layout="vertical"
        requiredMark={false}
        initialValues={{
          from_name: editing?.from_name ?? '',
          from_address: editing?.from_address ?? '',
          signature: editing?.signature ?? '',
          ...sendingServerInitialValues(editing?.smtp ?? null),
        }}
        onFinish={onFinish}
      >
        <Form.Item
          label={t`From name`}
          name="from_name"
          extra={t`The sender name customers see in their inbox.`}
          rules={[
            {
              required: true,
              whitespace: true,
              message: t`Give the name your customers see as the sender.`,
            },
            {
              max: FROM_NAME_MAX_LENGTH,
              message: t`Keep the sender name under ${fromNameLimit} characters.`,
            },
          ]}
        >
          <Input autoFocus placeholder={t`Maya at Northwind`} />
        </Form.Item>
        <Form.Item
          label={t`From address`}
          name="from_address"
          rules={[
            {
              required: true,
              type: 'email',
              transform: (v: string) => v?.trim(),
              message: t`Enter an email address, like support@yourcompany.com.`,
            },
          ]}
        >
          <Input placeholder={t`support@yourcompany.com`} inputMode="email" />
        </Form.Item>
        <Typography.Text type="secondary">
          {domain ? (
            <Trans>
              Sending domain:{' '}
              <Typography.Text strong data-testid="domain-preview">
                {domain}
              </Typography.Text>
            </Trans>
          ) : (
            <Trans>Sending domain: shown once the address is complete</Trans>
          )}
        </Typography.Text>
        <Divider />
        <SendingServerFields form={form} passwordSaved={editing?.smtp?.password_set ?? false} />
        <Form.Item
          label={t`Signature`}
          name="signature"
          extra={t`Added to the end of every reply sent from this address.`}
          rules={[
            {
              max: EMAIL_SIGNATURE_MAX_LENGTH,
              message: t`Keep the signature under ${signatureLimit} characters.`,
            },
          ]}
        >
          <Input.TextArea
            autoSize={{ minRows: 3, maxRows: 8 }}
            placeholder={t`Maya
Northwind Support`}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** A row's expand control: a real button, 24 px or more (antd's square is 17 px), naming whose details it shows. */
const expandButton: NonNullable<
  NonNullable<TableProps<EmailSetup>['expandable']>['expandIcon']
> = ({ expanded, onExpand, record }) => {
  const address = record.from_address;
  return (
    <Button
      type="text"
      size="small"
      icon={expanded ? <MinusSquareOutlined /> : <PlusSquareOutlined />}
      aria-expanded={expanded}
      aria-label={expanded ? t`Hide details of ${address}` : t`Show details of ${address}`}
      onClick={(event) => onExpand(record, event)}
    />
  );
};

/** /settings/emailsetup: the names and addresses replies are sent from, with their domains. */
export function EmailSetupPage() {
  const { data, isLoading, error, refetch } = useGetEmailSetupQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  const setups = data?.setups ?? NO_SETUPS;
  const me = useAppSelector((state) => state.auth.me);
  const canManage = me ? me.permission_level !== 'agent' : true;
  const [form, setForm] = useState<{ editing: EmailSetup | null } | null>(null);
  const [expanded, setExpanded] = useState<readonly Key[]>([]);

  const columns: TableColumnsType<EmailSetup> = [
    {
      title: t`From name`,
      dataIndex: 'from_name',
      render: (name: string) => <span dir="auto">{name}</span>,
    },
    { title: t`From address`, dataIndex: 'from_address' },
    {
      title: t`Domain`,
      key: 'domain',
      render: (_, setup) => (
        <span>
          {setup.domain}{' '}
          {setup.domain_verified ? (
            <Tag color="success">
              <Trans>Verified</Trans>
            </Tag>
          ) : (
            <Tag color="warning">
              <Trans>Not verified</Trans>
            </Tag>
          )}
        </span>
      ),
    },
    {
      title: '',
      key: 'actions',
      width: 200,
      render: (_, setup) => {
        const fromAddress = setup.from_address;
        return (
          <span>
            {!setup.domain_verified && (
              <StandaloneLink to={EMAIL_SETUP_ROUTES.dnsRecords} style={{ marginInlineEnd: 8 }}>
                <Trans>DNS records</Trans>
              </StandaloneLink>
            )}
            {canManage && (
              <Button
                size="small"
                type="link"
                aria-label={t`Edit ${fromAddress}`}
                onClick={() => setForm({ editing: setup })}
              >
                <Trans>Edit</Trans>
              </Button>
            )}
          </span>
        );
      },
    },
  ];

  return (
    <div style={{ maxWidth: 880 }}>
      <PageHeader
        title={t`Email setup`}
        description={t`The name and address your replies are sent from. Mail is signed for the address's domain once its DNS records are published.`}
        extra={
          canManage && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setForm({ editing: null })}
            >
              <Trans>Add address</Trans>
            </Button>
          )
        }
      />
      {!canManage && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={t`Only owners and admins can add or change sending addresses.`}
        />
      )}
      {error && (
        <LoadErrorAlert
          error={error}
          fallback={t`The email setup could not be loaded.`}
          onRetry={refetch}
        />
      )}
      {data?.dmarc_verification_required && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={t`A sending domain is not verified yet.`}
          description={
            <span>
              <Trans>
                Publish its SPF, DKIM and DMARC records, then verify them on the{' '}
                <Link to={EMAIL_SETUP_ROUTES.dnsRecords}>DNS records</Link> page.
              </Trans>
            </span>
          }
        />
      )}
      <Card variant="borderless" styles={{ body: { padding: 0 } }}>
        <ScrollRegion label={t`Support addresses`} minWidth={640}>
          <Table<EmailSetup>
            rowKey="support_channel_id"
            columns={columns}
            dataSource={setups}
            loading={isLoading}
            pagination={false}
            expandable={{
              expandedRowKeys: expanded,
              onExpandedRowsChange: setExpanded,
              expandedRowRender: renderChannelDetails,
              expandIcon: expandButton,
            }}
            locale={{
              emptyText: (
                <div style={{ padding: 24 }}>
                  <MailOutlined style={{ fontSize: 24 }} />
                  <div>
                    <Trans>No sending address yet.</Trans>
                  </div>
                </div>
              ),
            }}
          />
        </ScrollRegion>
      </Card>
      <EmailSetupModal
        key={form?.editing?.support_channel_id ?? 'new'}
        editing={form?.editing ?? null}
        open={form !== null}
        onClose={() => setForm(null)}
        // A new address opens on where its mail comes in.
        onSaved={(setup) =>
          setExpanded((keys) =>
            keys.includes(setup.support_channel_id) ? keys : [...keys, setup.support_channel_id],
          )
        }
      />
    </div>
  );
}
