import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Alert, Avatar, Button, Card, Col, Flex, List, Row, Tag, Typography } from 'antd';
import { ArrowLeftOutlined, MergeCellsOutlined, UserOutlined } from '@ant-design/icons';
import { t } from '@lingui/core/macro';
import type { ContactConversation, ContactDetail, ContactIdentity } from '@parley/contracts';
import { PageSpin } from '../../../components/page-spin';
import { asErrorPayload } from '../../../lib/api-error';
import { formatDateTime, formatRelative } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { channelLabel, conversationTitle, STATUS_COLORS, statusLabel } from '../../conversation';
import { useGetContactQuery, useUpdateContactMutation } from '../api/contacts-api';
import { contactName, conversationLink } from '../contact-labels';
import { AttributesEditor } from './attributes-editor';
import { MergeContactModal } from './merge-contact-modal';
import { ProfileCard } from './profile-card';

function IdentityItem({ identity }: { identity: ContactIdentity }) {
  const channel = identity.channel_type ? channelLabel(identity.channel_type) : null;
  return (
    <List.Item>
      <Flex vertical gap={2} style={{ minWidth: 0 }}>
        <Typography.Text copyable dir="auto" style={{ overflowWrap: 'anywhere' }}>
          {identity.value}
        </Typography.Text>
        <Typography.Text type="secondary">
          {[channel, identity.channel_name].filter(Boolean).join(' · ') || identity.kind}
        </Typography.Text>
      </Flex>
    </List.Item>
  );
}

function ConversationItem({
  conversation,
  name,
}: {
  conversation: ContactConversation;
  name: string;
}) {
  const title = conversationTitle(conversation, name);
  const id = conversation.id;
  return (
    <List.Item>
      <Flex vertical gap={4} style={{ minWidth: 0, width: '100%' }}>
        <Link to={conversationLink(id)} dir="auto" style={{ overflowWrap: 'anywhere' }}>
          {title}
        </Link>
        <Flex gap={8} wrap align="center">
          <Tag color={STATUS_COLORS[conversation.status]} style={{ marginInlineEnd: 0 }}>
            {statusLabel(conversation.status)}
          </Tag>
          <Typography.Text type="secondary">
            {channelLabel(conversation.channel_type)} · {`#${id}`} ·{' '}
            <time
              dateTime={conversation.last_message_at}
              title={formatDateTime(conversation.last_message_at)}
            >
              {formatRelative(conversation.last_message_at)}
            </time>
          </Typography.Text>
        </Flex>
      </Flex>
    </List.Item>
  );
}

function ContactView({ contact }: { contact: ContactDetail }) {
  const [merging, setMerging] = useState(false);
  const [update, { isLoading: savingAttributes }] = useUpdateContactMutation();
  const name = contactName(contact);

  const saveAttributes = async (attributes: Record<string, string>) => {
    try {
      await update({ id: contact.id, edit: { attributes } }).unwrap();
      toast.success(t`Attributes saved`);
      return null;
    } catch (error) {
      return asErrorPayload(error)?.message ?? t`The attributes could not be saved.`;
    }
  };

  return (
    <>
      <Flex align="center" justify="space-between" gap={12} wrap style={{ marginBottom: 16 }}>
        <Flex align="center" gap={12} style={{ minWidth: 0, flex: '1 1 240px' }}>
          <Avatar size={48} src={contact.avatar ?? undefined} icon={<UserOutlined />} />
          <Typography.Title
            level={3}
            dir="auto"
            style={{ margin: 0, overflowWrap: 'anywhere', minWidth: 0 }}
          >
            {name}
          </Typography.Title>
        </Flex>
        <Button icon={<MergeCellsOutlined />} onClick={() => setMerging(true)}>
          {t`Merge into…`}
        </Button>
      </Flex>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={10}>
          <Flex vertical gap={16}>
            <ProfileCard contact={contact} />
            <Card title={t`Custom attributes`}>
              <AttributesEditor
                attributes={contact.attributes}
                saving={savingAttributes}
                onSave={saveAttributes}
              />
            </Card>
            <Card title={t`Channel identities`} styles={{ body: { paddingBlock: 0 } }}>
              <List<ContactIdentity>
                dataSource={contact.identities}
                rowKey="id"
                locale={{ emptyText: t`Not known on any channel yet.` }}
                renderItem={(identity) => <IdentityItem identity={identity} />}
              />
            </Card>
          </Flex>
        </Col>
        <Col xs={24} lg={14}>
          <Card title={t`Conversations`} styles={{ body: { paddingBlock: 0 } }}>
            <List<ContactConversation>
              dataSource={contact.conversations}
              rowKey="id"
              locale={{ emptyText: t`No conversations yet.` }}
              renderItem={(conversation) => (
                <ConversationItem conversation={conversation} name={name} />
              )}
            />
          </Card>
        </Col>
      </Row>
      <MergeContactModal contact={contact} open={merging} onClose={() => setMerging(false)} />
    </>
  );
}

/** A contact (/contacts/:contactId): profile, attributes, identities, conversations, merge. */
export function ContactPage() {
  const { contactId } = useParams();
  const id = Number(contactId);
  const valid = Number.isSafeInteger(id) && id > 0;
  const { data, error, isLoading, refetch } = useGetContactQuery(id, { skip: !valid });

  let body;
  if (!valid || (error && 'status' in error && error.status === 404))
    body = (
      <Alert
        type="warning"
        showIcon
        title={t`This contact does not exist, or was merged into another one.`}
      />
    );
  else if (error)
    body = (
      <Alert
        type="error"
        showIcon
        title={'message' in error ? error.message : t`The contact could not be loaded.`}
        action={
          <Button size="small" onClick={() => void refetch()}>
            {t`Try again`}
          </Button>
        }
      />
    );
  else if (isLoading || !data) body = <PageSpin />;
  else body = <ContactView contact={data} />;

  return (
    <div style={{ maxWidth: 1200, margin: '0 auto', padding: 'clamp(12px, 3vw, 24px)' }}>
      <Link to="/contacts" style={{ display: 'inline-flex', gap: 6, marginBottom: 12 }}>
        <ArrowLeftOutlined />
        {t`All contacts`}
      </Link>
      {body}
    </div>
  );
}
