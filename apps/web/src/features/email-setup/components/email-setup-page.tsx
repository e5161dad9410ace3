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
import {
  EMAIL_SETUP_ROUTES,
  EMAIL_SIGNATURE_MAX_LENGTH,
  FROM_NAME_MAX_LENGTH,
  type EmailSetup,
} from '@parley/contracts';
import { useAppSelector } from '../../../app/hooks';
import { PageHeader } from '../../../components/page-header';
import { StandaloneLink } from '../../../components/standalone-link';
import { asErrorPayload } from '../../../lib/api-error';
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
      toast.success(
        'Email setup saved',
        result.domain.verified
          ? `${result.domain.domain} is verified.`
          : `Publish the DNS records of ${result.domain.domain} to verify it.`,
      );
      onSaved(result.setup);
      close();
    } catch (failure) {
      setError(applyApiErrorToForm(form, failure, FIELDS, SENDING_SERVER_RENAME));
    }
  };

  return (
    <Modal
      title={editing ? `Edit ${editing.from_address}` : 'Add a sending address'}
      open={open}
      onCancel={close}
      okText={editing ? 'Save' : 'Add address'}
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
          label="From name"
          name="from_name"
          extra="The sender name customers see in their inbox."
          rules={[
            {
              required: true,
              whitespace: true,
              message: 'Give the name your customers see as the sender.',
            },
            {
              max: FROM_NAME_MAX_LENGTH,
              message: `Keep the sender name under ${FROM_NAME_MAX_LENGTH + 1} characters.`,
            },
          ]}
        >
          <Input autoFocus placeholder="Maya at Northwind" />
        </Form.Item>
        <Form.Item
          label="From address"
          name="from_address"
          rules={[
            {
              required: true,
              type: 'email',
              transform: (v: string) => v?.trim(),
              message: 'Enter an email address, like support@yourcompany.com.',
            },
          ]}
        >
          <Input placeholder="support@yourcompany.com" inputMode="email" />
        </Form.Item>
        <Typography.Text type="secondary">
          Sending domain:{' '}
          {domain ? (
            <Typography.Text strong data-testid="domain-preview">
              {domain}
            </Typography.Text>
          ) : (
            'shown once the address is complete'
          )}
        </Typography.Text>
        <Divider />
        <SendingServerFields form={form} passwordSaved={editing?.smtp?.password_set ?? false} />
        <Form.Item
          label="Signature"
          name="signature"
          extra="Added to the end of every reply sent from this address."
          rules={[
            {
              max: EMAIL_SIGNATURE_MAX_LENGTH,
              message: `Keep the signature under ${EMAIL_SIGNATURE_MAX_LENGTH + 1} characters.`,
            },
          ]}
        >
          <Input.TextArea
            autoSize={{ minRows: 3, maxRows: 8 }}
            placeholder={'Maya\nNorthwind Support'}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** A row's expand control: a real button, 24 px or more (antd's square is 17 px), naming whose details it shows. */
const expandButton: NonNullable<
  NonNullable<TableProps<EmailSetup>['expandable']>['expandIcon']
> = ({ expanded, onExpand, record }) => (
  <Button
    type="text"
    size="small"
    icon={expanded ? <MinusSquareOutlined /> : <PlusSquareOutlined />}
    aria-expanded={expanded}
    aria-label={`${expanded ? 'Hide' : 'Show'} details of ${record.from_address}`}
    onClick={(event) => onExpand(record, event)}
  />
);

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
    { title: 'From name', dataIndex: 'from_name' },
    { title: 'From address', dataIndex: 'from_address' },
    {
      title: 'Domain',
      key: 'domain',
      render: (_, setup) => (
        <span>
          {setup.domain}{' '}
          {setup.domain_verified ? (
            <Tag color="success">Verified</Tag>
          ) : (
            <Tag color="warning">Not verified</Tag>
          )}
        </span>
      ),
    },
    {
      title: '',
      key: 'actions',
      width: 200,
      render: (_, setup) => (
        <span>
          {!setup.domain_verified && (
            <StandaloneLink to={EMAIL_SETUP_ROUTES.dnsRecords} style={{ marginInlineEnd: 8 }}>
              DNS records
            </StandaloneLink>
          )}
          {canManage && (
            <Button
              size="small"
              type="link"
              aria-label={`Edit ${setup.from_address}`}
              onClick={() => setForm({ editing: setup })}
            >
              Edit
            </Button>
          )}
        </span>
      ),
    },
  ];

  return (
    <div style={{ maxWidth: 880 }}>
      <PageHeader
        title="Email setup"
        description="The name and address your replies are sent from. Mail is signed for the address's domain once its DNS records are published."
        extra={
          canManage && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setForm({ editing: null })}
            >
              Add address
            </Button>
          )
        }
      />
      {!canManage && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title="Only owners and admins can add or change sending addresses."
        />
      )}
      {error && (
        <Alert
          type="error"
          showIcon
          title={asErrorPayload(error)?.message ?? 'The email setup could not be loaded.'}
          action={
            <Button size="small" onClick={() => void refetch()}>
              Try again
            </Button>
          }
          style={{ marginBottom: 16 }}
        />
      )}
      {data?.dmarc_verification_required && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title="A sending domain is not verified yet."
          description={
            <span>
              Publish its SPF, DKIM and DMARC records, then verify them on the{' '}
              <Link to={EMAIL_SETUP_ROUTES.dnsRecords}>DNS records</Link> page.
            </span>
          }
        />
      )}
      <Card variant="borderless" styles={{ body: { padding: 0 } }}>
        <ScrollRegion label="Support addresses" minWidth={640}>
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
                  <div>No sending address yet.</div>
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
